/* SPDX-License-Identifier: MIT */
/*
 * A strscpy that loads the aligned word holding a misaligned src's first byte
 * before it checks count: at a refused count (0, or past INT_MAX) nothing of
 * src may be read, not even an aligned block over src[0].  The memory-access
 * trace must report that load as read-outside-window (planted.head-before-count).
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

ssize_t strscpy_head_before_count(char *dest, const char *src, size_t count);

ssize_t strscpy_head_before_count(char *dest, const char *src, size_t count)
{
	size_t misaligned = (uintptr_t)src % sizeof(unsigned long), res;

	/* Bug: the head word is loaded (volatile: as a word loop would) before count is checked. */
	if (misaligned)
		(void)*(const volatile unsigned long *)(src - misaligned);
	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (res = 0; res + 1 < count && src[res]; res++)
		dest[res] = src[res];
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
