/* SPDX-License-Identifier: MIT */
/* The libFuzzer entry point; built once per target with -DHARNESS_TARGET=<target>. */
#include "run.h"

#ifndef HARNESS_TARGET
#define HARNESS_TARGET strscpy_target
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	run_input(&HARNESS_TARGET, data, size);
	return 0;
}
