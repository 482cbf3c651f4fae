/* SPDX-License-Identifier: MIT */
/*
 * A byte loop that asks strnlen whether the rest of src is empty before each
 * byte: the result is right, the work is O(strlen^2).  The memory-access trace
 * counts the traced strnlen by the bytes it covers, so the work budget must
 * report it as excess-work (check-impl.strnlen-per-byte expects that class).
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_strnlen_per_byte(char *dest, const char *src, size_t count);

ssize_t strscpy_strnlen_per_byte(char *dest, const char *src, size_t count)
{
	size_t res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (res = 0; res + 1 < count; res++) {
		dest[res] = strnlen(src + res, count - res) ? src[res] : '\0';
		if (dest[res] == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
