/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy that zero-fills dest after the NUL up to count, as
 * strncpy does.  The contract allows zeros after the terminator, so the
 * harness must find nothing here, yet it writes all of dest[0..count): 2 GiB
 * for a count of INT_MAX, which the harness must own.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_zero_fill_rest(char *dest, const char *src, size_t count);

ssize_t strscpy_zero_fill_rest(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	/* Each src byte loaded once: a src that changes under us gets no second look. */
	for (len = 0; len + 1 < count; len++) {
		char c = src[len];

		dest[len] = c;
		if (c == '\0') {
			memset(dest + len + 1, 0, count - len - 1);
			return (ssize_t)len;
		}
	}
	dest[len] = '\0';
	return src[len] ? -E2BIG : (ssize_t)len;
}
