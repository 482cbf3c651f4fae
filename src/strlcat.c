/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "strscpy.h"

size_t impl_strlcat(char *dest, const char *src, size_t size)
{
	size_t dlen = strnlen(dest, size), len = strlen(src), copied;

	/* No NUL within size: dest is not a string of this buffer, and is left as it is. */
	if (dlen == size)
		return size + len;
	copied = len < size - dlen - 1 ? len : size - dlen - 1;
	memcpy(dest + dlen, src, copied);
	dest[dlen + copied] = '\0';
	return dlen + len;
}
