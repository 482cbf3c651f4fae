/* SPDX-License-Identifier: MIT */
/*
 * One conversion case: the buffers both call sites get.  src is an object of src_size bytes
 * holding a string of len bytes and its NUL, or, unterminated (len == src_size), no NUL at all;
 * what follows the object in memory is CASE_BEYOND more bytes, non-zero but for the last, so a
 * site that reads past the object reads on to a NUL.  dest is dest_size bytes, each holding
 * prior before the call.
 */
#ifndef CONVERSION_CASE_H
#define CONVERSION_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CASE_SIZE_MAX 4096
#define CASE_BEYOND 32
#define CASE_PRIOR 0xa5

struct conversion_case {
	size_t dest_size;
	size_t src_size;
	size_t len;
	uint8_t prior;
	uint8_t src[CASE_SIZE_MAX + CASE_BEYOND];
};

/*
 * Lay out c->src from its sizes and len: the string's bytes from content (zeros made
 * non-zero; missing bytes from a fixed pattern), its NUL, then junk up to the final NUL.
 */
void case_fill(struct conversion_case *c, const uint8_t *content, size_t content_size);

/* The bytes of src that are readable: the object and what follows it. */
size_t case_readable(const struct conversion_case *c);

bool case_unterminated(const struct conversion_case *c);

/* a is the smaller example: fewer bytes in all, then the shorter string. */
bool case_smaller(const struct conversion_case *a, const struct conversion_case *b);

void case_print(FILE *out, const struct conversion_case *c);

#endif
