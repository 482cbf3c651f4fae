/* SPDX-License-Identifier: MIT */
/* One input, run: decoded, placed in the arena, and both functions called on it. */
#ifndef FUZZ_RUN_H
#define FUZZ_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "case.h"
#include "expect.h"
#include "race_schedule.h"
#include "target.h"

/*
 * Bad accesses a call may go on past (trace.c): reads of the arena's mapped bytes, and
 * writes to the dest bytes every case rewrites.  At the last one the call is stopped.
 */
#define RUN_VIOLATIONS_MAX 8

/* One access the contract forbids, as the trace saw it: its class, where, and its size. */
enum violation_class { READ_OUTSIDE_WINDOW, WRITE_OUTSIDE_DEST, WRITE_ON_REJECTED_COUNT };
struct violation {
	enum violation_class class;
	const uint8_t *at;
	size_t size;
};

struct run {
	const struct target *target;
	const struct arena *arena;
	struct strscpy_case c;
	struct placement p;
	struct expected_outcome expect;
	struct race_schedule *schedule; /* the race target's, applied during the call; else NULL */
	bool traced;                  /* the callee's accesses reach the trace (trace.h) */
	ssize_t actual;
	bool returned;                /* actual is known */
	bool touched_new_pages;       /* the call faulted pages in: it may have written the hole */
	/* The bad accesses the call made, in order: the first one's class is the case's. */
	struct violation violations[RUN_VIOLATIONS_MAX];
	size_t violation_count;
};

/* Run data as a case of t; any divergence traps with its own report. */
void run_input(const struct target *t, const uint8_t *data, size_t size);

/* Decode data as a case of t without running it (for printing). */
void describe_input(const struct target *t, const uint8_t *data, size_t size, struct strscpy_case *c);

#endif
