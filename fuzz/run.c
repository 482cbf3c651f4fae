/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "call.h"
#include "fault.h"
#include "oracles.h"
#include "race.h"
#include "report.h"
#include "run.h"
#include "trace.h"
#include "transient.h"

static struct run current;

const struct run *run_in_progress(void)
{
	return current.arena ? &current : NULL;
}

void describe_input(const struct target *t, const uint8_t *data, size_t size, struct strscpy_case *c)
{
	struct race_schedule schedule;

	if (t->contract->race)
		size = race_decode(data, size, &schedule);
	decode_case(data, size, &arena_get()->layout, t->contract, c);
}

/*
 * A page of the hole is zero until written, and its first access faults: a
 * call that faulted nothing in cannot have touched it.  Cheaper than mincore()
 * over a 2 GiB hole for every huge count that a non-padding callee leaves alone.
 */
static long minor_faults(void)
{
	struct rusage usage;

	if (getrusage(RUSAGE_THREAD, &usage) != 0)
		abort();
	return usage.ru_minflt;
}

/* Said once per process, on stderr: what this build cannot see. */
static void say_what_is_checked(const struct target *t)
{
	if (!trace_compiled_in() || !t->traced)
		fprintf(stderr, "strscpy-fuzz: %s: no memory-access trace %s: guard pages and "
				"sentinels only (no read window, no transient%s or work check)\n",
			t->name, t->traced ? "in this build" : "(uninstrumented code)",
			t->contract->race ? ", no src change, no double-fetch" : "");
}

/* Calls r's callee under the trace, held to what the contract (or the race's) allows. */
static void call_traced(struct run *r, struct race_schedule *schedule)
{
	/* A src that changes may lengthen the string up to count: so may the work. */
	size_t readable = schedule ? race_window(r) : r->c.window;
	struct trace_limits limits = {
		.readable = r->p.src,
		.readable_size = readable,
		.dest_readable = r->c.dest_window,
		.writable = r->p.dest,
		.writable_size = r->expect.owned,
		/* Under a race the terminator may land anywhere the string may grow to. */
		.needed = schedule ? readable : r->expect.terminated,
		/* A padding contract makes it write all it owns. */
		.must_write = schedule ? readable
			      : r->expect.writes_tail ? r->expect.owned : r->expect.terminated,
	};

	transient_begin(r, !schedule && (r->target->contract->checks & CHECK_TRANSIENT));
	if (schedule)
		race_begin(r, schedule);
	trace_begin(r, &limits);
	r->actual = call(&r->target->impl, r->p.dest, r->p.src, r->c.count, &r->c);
	trace_end();
	race_end();
	r->returned = true;
}

void run_input(const struct target *t, const uint8_t *data, size_t size)
{
	struct run *r = &current;
	struct arena *a = arena_get();
	struct race_schedule schedule;
	bool hole;
	long faults;

	if (!r->arena) {
		catch_guard_faults(r);
		say_what_is_checked(t);
	}
	if (t->contract->race)
		size = race_decode(data, size, &schedule);
	r->target = t;
	r->arena = a;
	r->returned = false;
	decode_case(data, size, &a->layout, t->contract, &r->c);
	arena_place(a, &r->c, &r->p);
	expect_outcome(r);

	hole = r->p.hole_begin < r->p.hole_end;
	faults = hole ? minor_faults() : 0;
	call_traced(r, t->contract->race ? &schedule : NULL);
	r->touched_new_pages = hole && minor_faults() != faults;
	if (t->contract->race)
		race_check(r);
	else
		check_oracles(r);
	arena_release(a);
}
