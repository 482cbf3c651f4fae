/* SPDX-License-Identifier: MIT */
/*
 * A strscpy that finds its page end by stepping a whole word at a time from
 * src: from an unaligned src the steps never land on the page boundary, and the
 * loop spins for ever without touching memory.  No load or store counter can
 * see it: the per-case time limit must (class timeout).  The copy is right.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

ssize_t strscpy_spins_unaligned(char *dest, const char *src, size_t count);

ssize_t strscpy_spins_unaligned(char *dest, const char *src, size_t count)
{
	/* volatile: a loop without side effects may be assumed to end, and be deleted. */
	volatile uintptr_t page_end;
	size_t res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (page_end = (uintptr_t)src; page_end % 4096 != 0; page_end += sizeof(unsigned long))
		;
	for (res = 0; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
