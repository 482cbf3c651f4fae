/* SPDX-License-Identifier: MIT */
/*
 * strscpy() with SSE2, for x86-64 (STRSCPY_MODE=sse2): the NUL is looked for
 * 16 bytes at a time in aligned blocks of src, and each block found free of it
 * is stored to dest whole.  The two ends, up to 16 bytes each, are copied with
 * exact-length overlapping loads and stores, so nothing outside dest[0..count)
 * is written.
 */
#include <emmintrin.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "strscpy.h"
#include "word_at_a_time.h" /* LOADS_PAST_NUL */

#define BLOCK 16

/*
 * The aligned block at p.  It may hold bytes before src and after the NUL or
 * src[count - 1] that the caller does not own (heap redzones, uninitialised
 * tails): an aligned block never crosses a page, so loading it cannot fault
 * when one of its bytes is the string's, and those bytes are never stored or
 * acted on.  This is the one place that is exempt.
 */
static inline LOADS_PAST_NUL __m128i load_block(const char *p)
{
	return _mm_load_si128((const __m128i *)p);
}

/* A bit per byte of block, set where the byte is 0. */
static inline unsigned zero_lanes(__m128i block)
{
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(block, _mm_setzero_si128()));
}

/* Stores the block at src + res to dest + res unless it holds a NUL; returns its NUL lanes. */
static inline unsigned store_unless_nul(char *dest, const char *src, size_t res)
{
	__m128i block = load_block(src + res);
	unsigned nul = zero_lanes(block);

	if (!nul)
		_mm_storeu_si128((__m128i *)(dest + res), block);
	return nul;
}

/* n <= 16 bytes, as two loads and two stores that may overlap: none outside [0, n). */
static void copy_short(char *dest, const char *src, size_t n)
{
	uint64_t a8, b8;
	uint32_t a4, b4;
	uint16_t a2, b2;

	if (n >= 8) {
		memcpy(&a8, src, 8);
		memcpy(&b8, src + n - 8, 8);
		memcpy(dest, &a8, 8);
		memcpy(dest + n - 8, &b8, 8);
	} else if (n >= 4) {
		memcpy(&a4, src, 4);
		memcpy(&b4, src + n - 4, 4);
		memcpy(dest, &a4, 4);
		memcpy(dest + n - 4, &b4, 4);
	} else if (n >= 2) {
		memcpy(&a2, src, 2);
		memcpy(&b2, src + n - 2, 2);
		memcpy(dest, &a2, 2);
		memcpy(dest + n - 2, &b2, 2);
	} else if (n) {
		*dest = *src;
	}
}

/* 16 bytes, unaligned, when all of them are the string's. */
static inline void copy_block(char *dest, const char *src)
{
	_mm_storeu_si128((__m128i *)dest, _mm_loadu_si128((const __m128i *)src));
}

/*
 * dest[0..end), when the blocks stored already hold all of it but the first
 * and the last 16 bytes.  The head lies wholly before the terminator, so it
 * takes no NUL away from dest, whichever of the two stores comes first.
 */
static void copy_ends(char *dest, const char *src, size_t end)
{
	if (end <= BLOCK) {
		copy_short(dest, src, end);
		return;
	}
	copy_block(dest + end - BLOCK, src + end - BLOCK);
	copy_block(dest, src);
}

/*
 * Stores the aligned blocks from src + res on, each loaded only once the
 * string reaches it, while it holds no NUL and lies before src[count - 1];
 * returns where the NUL is, or count if none is found: count or more, no fit.
 */
static size_t copy_blocks(char *dest, const char *src, size_t res, size_t count)
{
	__m128i block = load_block(src + res);
	unsigned nul = zero_lanes(block);
	size_t i;

	/* The block a string a little longer than the first one ends in: tested before any loop. */
	if (!nul && res + BLOCK < count) {
		_mm_storeu_si128((__m128i *)(dest + res), block);
		res += BLOCK;
		/* While four blocks lie before src[count - 1], only the NUL is checked for. */
		while (!nul && res + 4 * BLOCK < count)
			for (i = 0; i < 4 && !(nul = store_unless_nul(dest, src, res)); i++)
				res += BLOCK;
		while (!nul && res + BLOCK < count)
			if (!(nul = store_unless_nul(dest, src, res)))
				res += BLOCK;
		if (!nul)
			nul = zero_lanes(load_block(src + res));
	}
	/* The NUL or src[count - 1] lies in the block at src + res. */
	return nul ? res + (size_t)__builtin_ctz(nul) : count;
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t skew = (uintptr_t)src % BLOCK, len, end;
	unsigned nul;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;

	/* The lanes before src are shifted out. */
	nul = zero_lanes(load_block(src - skew)) >> skew;
	len = nul ? (size_t)__builtin_ctz(nul) : count;
	if (len < count) {
		/* The common case, a short string: all of it in the first block. */
		copy_short(dest, src, len + 1);
		return (ssize_t)len;
	}
	/* src + BLOCK - skew is aligned. */
	if (!nul && BLOCK - skew < count)
		len = copy_blocks(dest, src, BLOCK - skew, count);

	end = len < count ? len + 1 : count - 1;
	copy_ends(dest, src, end);
	if (len < count)
		return (ssize_t)len;
	dest[count - 1] = '\0';
	return -E2BIG;
}
