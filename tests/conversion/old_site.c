/* SPDX-License-Identifier: MIT */
/* A call site before its conversion: strncpy bounded by dest, then terminated by hand. */
#include <string.h>

int site(char *dest, size_t dest_size, const char *src, size_t src_size);

int site(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	(void)src_size;
	strncpy(dest, src, dest_size);
	dest[dest_size - 1] = '\0';
	return 1;
}
