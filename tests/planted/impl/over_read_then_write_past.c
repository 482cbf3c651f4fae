/* SPDX-License-Identifier: MIT */
/*
 * A byte-loop strscpy with two bad accesses in one call, as a strncpy of real
 * code had: when the string is at least count long it loads src[count] before
 * it tests the index (an over-read), and then terminates at dest[count], one
 * past what it owns.  The trace lets the call go on past the load, so the
 * report lists both, under the first one's class, read-outside-window
 * (planted.over-read-then-write-past).
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy_over_read_then_write_past(char *dest, const char *src, size_t count);

ssize_t strscpy_over_read_then_write_past(char *dest, const char *src, size_t count)
{
	size_t i;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	/* Bug: src[i] is loaded before i < count is tested. */
	for (i = 0; src[i] && i < count; i++)
		dest[i] = src[i];
	/* Bug: at i == count this stores one past dest[count - 1]. */
	dest[i] = '\0';
	return i < count ? (ssize_t)i : -E2BIG;
}
