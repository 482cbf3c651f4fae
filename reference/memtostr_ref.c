/* SPDX-License-Identifier: MIT */
/*
 * memtostr(dest, src) and memtostr_pad(dest, src), as the kernel defines them (6.9 on),
 * with the sizes the kernel takes from sizeof made explicit:
 *   - src is a fixed-width field of src_size bytes that need not hold a NUL: read
 *     nothing past src[src_size - 1] or past the first NUL.
 *   - copy min(strnlen(src, src_size), dest_size - 1) bytes and terminate after them.
 *   - memtostr leaves the rest of dest alone; memtostr_pad zeroes it, up to dest_size.
 *   - dest_size == 0 (no sizeof is): write nothing.
 */
#include <string.h>

#include "strscpy_ref.h"

/* Copies the field's string, as much as fits, and terminates it; returns its length. */
static size_t copy_terminated(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	size_t i;

	for (i = 0; i < src_size && i < dest_size - 1 && src[i] != '\0'; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	return i;
}

void ref_memtostr(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	if (dest_size > 0)
		copy_terminated(dest, dest_size, src, src_size);
}

void ref_memtostr_pad(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	size_t len;

	if (dest_size == 0)
		return;
	len = copy_terminated(dest, dest_size, src, src_size);
	/* A fill, so written as one (see ref_strscpy_pad). */
	memset(dest + len + 1, 0, dest_size - len - 1);
}
