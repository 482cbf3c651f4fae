/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy built from the C library: strnlen, then memcpy and a
 * terminator.  Under the memory-access trace each C library call is checked
 * as one range (fuzz/traced_libc.c): strnlen reads the string and its NUL,
 * memcpy the string, both within what the contract allows; what it copies and
 * returns must match.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_strnlen_memcpy(char *dest, const char *src, size_t count);

ssize_t strscpy_strnlen_memcpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}
