/* SPDX-License-Identifier: MIT */
/*
 * A strlcpy that returns how many bytes it copied, not strlen(src): a caller's
 * truncation test (r >= size) never fires (return-value).
 */
#include <stddef.h>

size_t strlcpy_returns_copied(char *dest, const char *src, size_t size);

size_t strlcpy_returns_copied(char *dest, const char *src, size_t size)
{
	size_t i = 0;

	if (size == 0)
		return 0;
	for (; i + 1 < size && src[i] != '\0'; i++)
		dest[i] = src[i];
	dest[i] = '\0';
	return i;
}
