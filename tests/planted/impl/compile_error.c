/* SPDX-License-Identifier: MIT */
/*
 * A file that does not compile, in the way kernel code pasted into the harness
 * often fails: a helper called with the arity of another header's version.
 * check-impl must show the first error whole, with the compiler's note that
 * points at the declaration, not only its "error:" line.
 */
#include <errno.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy_compile_error(char *dest, const char *src, size_t count);

static size_t bytes_before_nul(const char *src, size_t limit)
{
	size_t n = 0;

	while (n < limit && src[n])
		n++;
	return n;
}

ssize_t strscpy_compile_error(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0)
		return -E2BIG;
	len = bytes_before_nul(src, count, 0);
	for (size_t i = 0; i < len; i++)
		dest[i] = src[i];
	dest[len < count ? len : count - 1] = '\0';
	return len < count ? (ssize_t)len : -E2BIG;
}
