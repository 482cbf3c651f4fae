/* SPDX-License-Identifier: MIT */
/* The libFuzzer entry point; built once per target (under_test.c). */
#include "run.h"


int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	run_input(target_under_test(), data, size);
	return 0;
}
