/* SPDX-License-Identifier: MIT */
/*
 * strncpy(dest, src, n), ISO C:
 *   - copy src up to its NUL or n bytes, whichever comes first; then NULs up to n.
 *   - when strlen(src) >= n, dest is not terminated: its n bytes are all string.
 *   - read nothing past src[n - 1] or past the NUL; return dest.
 */
#include "strscpy_ref.h"

char *ref_strncpy(char *dest, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i] != '\0'; i++)
		dest[i] = src[i];
	for (; i < n; i++)
		dest[i] = '\0';
	return dest;
}
