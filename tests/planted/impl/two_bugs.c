/* SPDX-License-Identifier: MIT */
/*
 * A byte-loop strscpy with two independent bugs that never meet in one case:
 * an exact fit (strlen == count - 1) returns one too many (return-value), and
 * with room to spare the byte after the terminator gets junk
 * (leak-after-terminator).  check-impl must report both in one run.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy_two_bugs(char *dest, const char *src, size_t count);

ssize_t strscpy_two_bugs(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i + 1 < count; i++) {
		dest[i] = src[i];
		if (src[i] == '\0') {
			if (i + 2 < count)
				dest[i + 1] = 'X';
			return (ssize_t)i;
		}
	}
	dest[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i + 1;
}
