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
	size_t len, copied;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	len = strnlen(src, count);
	copied = len < count ? len : count - 1;
	memcpy(dest, src, copied);
	memset(dest + copied, 0, count - copied);
	return len < count ? (ssize_t)len : -E2BIG;
}
