/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "strscpy.h"

size_t impl_strlcpy(char *dest, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size > 0) {
		size_t copied = len < size - 1 ? len : size - 1;

		memcpy(dest, src, copied);
		dest[copied] = '\0';
	}
	return len;
}
