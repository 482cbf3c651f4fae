/* SPDX-License-Identifier: MIT */
/*
 * A strscpy that stores a byte only where dest does not hold it already: it
 * reads dest, which the read rule does not allow (only src's window may be
 * read).  The report must say the load fell in dest, at dest[0], not give it
 * as an offset into src (planted.compares-dest).
 */
#include <errno.h>
#include <limits.h>
#include <sys/types.h>

ssize_t strscpy_compares_dest(char *dest, const char *src, size_t count);

ssize_t strscpy_compares_dest(char *dest, const char *src, size_t count)
{
	size_t res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (res = 0; res + 1 < count && src[res]; res++)
		if (dest[res] != src[res])
			dest[res] = src[res];
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
