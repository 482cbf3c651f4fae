/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy in the shape of the post-6.13 word loop as written
 * without the kernel's helpers: each word is loaded and stored with a
 * fixed-size memcpy (no alignment assumed, no pointer cast), put in
 * little-endian order so that one bit trick serves both byte orders, tested
 * with has_zero, and its first zero byte found from the mask.  The word that
 * holds the NUL is read past it, as the read rule allows: a default check-impl
 * run (its MSan pass included) must find nothing.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_memcpy_words(char *dest, const char *src, size_t count);

#define WORD sizeof(uint64_t)
#define ONES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
/* The smallest page of the CPUs this runs on: a misaligned word stays inside one. */
#define MIN_PAGE 4096

/* Memory order to little-endian order and back: the same swap. */
static uint64_t little_endian(uint64_t word)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap64(word);
#else
	return word;
#endif
}

ssize_t strscpy_memcpy_words(char *dest, const char *src, size_t count)
{
	size_t limit, res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	limit = count - 1; /* bytes that may be copied before the terminator */
	if ((uintptr_t)src % WORD) {
		size_t to_page_end = MIN_PAGE - (uintptr_t)src % MIN_PAGE;

		if (to_page_end < limit)
			limit = to_page_end;
	}
	for (; res + WORD <= limit; res += WORD) {
		uint64_t word, zeros;

		memcpy(&word, src + res, WORD);
		word = little_endian(word);
		/* In little-endian order the lowest hit is the first zero byte, exactly. */
		zeros = (word - ONES) & ~word & HIGHS;
		if (zeros) {
			size_t at = (size_t)__builtin_ctzll(zeros) / 8;

			word = little_endian(at ? word & (~0ull >> (8 * (WORD - at))) : 0);
			memcpy(dest + res, &word, WORD);
			return (ssize_t)(res + at);
		}
		word = little_endian(word);
		memcpy(dest + res, &word, WORD);
	}
	for (; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
