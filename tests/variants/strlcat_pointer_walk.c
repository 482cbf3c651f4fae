/* SPDX-License-Identifier: MIT */
/*
 * A correct strlcat by pointers, one byte at a time: it walks to dest's NUL
 * within size, then copies src over it while room lasts and goes on walking src
 * to its end for the return value.  It overwrites dest's old NUL with src's
 * first byte before it writes the new one, legal for strlcat (it has no
 * transient check: fuzz/contracts.c).
 */
#include <stddef.h>

size_t strlcat_pointer_walk(char *dest, const char *src, size_t size);

size_t strlcat_pointer_walk(char *dest, const char *src, size_t size)
{
	char *d = dest, *end = dest + size;
	const char *s = src;
	size_t dlen;

	while (d != end && *d != '\0')
		d++;
	dlen = (size_t)(d - dest);
	if (d != end) {
		for (; *s != '\0'; s++)
			if (d + 1 != end)
				*d++ = *s;
		*d = '\0';
	}
	while (*s != '\0')
		s++;
	return dlen + (size_t)(s - src);
}
