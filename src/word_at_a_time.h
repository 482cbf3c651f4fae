/* SPDX-License-Identifier: MIT */
/*
 * Word-at-a-time helpers: find the first NUL byte of a machine word without
 * looking at its bytes one by one.
 *
 * Every helper has a little-endian and a big-endian form, and works for 32- and
 * 64-bit words because all constants are built from ~0UL.  The contract of the
 * chain is the same on both byte orders:
 *
 *     unsigned long bits;
 *     if (has_zero(word, &bits)) {
 *             bits = prep_zero_mask(word, bits);
 *             unsigned long mask = create_zero_mask(bits);
 *             index = find_zero(mask);          first NUL, in memory order
 *             word & zero_bytemask(mask);       keeps the bytes before it
 *     }
 */
#ifndef STRSCPY_WORD_AT_A_TIME_H
#define STRSCPY_WORD_AT_A_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#define WORD_SIZE sizeof(unsigned long)
#define WORD_ONES (~0UL / 0xff)          /* 0x0101...01 */
#define WORD_HIGHS (WORD_ONES * 0x80)    /* 0x8080...80 */
#define WORD_LOWS (WORD_ONES * 0x7f)     /* 0x7f7f...7f */

#if defined(__clang__)
/* The borrow of "word - 0x0101..01" is the point of the test, not a bug. */
#define WRAPS_ON_PURPOSE __attribute__((no_sanitize("unsigned-integer-overflow")))
/*
 * A word load may cover bytes after the NUL that the caller does not own
 * (heap redzones, uninitialised tails).  The load never crosses into a page the
 * string does not reach, so it cannot fault; its extra bytes are masked off
 * before anything depends on them.  This is the one place that is exempt.
 */
#define LOADS_PAST_NUL __attribute__((no_sanitize("address", "hwaddress", "memory")))
#else
#define WRAPS_ON_PURPOSE
#define LOADS_PAST_NUL __attribute__((no_sanitize_address))
#endif

/*
 * STRSCPY_ALIGNED_WORDS: the includer promises aligned words (it is built for
 * CPUs without efficient unaligned access).  The accesses are then typed, so
 * that -fsanitize=alignment stops a misaligned one as such a CPU would trap.
 */
#ifdef STRSCPY_ALIGNED_WORDS
typedef unsigned long __attribute__((may_alias)) aligned_word;
#endif

static inline LOADS_PAST_NUL unsigned long read_word_at_a_time(const void *addr)
{
	unsigned long word;

#ifdef STRSCPY_ALIGNED_WORDS
	word = *(const aligned_word *)addr;
#else
	/* memcpy: an unaligned word load without undefined behaviour. */
	memcpy(&word, addr, WORD_SIZE);
#endif
	return word;
}

static inline void write_word(void *addr, unsigned long word)
{
#ifdef STRSCPY_ALIGNED_WORDS
	*(aligned_word *)addr = word;
#else
	memcpy(addr, &word, WORD_SIZE);
#endif
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__

/*
 * Big-endian: the first byte in memory is the most significant, and a borrow
 * runs towards it, so the cheap subtract test could flag a 0x01 that precedes
 * the NUL.  Use the carry-free form instead: exact for every byte.
 */
static inline bool has_zero(unsigned long word, unsigned long *bits)
{
	*bits = ~(((word & WORD_LOWS) + WORD_LOWS) | word | WORD_LOWS);
	return *bits != 0;
}

static inline unsigned long prep_zero_mask(unsigned long word, unsigned long bits)
{
	(void)word;
	return bits;
}

/* The first NUL is the most significant flagged byte: keep the flags as they are. */
static inline unsigned long create_zero_mask(unsigned long bits)
{
	return bits;
}

static inline size_t find_zero(unsigned long mask)
{
	return (size_t)__builtin_clzl(mask) / 8;
}

/* clzl(mask) is 8 * index, always below the word width, so the shift is defined. */
static inline unsigned long zero_bytemask(unsigned long mask)
{
	return ~(~0UL >> __builtin_clzl(mask));
}

/* The last byte in memory is the least significant one. */
static inline unsigned long clear_last_byte(unsigned long word)
{
	return word & ~0xffUL;
}

#else

/*
 * Little-endian: the borrow runs away from the first NUL, so the lowest flag
 * is exact; flags above it (a 0x01 after the NUL) do not matter.
 */
static inline WRAPS_ON_PURPOSE bool has_zero(unsigned long word, unsigned long *bits)
{
	*bits = (word - WORD_ONES) & ~word & WORD_HIGHS;
	return *bits != 0;
}

static inline unsigned long prep_zero_mask(unsigned long word, unsigned long bits)
{
	(void)word;
	return bits;
}

/* Every bit below the lowest flag: the bytes before the NUL and 7 bits of it. */
static inline unsigned long create_zero_mask(unsigned long bits)
{
	return (bits - 1) & ~bits;
}

static inline size_t find_zero(unsigned long mask)
{
	return (size_t)__builtin_popcountl(mask) / 8;
}

/* The NUL's own 7 bits are zero in the word, so the mask can be used as is. */
static inline unsigned long zero_bytemask(unsigned long mask)
{
	return mask;
}

/* The last byte in memory is the most significant one. */
static inline unsigned long clear_last_byte(unsigned long word)
{
	return word & (~0UL >> 8);
}

#endif

#endif
