/* SPDX-License-Identifier: MIT */
/* One input, run: decoded, placed in the arena, and both functions called on it. */
#ifndef FUZZ_RUN_H
#define FUZZ_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "case.h"
#include "target.h"

struct run {
	const struct target *target;
	const struct arena *arena;
	struct strscpy_case c;
	struct placement p;
	const uint8_t *expected_dest; /* the reference's output, from dest[0] on */
	size_t expected_written;      /* how many bytes of it the reference defines */
	size_t terminated;            /* bytes up to and including the terminator */
	ssize_t expected;
	ssize_t actual;
	bool returned;                /* actual is known */
	bool touched_new_pages;       /* the call faulted pages in: it may have written the hole */
};

/* Run data as a case of t; any divergence traps with its own report. */
void run_input(const struct target *t, const uint8_t *data, size_t size);

/* The run started last (the one running, from a signal handler or a death callback); NULL
 * before the first. */
const struct run *run_in_progress(void);

/* Decode data as a case of t without running it (for printing). */
void describe_input(const struct target *t, const uint8_t *data, size_t size, struct strscpy_case *c);

#endif
