/* SPDX-License-Identifier: MIT */
/*
 * The implementation a tool puts under its target's contract; built with each
 * tool: -DHARNESS_TARGET=<target> (a row of contracts[]) -DHARNESS_IMPL=<function>.
 * A plugged implementation (STRSCPY_IMPL_SOURCE, tests/variants) adds
 * -DHARNESS_PLUGGED=<the function of src/ it replaces>: its name is not one
 * src/strscpy.h declares, and its type is that function's.
 */
#include <stdio.h>
#include <stdlib.h>

#include "target.h"

#include "strscpy.h"
#ifdef HARNESS_PLUGGED
__typeof__(HARNESS_PLUGGED) HARNESS_IMPL;
#endif

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

const struct target *target_under_test(void)
{
	static struct target t = { .name = STRINGIFY(HARNESS_IMPL), .impl = CALLABLE(HARNESS_IMPL) };

	if (t.contract)
		return &t;
	t.contract = contract_named(STRINGIFY(HARNESS_TARGET));
	if (!t.contract || t.contract->reference.shape != t.impl.shape) {
		fprintf(stderr, "strscpy-fuzz: %s: %s\n", STRINGIFY(HARNESS_TARGET),
			t.contract ? "the implementation's type is not its reference's"
				   : "no such target in fuzz/contracts.c");
		abort();
	}
	return &t;
}
