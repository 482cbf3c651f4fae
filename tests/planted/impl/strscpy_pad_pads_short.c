/* SPDX-License-Identifier: MIT */
/* A byte-loop strscpy_pad whose padding stops one byte short of dest[count - 1] (padding). */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_pad_pads_short(char *dest, const char *src, size_t count);

ssize_t strscpy_pad_pads_short(char *dest, const char *src, size_t count)
{
	size_t i = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	while (i + 1 < count && src[i] != '\0') {
		dest[i] = src[i];
		i++;
	}
	dest[i] = '\0';
	if (src[i] != '\0')
		return -E2BIG;
	if (i + 2 < count)
		memset(dest + i + 1, 0, count - i - 2);
	return (ssize_t)i;
}
