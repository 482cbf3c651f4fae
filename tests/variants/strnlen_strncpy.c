/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy that measures with strnlen, then copies with strncpy
 * and terminates.  Correct under the contract, but it reads the string twice:
 * a src that changes between the two calls gets a double-fetch verdict, as
 * the same code with memcpy does, only because strncpy is traced as well
 * (fuzz/traced_libc.list).
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_strnlen_strncpy(char *dest, const char *src, size_t count);

ssize_t strscpy_strnlen_strncpy(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	len = strnlen(src, count);
	if (len == count) {
		strncpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	strncpy(dest, src, len);
	dest[len] = '\0';
	return (ssize_t)len;
}
