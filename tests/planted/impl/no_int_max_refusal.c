/* SPDX-License-Identifier: MIT */
/*
 * A byte-loop strscpy that refuses a count of 0 but not one over INT_MAX, the
 * check many private copies leave out.  That one missing check is met as
 * several classes, each with a count over INT_MAX as its smallest case: the
 * ASan+UBSan pass stops its first load (read-outside-window); the MSan pass,
 * which lets such loads go on, sees them fault on a guard page (read-fault) or
 * write dest (write-on-rejected-count).  check-impl must show them as one cause.
 */
#include <errno.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy_no_int_max_refusal(char *dest, const char *src, size_t count);

ssize_t strscpy_no_int_max_refusal(char *dest, const char *src, size_t count)
{
	size_t i;
	char c;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i + 1 < count; i++) {
		c = src[i];
		dest[i] = c;
		if (c == '\0')
			return (ssize_t)i;
	}
	dest[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i;
}
