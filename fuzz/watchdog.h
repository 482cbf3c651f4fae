/* SPDX-License-Identifier: MIT */
/*
 * The per-case CPU-time limit of the sweep and the replay: a case still running
 * after the limit is reported as class timeout (report_timeout), with its decoded case.
 * One interval timer for the whole run, not one per case: the sweep runs a
 * million cases, and two system calls each would cost more than the cases.
 */
#ifndef FUZZ_WATCHDOG_H
#define FUZZ_WATCHDOG_H

/* A day: past it a limit is a mistake, not a limit. */
#define MAX_CASE_SECONDS 86400u

/*
 * The limit the environment sets, STRSCPY_CASE_SECONDS (whole seconds, 0: none),
 * as the scripts pass it to every tool; otherwise when it is unset.  A value
 * that is not a number ends the process with exit 2.
 */
unsigned case_seconds_from_environment(unsigned otherwise);

/*
 * Start watching: *progress is advanced by the caller whenever it moves on, to a
 * case or past one; the limit counts from its last change.  A limit of 0 turns
 * the watchdog off.
 */
void watchdog_start(const volatile unsigned long long *progress, unsigned cpu_seconds);

#endif
