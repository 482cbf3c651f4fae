/* SPDX-License-Identifier: MIT */
/*
 * The kernel's word-at-a-time API, for kernel string code checked as it is
 * written:
 *
 *     const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
 *     unsigned long word = read_word_at_a_time(src), bits;
 *     if (has_zero(word, &bits, &constants)) {
 *             bits = prep_zero_mask(word, bits, &constants);
 *             mask = create_zero_mask(bits);
 *             find_zero(mask), word & zero_bytemask(mask) ...
 *     }
 *
 * Every helper is the project's own (src/word_at_a_time.h, both byte orders,
 * 32- and 64-bit words); read_word_at_a_time() is its checked load, the one
 * access exempt from ASan and MSan.  Only the kernel's arities are added: its
 * constants are fixed, so the helpers need not read them.  A file includes
 * this header or "word_at_a_time.h", not both: has_zero cannot have two arities.
 */
#ifndef STRSCPY_KCOMPAT_ASM_WORD_AT_A_TIME_H
#define STRSCPY_KCOMPAT_ASM_WORD_AT_A_TIME_H

#include <asm/byteorder.h>
#include <linux/wordpart.h>

/* Renamed on the way in: the kernel's names with three arguments are defined below. */
#define has_zero project_has_zero
#define prep_zero_mask project_prep_zero_mask
#include "word_at_a_time.h"
#undef has_zero
#undef prep_zero_mask

struct word_at_a_time {
	const unsigned long one_bits, high_bits;
};

#define WORD_AT_A_TIME_CONSTANTS { REPEAT_BYTE(0x01), REPEAT_BYTE(0x80) }

static inline unsigned long has_zero(unsigned long a, unsigned long *bits,
				     const struct word_at_a_time *c)
{
	(void)c;
	project_has_zero(a, bits);
	return *bits;
}

static inline unsigned long prep_zero_mask(unsigned long a, unsigned long bits,
					   const struct word_at_a_time *c)
{
	(void)c;
	return project_prep_zero_mask(a, bits);
}

#endif
