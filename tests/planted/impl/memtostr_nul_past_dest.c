/* SPDX-License-Identifier: MIT */
/*
 * A memtostr that copies as much of the field as dest holds, all of it, and
 * then puts the terminator after it: one byte past dest when the field's string
 * fills dest (write-outside-dest).
 */
#include <stddef.h>
#include <string.h>

void memtostr_nul_past_dest(char *dest, size_t dest_size, const char *src, size_t src_size);

void memtostr_nul_past_dest(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	size_t len = strnlen(src, src_size < dest_size ? src_size : dest_size);

	memcpy(dest, src, len);
	dest[len] = '\0';
}
