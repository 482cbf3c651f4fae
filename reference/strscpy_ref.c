/* SPDX-License-Identifier: MIT */
/*
 * The contract, as Linux defines it since 4.3 (and since 5.x for count > INT_MAX):
 *
 * strscpy(dest, src, count)
 *   - count == 0 or count > INT_MAX: return -E2BIG, write nothing, read nothing.
 *   - strlen(src) < count: copy the string and its NUL, return strlen(src).
 *   - otherwise: copy count - 1 bytes, dest[count - 1] = '\0', return -E2BIG.
 *   - write nothing outside dest[0..count); past the terminator, leave dest
 *     alone or write zeros, never anything else (a src byte there is a leak).
 *   - read nothing past src[count - 1] or past the NUL.  (A word-at-a-time
 *     version may finish the word that holds the NUL, within its page.)
 *
 * strscpy_pad(dest, src, count): strscpy(), then when src fit, zero
 * dest[len + 1 .. count).
 *
 * This file is the specification: one byte at a time (the padding is one
 * memset), nothing clever.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "strscpy_ref.h"

ssize_t ref_strscpy(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i < count; i++) {
		dest[i] = src[i];
		if (src[i] == '\0')
			return (ssize_t)i;
	}
	dest[count - 1] = '\0';
	return -E2BIG;
}

ssize_t ref_strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t len = ref_strscpy(dest, src, count);

	/*
	 * A fill, so written as one: a byte loop here, over kilobytes of padding
	 * with every store counted for coverage, was most of the pad fuzz
	 * target's time.
	 */
	if (len >= 0) {
		size_t first = (size_t)len + 1;

		memset(dest + first, 0, count - first);
	}
	return len;
}
