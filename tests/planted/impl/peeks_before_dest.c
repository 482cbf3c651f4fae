/* SPDX-License-Identifier: MIT */
/*
 * A strscpy that looks for a NUL at dest[-1] first (memchr, as a check for a
 * string that runs into dest might): a read before dest, never a write.  With
 * dest at the start of its page, dest[-1] is in the guard page below it, and
 * the fault must be reported as the read it is, read-fault
 * (planted.peeks-before-dest), not write-fault.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_peeks_before_dest(char *dest, const char *src, size_t count);

ssize_t strscpy_peeks_before_dest(char *dest, const char *src, size_t count)
{
	size_t res;

	if (count == 0 || count > INT_MAX || memchr(dest - 1, 0, 1))
		return -E2BIG;
	for (res = 0; res + 1 < count && src[res]; res++)
		dest[res] = src[res];
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
