/* SPDX-License-Identifier: MIT */
/*
 * A byte loop with a flag that only the loop sets: for an empty string it is
 * an uninitialised local, and the return branches on it.  Both ways return
 * the same length, so ASan and UBSan see a correct strscpy; MSan reports the
 * use of an uninitialised value.  (volatile and the recount's side effect
 * keep the optimiser from folding the flag to 1 or the branch to a select.)
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>

ssize_t strscpy_uninitialized_local(char *dest, const char *src, size_t count);

static volatile unsigned recounts;

static size_t recount(const char *s)
{
	recounts++;
	return strlen(s);
}

ssize_t strscpy_uninitialized_local(char *dest, const char *src, size_t count)
{
	size_t i;
	volatile int copied;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (i = 0; i + 1 < count && src[i]; i++) {
		dest[i] = src[i];
		copied = 1;
	}
	dest[i] = '\0';
	if (src[i] != '\0')
		return -E2BIG;
	if (copied)
		return (ssize_t)i;
	return (ssize_t)recount(dest);
}
