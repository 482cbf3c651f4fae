/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy in the shape of the kernel's pre-6.13 word loop, as
 * many private copies of it are written: words loaded and stored through
 * plain pointer casts (no read_word_at_a_time(), nothing that hides the load
 * from a sanitizer), the has_zero bit trick, and the zero byte found from the
 * mask.  The word that holds the NUL is read past it, as the read rule allows:
 * a default check-impl run (its MSan pass included) must find nothing.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

ssize_t strscpy_pointer_words(char *dest, const char *src, size_t count);

#define ONES (~0UL / 0xff)
#define HIGHS (ONES * 0x80)
#define WORD sizeof(unsigned long)

/* Exactly the zero bytes of a, as 0x80 in each: no false hit next to a zero. */
static unsigned long zero_bytes(unsigned long a)
{
	return ~(((a & ~HIGHS) + ~HIGHS) | a | ~HIGHS);
}

/* The index in memory of a's first zero byte, given its zero_bytes(). */
static size_t first_zero(unsigned long zeros)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return (size_t)__builtin_clzl(zeros) / 8;
#else
	return (size_t)__builtin_ctzl(zeros) / 8;
#endif
}

/* The bytes of a word before the one at index in memory, others cleared. */
static unsigned long bytes_before(size_t index)
{
	if (index == 0)
		return 0;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return ~0UL << (8 * (WORD - index));
#else
	return ~0UL >> (8 * (WORD - index));
#endif
}

ssize_t strscpy_pointer_words(char *dest, const char *src, size_t count)
{
	size_t max = count, res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	/* A misaligned word may cross into a page the string does not reach. */
	if ((uintptr_t)src % WORD) {
		size_t page = (size_t)sysconf(_SC_PAGESIZE);
		size_t to_page_end = page - (uintptr_t)src % page;

		if (to_page_end < max)
			max = to_page_end;
	}
	for (; max >= WORD; max -= WORD) {
		unsigned long word = *(const unsigned long *)(src + res);

		/* The has_zero trick: a hit says some byte is zero, never which. */
		if ((word - ONES) & ~word & HIGHS) {
			size_t at = first_zero(zero_bytes(word));

			*(unsigned long *)(dest + res) = word & bytes_before(at);
			return (ssize_t)(res + at);
		}
		count -= WORD;
		if (count == 0) {
			*(unsigned long *)(dest + res) = word & bytes_before(WORD - 1);
			return -E2BIG;
		}
		*(unsigned long *)(dest + res) = word;
		res += WORD;
	}
	for (; count > 1; count--, res++) {
		char c = src[res];

		dest[res] = c;
		if (!c)
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
