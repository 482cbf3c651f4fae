/* SPDX-License-Identifier: MIT */
/* A strtomem that copies the string's NUL too when it fits: the field's tail is not its to write. */
#include <stddef.h>
#include <string.h>

void strtomem_copies_nul(char *dest, size_t dest_size, const char *src, size_t src_size);

void strtomem_copies_nul(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	size_t len = strnlen(src, dest_size < src_size ? dest_size : src_size);

	memcpy(dest, src, len < dest_size && len < src_size ? len + 1 : len);
}
