/* SPDX-License-Identifier: MIT */
/*
 * The baseline of the harness throughput benchmark: a fuzz target that does
 * nothing, built with the same flags as the real ones, so its exec/s is what
 * libFuzzer's own loop (mutation, coverage bookkeeping) allows.
 */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)data, (void)size;
	return 0;
}
