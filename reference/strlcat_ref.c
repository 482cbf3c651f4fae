/* SPDX-License-Identifier: MIT */
/*
 * strlcat(dest, src, size), as BSD libcs have it (and the kernel had until 6.8):
 *   - dest holds a string: its length is the bytes before its NUL, looked for in
 *     dest[0..size) only.  No NUL there: write nothing, return size + strlen(src).
 *   - else append min(strlen(src), size - dlen - 1) bytes of src at dest[dlen],
 *     then a NUL; nothing after it.  Return dlen + strlen(src): every byte of src
 *     up to its NUL is read.
 * Callers test truncation as strlcat(...) >= size.
 */
#include "strscpy_ref.h"

size_t ref_strlcat(char *dest, const char *src, size_t size)
{
	size_t dlen = 0, len = 0, i;

	while (dlen < size && dest[dlen] != '\0')
		dlen++;
	while (src[len] != '\0')
		len++;
	if (dlen == size)
		return size + len;
	for (i = 0; i < len && dlen + i < size - 1; i++)
		dest[dlen + i] = src[i];
	dest[dlen + i] = '\0';
	return dlen + len;
}
