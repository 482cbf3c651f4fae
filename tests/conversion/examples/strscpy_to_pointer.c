/* SPDX-License-Identifier: MIT */
/*
 * Must not compile: the two-argument strscpy on a pointer would take sizeof(char *) as dest's
 * size (tests/conversion/CMakeLists.txt compiles it and expects the error).
 */
#include <linux/string.h>

int site(char *dest, size_t dest_size, const char *src, size_t src_size);

int site(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	(void)dest_size;
	(void)src_size;
	return strscpy(dest, src) >= 0;
}
