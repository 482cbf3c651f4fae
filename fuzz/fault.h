/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_FAULT_H
#define FUZZ_FAULT_H

#include "run.h"

/*
 * Turn a fault on one of the arena's guard pages, while r is running, into the
 * matching report.  Any other fault goes to the handler installed before
 * (the sanitizer's or the fuzzing engine's), as if this one were not there.
 */
void catch_guard_faults(const struct run *r);

#endif
