/* SPDX-License-Identifier: MIT */
/*
 * strtomem(dest, src) and strtomem_pad(dest, src, pad), as the kernel defines them
 * (6.0 on), with the sizes the kernel takes from sizeof made explicit:
 *   - dest is a fixed-width field of dest_size bytes and is never terminated.
 *   - copy strnlen(src, limit) bytes: limit is dest_size, and for strtomem also
 *     src_size (the kernel's __builtin_object_size(src); SIZE_MAX when unknown).
 *     Read nothing past the NUL or past the limit.
 *   - strtomem leaves the rest of dest alone; strtomem_pad fills it with pad.
 */
#include <string.h>

#include "strscpy_ref.h"

static size_t copy_field(char *dest, const char *src, size_t limit)
{
	size_t i;

	for (i = 0; i < limit && src[i] != '\0'; i++)
		dest[i] = src[i];
	return i;
}

void ref_strtomem(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	copy_field(dest, src, dest_size < src_size ? dest_size : src_size);
}

void ref_strtomem_pad(char *dest, size_t dest_size, const char *src, int pad)
{
	size_t copied = copy_field(dest, src, dest_size);

	/* A fill, so written as one (see ref_strscpy_pad). */
	memset(dest + copied, pad, dest_size - copied);
}
