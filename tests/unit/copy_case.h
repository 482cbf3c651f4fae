/* SPDX-License-Identifier: MIT */
/*
 * One strscpy() case, run through strscpy and strscpy_pad of one
 * implementation in every src and dest layout, each result checked against
 * the contract of README.md: computed here from the case, never by calling
 * the reference (the reference is under test too).
 */
#ifndef UNIT_COPY_CASE_H
#define UNIT_COPY_CASE_H

#include <stddef.h>
#include <stdint.h>

#include "impl.h"

struct copy_case {
	const uint8_t *str;     /* the string: len bytes, none of them NUL */
	size_t len;
	const uint8_t *after;   /* what follows its NUL in src, repeated as far as src goes */
	size_t after_len;       /* at least 1 */
	size_t count;
	size_t src_skew;        /* src's offset in its heap block; its slack before the guard page */
	size_t dest_skew;       /* dest's offset after its start sentinel */
};

void check_copy(const struct impl *impl, const struct copy_case *c);

#endif
