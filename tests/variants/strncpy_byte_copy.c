/* SPDX-License-Identifier: MIT */
/* A correct strncpy: a byte loop up to the NUL or n, then the rest of dest zeroed in one memset. */
#include <string.h>

char *strncpy_byte_copy(char *dest, const char *src, size_t n);

char *strncpy_byte_copy(char *dest, const char *src, size_t n)
{
	size_t i;

	for (i = 0; i < n && src[i] != '\0'; i++)
		dest[i] = src[i];
	memset(dest + i, 0, n - i);
	return dest;
}
