/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "strscpy.h"

void strtomem(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	memcpy(dest, src, strnlen(src, dest_size < src_size ? dest_size : src_size));
}

void strtomem_pad(char *dest, size_t dest_size, const char *src, int pad)
{
	size_t len = strnlen(src, dest_size);

	memcpy(dest, src, len);
	memset(dest + len, pad, dest_size - len);
}
