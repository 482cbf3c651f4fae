/* SPDX-License-Identifier: MIT */
/*
 * A strscpy_pad that measures src, then copies it, then pads the rest: right while src
 * holds still, but each byte is loaded twice, so a src that changes between the two
 * reads makes the length it returns stale (double-fetch, the race check).
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_pad_double_fetch(char *dest, const char *src, size_t count);

ssize_t strscpy_pad_double_fetch(char *dest, const char *src, size_t count)
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
	memcpy(dest, src, len);
	memset(dest + len, 0, count - len);
	return (ssize_t)len;
}
