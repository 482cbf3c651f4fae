/* SPDX-License-Identifier: MIT */
/*
 * A byte loop with two independent bugs.  It keeps an FNV-1a hash of the bytes
 * it copies in an int, for a debugger to compare: its first multiplication
 * overflows, a signed overflow UBSan reports on every call that copies a byte
 * before the NUL (most cases of every section of the sweep).  And it cuts count
 * to 32 bits before checking it against INT_MAX, so a count of 2^32 + 5 is
 * taken for 5: only the huge counts, late in the sweep, have it (its loads of
 * src are read-outside-window: a rejected count lets it read nothing).
 * check-impl must report both in one run.
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

ssize_t strscpy_hash_overflow_count_cut(char *dest, const char *src, size_t count);

int strscpy_hash_overflow_count_cut_last_hash;

ssize_t strscpy_hash_overflow_count_cut(char *dest, const char *src, size_t count)
{
	unsigned int room = (unsigned int)count;
	int hash = (int)0x811c9dc5u;
	size_t i;

	if (room == 0 || room > INT_MAX)
		return -E2BIG;
	for (i = 0; i + 1 < room; i++) {
		dest[i] = src[i];
		if (src[i] == '\0')
			return (ssize_t)i;
		hash = (hash ^ (unsigned char)src[i]) * 16777619;
		strscpy_hash_overflow_count_cut_last_hash = hash;
	}
	dest[i] = '\0';
	return src[i] ? -E2BIG : (ssize_t)i;
}
