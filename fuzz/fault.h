/* SPDX-License-Identifier: MIT */
/*
 * A call stopped from outside: a fault on a guard page, a sanitizer's finding,
 * the watchdog's tick.  Their handlers run in a signal or a death callback and
 * are handed nothing, so they find the run here: the one place that holds the
 * run in progress.  It is below run.c (which only sets it) and beside
 * report.c (which prints what it is handed), so neither calls back up.
 */
#ifndef FUZZ_FAULT_H
#define FUZZ_FAULT_H

#include "run.h"

/*
 * From now on r is the run in progress.  A fault on one of the arena's guard pages while
 * it runs becomes the matching report; any other fault goes to the handler installed
 * before (the sanitizer's or the fuzzing engine's), as if this one were not there.
 */
void catch_guard_faults(const struct run *r);

/* The run in progress (the one running, or the last to run); NULL before the first. */
const struct run *run_in_progress(void);

/*
 * Make report_sanitizer_finding() of the run in progress the sanitizer's death callback, after
 * first() (may be NULL).  Not for libFuzzer targets: libFuzzer saves its crash input there.
 */
void catch_sanitizer_findings(void (*first)(void));

#endif
