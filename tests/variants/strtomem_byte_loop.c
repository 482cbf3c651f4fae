/* SPDX-License-Identifier: MIT */
/* A correct strtomem by bytes: the string's bytes while dest and src's width last, no terminator. */
#include <stddef.h>

void strtomem_byte_loop(char *dest, size_t dest_size, const char *src, size_t src_size);

void strtomem_byte_loop(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	size_t i;

	for (i = 0; i < dest_size && i < src_size && src[i] != '\0'; i++)
		dest[i] = src[i];
}
