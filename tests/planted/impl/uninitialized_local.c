/* SPDX-License-Identifier: MIT */
/*
 * A byte loop with a flag that only the loop sets: for an empty string it is
 * an uninitialised local, and the return statement branches on it.  Both arms
 * return the same length, so ASan and UBSan see a correct strscpy; MSan
 * reports the use of an uninitialised value.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_uninitialized_local(char *dest, const char *src, size_t count);

ssize_t strscpy_uninitialized_local(char *dest, const char *src, size_t count)
{
	size_t i;
	int copied;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i + 1 < count && src[i]; i++) {
		dest[i] = src[i];
		copied = 1;
	}
	dest[i] = '\0';
	if (src[i] != '\0')
		return -E2BIG;
	return copied ? (ssize_t)i : (ssize_t)strlen(dest);
}
