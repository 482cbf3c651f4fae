/* SPDX-License-Identifier: MIT */
/* A strncpy that ends the copy with one NUL, leaving the rest of dest unpadded (padding). */
#include <stddef.h>

char *strncpy_no_padding(char *dest, const char *src, size_t n);

char *strncpy_no_padding(char *dest, const char *src, size_t n)
{
	size_t i;

	for (i = 0; i < n && src[i] != '\0'; i++)
		dest[i] = src[i];
	if (i < n)
		dest[i] = '\0';
	return dest;
}
