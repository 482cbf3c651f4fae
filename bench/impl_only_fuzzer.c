/* SPDX-License-Identifier: MIT */
/*
 * The second yardstick of the harness throughput benchmark: the implementation
 * alone, called as the simplest fuzz target would call it (the input is the
 * string, its last byte sets count), with no decoding, no guard pages, no
 * reference and no oracle.  Between it and the empty target lies what fuzzing
 * strscpy costs at all; between it and the real targets, what the harness adds.
 */
#include <stdint.h>
#include <string.h>

#include "strscpy.h"

#define BUFFER 8192

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char src[BUFFER], dest[BUFFER];
	size_t len = size < BUFFER ? size : BUFFER - 1;
	/* Up to 4080: short strings, truncation and long counts all occur. */
	size_t count = size ? (size_t)data[size - 1] * 16 : 0;

	memcpy(src, data, len);
	src[len] = '\0';
	strscpy(dest, src, count);
	return 0;
}
