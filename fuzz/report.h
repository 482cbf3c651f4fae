/* SPDX-License-Identifier: MIT */
/*
 * One reporter per divergence class.  Each is noinline and ends in a trap, so
 * the top frame of the crash names the class and ClusterFuzz, libFuzzer's
 * -minimize_crash and AFL++ keep distinct bugs apart.  Each prints, on
 * stderr, the class, the case, what was expected and what happened, a hex
 * window of dest around the first bad byte, and a C call that redoes it.
 *
 * A leaf: a reporter prints what it is handed (the run, and what the check
 * that found the divergence saw) and calls back into none of them.
 */
#ifndef FUZZ_REPORT_H
#define FUZZ_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "run.h"

#define REPORT_NORETURN __attribute__((noinline, noreturn))

#define TRANSIENT_BYTES_SHOWN 16

/* One store into dest, as the transient check (transient.h) hands it to its reporter. */
struct dest_store {
	size_t offset;          /* from dest[0] */
	size_t size;
	size_t number;          /* how many stores into dest came before it */
	uint8_t bytes[TRANSIENT_BYTES_SHOWN]; /* its first bytes, as written */
};

/* The callee's accesses to the arena so far, against its budget, as the trace counts them. */
struct trace_work {
	size_t loads;  /* a sized load counts 1, a bulk one the bytes it covers */
	size_t stores; /* likewise, padding left out */
	size_t budget; /* of readable and must_write (trace.c) */
	size_t readable;
	size_t must_write;
};

/*
 * Called with the class just before a reporter traps: the sweep records the case there and
 * jumps back to its loop, so one run finds every class.
 */
extern void (*divergence_hook)(const char *divergence_class);

/*
 * Muted, a reporter formats nothing and only passes its class to divergence_hook: the sweep
 * discards all but one report per class, and formatting the others costs more than their cases.
 */
void report_mute(bool muted);

REPORT_NORETURN void report_return_value(const struct run *r);
REPORT_NORETURN void report_copied_bytes(const struct run *r, size_t at);
REPORT_NORETURN void report_leak_after_terminator(const struct run *r, size_t at);
REPORT_NORETURN void report_padding(const struct run *r, size_t at);
/* size: of the store the trace saw; 0 when the sentinels after the call show it. */
REPORT_NORETURN void report_write_outside_dest(const struct run *r, const uint8_t *at, size_t size);
REPORT_NORETURN void report_write_on_rejected_count(const struct run *r, const uint8_t *at);
REPORT_NORETURN void report_read_outside_window(const struct run *r, const void *at, size_t size);
REPORT_NORETURN void report_read_fault(const struct run *r, const void *at, enum guard_hit hit);
REPORT_NORETURN void report_write_fault(const struct run *r, const void *at, enum guard_hit hit);
REPORT_NORETURN void report_timeout(const struct run *r, unsigned cpu_seconds);

/*
 * The reporter of r's first bad access (r->violations), whose report lists them all.  Every
 * other reporter of a call that made one (a fault, a timeout, excess work...) hands over to
 * it and names itself as what stopped the call: one bug, one class.
 */
__attribute__((noreturn)) void report_first_violation(const struct run *r);

/*
 * From a sanitizer's death callback: the case and the C call of the run the sanitizer stopped,
 * so its finding is as actionable as a harness report.  No trap: the sanitizer ends the process.
 */
void report_sanitizer_finding(const struct run *r);
REPORT_NORETURN void report_unterminated_during_copy(const struct run *r, const struct dest_store *broke,
						     const struct dest_store *fixed);
REPORT_NORETURN void report_excess_work(const struct run *r, const struct trace_work *work);
REPORT_NORETURN void report_double_fetch(const struct run *r, size_t offset, size_t first_load,
					 size_t second_load);
/* at: the index in dest the reason is about (the terminator, or the byte). */
REPORT_NORETURN void report_inconsistent_under_change(const struct run *r, const char *reason,
						      size_t at);

/* The decoded case of contract k, as the reports and the replay tool print it. */
void print_case(FILE *out, const struct contract *k, const struct strscpy_case *c,
		const struct layout *layout);

#endif
