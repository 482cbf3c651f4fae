/* SPDX-License-Identifier: MIT */
/*
 * A correct memtostr by bytes: the field's string up to its NUL, its width or
 * the last byte of dest, whichever comes first, then the terminator.
 */
#include <stddef.h>

void memtostr_byte_loop(char *dest, size_t dest_size, const char *src, size_t src_size);

void memtostr_byte_loop(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	size_t i;

	if (dest_size == 0)
		return;
	for (i = 0; i + 1 < dest_size && i < src_size && src[i] != '\0'; i++)
		dest[i] = src[i];
	dest[i] = '\0';
}
