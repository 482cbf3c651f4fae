/* SPDX-License-Identifier: MIT */
/*
 * A correct strlcpy by index, one byte at a time up to its NUL or all of dest,
 * whose last byte, when src did not fit, is then overwritten with the
 * terminator: until then dest may hold no NUL, which strlcpy's contract allows
 * (it has no transient check: fuzz/contracts.c).  It then measures the rest of
 * src for its return value.
 */
#include <stddef.h>

size_t strlcpy_index_loop(char *dest, const char *src, size_t size);

size_t strlcpy_index_loop(char *dest, const char *src, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++) {
		dest[i] = src[i];
		if (src[i] == '\0')
			return i;
	}
	if (size != 0)
		dest[size - 1] = '\0';
	while (src[i] != '\0')
		i++;
	return i;
}
