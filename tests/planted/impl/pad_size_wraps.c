/* SPDX-License-Identifier: MIT */
/*
 * A strscpy that zeroes dest after the terminator with a size one too small,
 * count - len - 2: when the string fills dest exactly (count == len + 1) the
 * size wraps to SIZE_MAX, and memset(dest + count, 0, SIZE_MAX) writes from
 * the end of dest on.  The memory-access trace must report that store as
 * write-outside-dest (planted.pad-size-wraps), its size wrapping no bound check.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_pad_size_wraps(char *dest, const char *src, size_t count);

ssize_t strscpy_pad_size_wraps(char *dest, const char *src, size_t count)
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
	memset(dest + len + 1, 0, count - len - 2);
	return (ssize_t)len;
}
