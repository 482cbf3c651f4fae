/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_TARGET_H
#define FUZZ_TARGET_H

#include <stdbool.h>

#include "contract.h"

/* A fuzz target as one tool runs it: a contract and the implementation held to it. */
struct target {
	const struct contract *contract;
	const char *name;      /* the implementation, as reports name it */
	struct callable impl;
	bool traced;           /* its accesses reach the memory-access trace (trace.h) */
};

/* This tool's target (under_test.c, built with the tool). */
const struct target *target_under_test(void);

#endif
