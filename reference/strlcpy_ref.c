/* SPDX-License-Identifier: MIT */
/*
 * strlcpy(dest, src, size), as the kernel had it until 6.8 (and BSD libcs still do):
 *   - return strlen(src), whatever size is: every byte of src up to its NUL is read.
 *   - size > 0: copy min(strlen(src), size - 1) bytes, then a NUL; nothing after it.
 *   - size == 0: write nothing.
 * Callers test truncation as strlcpy(...) >= size.
 */
#include "strscpy_ref.h"

size_t ref_strlcpy(char *dest, const char *src, size_t size)
{
	size_t len = 0;

	while (src[len] != '\0')
		len++;
	if (size > 0) {
		size_t copied = len < size - 1 ? len : size - 1;
		size_t i;

		for (i = 0; i < copied; i++)
			dest[i] = src[i];
		dest[copied] = '\0';
	}
	return len;
}
