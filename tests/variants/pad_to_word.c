/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy that zero-fills dest from the NUL to the end of the
 * dest word that holds it (within count), as a word store of the masked last
 * word would.  The contract allows zeros after the terminator, so the harness
 * must find nothing here.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

ssize_t strscpy_pad_to_word(char *dest, const char *src, size_t count);

ssize_t strscpy_pad_to_word(char *dest, const char *src, size_t count)
{
	size_t len;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	for (len = 0; len + 1 < count && src[len]; len++)
		dest[len] = src[len];
	dest[len] = '\0';
	if (src[len])
		return -E2BIG;
	/* Zero the rest of the word, in dest's alignment, without passing dest[count - 1]. */
	for (size_t i = len + 1; i < count && (uintptr_t)(dest + i) % sizeof(unsigned long); i++)
		dest[i] = '\0';
	return (ssize_t)len;
}
