/* SPDX-License-Identifier: MIT */
/*
 * A byte loop whose result flag is an uninitialised local when the string is
 * empty: the return value then depends on stack garbage.  ASan and UBSan
 * cannot see it; MSan reports a use of an uninitialised value.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy_uninitialized_local(char *dest, const char *src, size_t count);

ssize_t strscpy_uninitialized_local(char *dest, const char *src, size_t count)
{
	size_t i;
	int truncated;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i + 1 < count && src[i]; i++) {
		dest[i] = src[i];
		truncated = src[i + 1] != '\0' && i + 2 == count;
	}
	dest[i] = '\0';
	if (i + 1 == count && src[i])
		truncated = 1;
	return truncated ? -E2BIG : (ssize_t)i;
}
