/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "strscpy.h"

char *impl_strncpy(char *dest, const char *src, size_t n)
{
	size_t copied = strnlen(src, n);

	memcpy(dest, src, copied);
	memset(dest + copied, 0, n - copied);
	return dest;
}
