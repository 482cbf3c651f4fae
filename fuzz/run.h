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
};

/* Run data as a case of t; any divergence traps with its own report. */
void run_input(const struct target *t, const uint8_t *data, size_t size);

/* Decode data as a case of t without running it (for printing). */
void describe_input(const struct target *t, const uint8_t *data, size_t size, struct strscpy_case *c);

#endif
