/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy that clears all of dest[0..count) with memset first,
 * then copies the string over it.  Legal (bytes after the terminator may be
 * zero), and it writes every byte of dest: the harness must own them all, and
 * the sanitizer's memset interceptor must find them owned.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_memset_then_copy(char *dest, const char *src, size_t count);

ssize_t strscpy_memset_then_copy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	memset(dest, 0, count);
	/* Each src byte loaded once: a src that changes under us gets no second look. */
	for (len = 0; len + 1 < count; len++) {
		char c = src[len];

		if (c == '\0')
			return (ssize_t)len;
		dest[len] = c;
	}
	return src[len] ? -E2BIG : (ssize_t)len;
}
