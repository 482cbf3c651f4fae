/* SPDX-License-Identifier: MIT */
/*
 * A strscpy that zeroes the rest of dest, legal, but leaves one junk byte
 * halfway through it when it copies an empty string at a count of 1 GiB or
 * more: one case of the sweep, the largest count the platform's dest holds.
 * The harness must find the byte in a span of a gigabyte of zeros, a span it
 * compares a word at a time (planted.junk-in-padding).
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_junk_in_padding(char *dest, const char *src, size_t count);

ssize_t strscpy_junk_in_padding(char *dest, const char *src, size_t count)
{
	size_t res;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (res = 0; res + 1 < count && src[res]; res++)
		dest[res] = src[res];
	dest[res] = '\0';
	if (res == 0 && count >= (size_t)1 << 30) {
		memset(dest + res + 1, 0, count - res - 1);
		dest[count / 2] = 'j';
	}
	return src[res] ? -E2BIG : (ssize_t)res;
}
