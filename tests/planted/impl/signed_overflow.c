/* SPDX-License-Identifier: MIT */
/*
 * A byte loop that keeps the room left in an int and adds one to it first:
 * for count == INT_MAX that is a signed overflow.  The copy is right; UBSan
 * reports the overflow, and check-impl must show it with the decoded case.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy_signed_overflow(char *dest, const char *src, size_t count);

ssize_t strscpy_signed_overflow(char *dest, const char *src, size_t count)
{
	int room;
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	room = (int)count + 1;
	for (i = 0; (int)i + 2 < room; i++) {
		dest[i] = src[i];
		if (src[i] == '\0')
			return (ssize_t)i;
	}
	dest[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i;
}
