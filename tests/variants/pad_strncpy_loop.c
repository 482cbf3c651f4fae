/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy_pad built on the loop of Linux's lib/string.c strncpy
 * (rewritten here): every byte of dest up to count - 1 is loaded from where
 * src stopped, so each pad byte loads the NUL at src[len] again.  Legal: the
 * contract makes a padding function write all of count, and the work budget
 * must count those bytes (variant.pad_strncpy_loop).
 */
#include <errno.h>
#include <limits.h>
#include <sys/types.h>

ssize_t strscpy_pad_strncpy_loop(char *dest, const char *src, size_t count);

ssize_t strscpy_pad_strncpy_loop(char *dest, const char *src, size_t count)
{
	const char *s = src;
	char *d = dest;
	size_t left;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (left = count - 1; left; left--) {
		char c = *s;

		*d++ = c;
		if (c)
			s++;
	}
	*d = '\0';
	return *s ? -E2BIG : (ssize_t)(s - src);
}
