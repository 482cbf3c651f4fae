/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "strscpy.h"

ssize_t strscpy_pad(char *dest, const char *src, size_t count)
{
	ssize_t len = strscpy(dest, src, count);

	if (len >= 0)
		memset(dest + len + 1, 0, count - (size_t)len - 1);
	return len;
}
