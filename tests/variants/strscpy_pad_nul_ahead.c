/* SPDX-License-Identifier: MIT */
/*
 * A correct strscpy_pad in one pass of bytes: each byte is stored after a NUL in
 * the next place, so dest holds a string at every moment of the copy (the
 * transient check), and each src byte is loaded once; then the padding.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_pad_nul_ahead(char *dest, const char *src, size_t count);

ssize_t strscpy_pad_nul_ahead(char *dest, const char *src, size_t count)
{
	size_t i;
	char c;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; (c = src[i]) != '\0' && i + 1 < count; i++) {
		dest[i + 1] = '\0';
		dest[i] = c;
	}
	dest[i] = '\0';
	memset(dest + i + 1, 0, count - i - 1);
	return c != '\0' ? -E2BIG : (ssize_t)i;
}
