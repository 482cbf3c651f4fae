/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <string.h>

#include "strscpy.h"

/* The field's string, cut to what dest holds and terminated; then zeros to dest's end if pad. */
static void field_to_string(char *dest, size_t dest_size, const char *src, size_t src_size, bool pad)
{
	size_t len;

	if (dest_size == 0)
		return;
	/* Measured no further than dest holds: the copy never needs more of the field. */
	len = strnlen(src, src_size < dest_size - 1 ? src_size : dest_size - 1);
	memcpy(dest, src, len);
	/* The terminator is the padding's first byte. */
	memset(dest + len, 0, pad ? dest_size - len : 1);
}

void memtostr(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	field_to_string(dest, dest_size, src, src_size, false);
}

void memtostr_pad(char *dest, size_t dest_size, const char *src, size_t src_size)
{
	field_to_string(dest, dest_size, src, src_size, true);
}
