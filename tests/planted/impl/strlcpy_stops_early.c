/* SPDX-License-Identifier: MIT */
/*
 * A strlcpy with a planted bug, which scripts/check-impl.sh's test compiles to a
 * shared object: when src does not fit, it returns the bytes it copied instead
 * of strlen(src), so a caller cannot tell that it truncated (return-value).
 */
#include <stddef.h>

size_t strlcpy_stops_early(char *dest, const char *src, size_t size);

size_t strlcpy_stops_early(char *dest, const char *src, size_t size)
{
	size_t len = 0;

	if (size == 0)
		return 0;
	while (len + 1 < size && src[len]) {
		dest[len] = src[len];
		len++;
	}
	dest[len] = '\0';
	return len;
}
