/* SPDX-License-Identifier: MIT */
/*
 * A word loop that forgets to advance: it reloads the first word, spending
 * its count budget one byte at a time, then the byte loop does the copy.  The
 * result is right; the work is O(count) instead of O(strlen), seconds for a
 * count near INT_MAX.  The memory-access trace's work budget must report it as
 * excess-work (check-impl.no-advance expects that class).
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "word_at_a_time.h"

#define ONES (~0UL / 0xff)
/* A lower bound of the page size: a word that starts this far from a page end stays in it. */
#define PAGE 4096

ssize_t strscpy_no_advance(char *dest, const char *src, size_t count);

ssize_t strscpy_no_advance(char *dest, const char *src, size_t count)
{
	size_t budget, res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	if (PAGE - (uintptr_t)src % PAGE < sizeof(unsigned long))
		budget = 0;
	else
		budget = count;
	for (; budget >= sizeof(unsigned long); budget--) {
		unsigned long word = read_word_at_a_time(src);

		if ((word - ONES) & ~word & (ONES << 7))
			break;
	}
	for (res = 0; res + 1 < count; res++) {
		dest[res] = src[res];
		if (src[res] == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
