/* SPDX-License-Identifier: MIT */
/*
 * The fixed-width field functions' inputs (corpus "sized"): a case, then
 * FIELD_TAIL_SIZE bytes read backwards from the end (so every byte string is
 * still valid): src's width as a class and a raw byte, then the pad byte.
 * memtostr and strtomem take the width (src_size), strtomem_pad the pad byte.
 */
#ifndef FUZZ_FIELD_H
#define FUZZ_FIELD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum field_size_class {
	FIELD_NEAR_LENGTH, /* strlen - 2 .. strlen + 2: cut short, exactly the string, NUL-ended, room */
	FIELD_SMALL,       /* 0 .. 63, whatever the string */
	FIELD_UNKNOWN,     /* SIZE_MAX: the kernel's object size when it cannot tell */
	FIELD_SIZE_CLASSES
};

struct field_params {
	uint8_t size_class;
	uint8_t size_raw;
	uint8_t pad;
};

#define FIELD_TAIL_SIZE 3

/* Split data into the case part (its size is returned) and the field's parameters. */
size_t field_decode(const uint8_t *data, size_t size, struct field_params *f);

/* The field's input tail, for the encoders (sweep, seeds). */
void field_encode(const struct field_params *f, uint8_t out[FIELD_TAIL_SIZE]);

/* src's width for a string of len bytes. */
size_t field_src_size(const struct field_params *f, size_t len);

const char *field_size_class_name(uint8_t size_class);

#endif
