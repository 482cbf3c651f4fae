/* SPDX-License-Identifier: MIT */
/*
 * The same call site after a careless conversion: measure src, copy what fits, terminate.
 * It reads all of src (past a fixed-width field with no NUL) and no longer pads dest.
 */
#include <string.h>

int site(char *dest, size_t dest_size, const char *src, size_t src_size);

int site(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	size_t len = strlen(src);

	(void)src_size;
	if (len >= dest_size)
		len = dest_size - 1;
	memcpy(dest, src, len);
	dest[len] = '\0';
	return 1;
}
