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
static struct race_schedule current_schedule;

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
static void say_what_is_checked(const struct run *r)
{
	const struct target *t = r->target;

	if (!r->traced)
		fprintf(stderr, "strscpy-fuzz: %s: no memory-access trace %s: guard pages and "
				"sentinels only (no read window, no transient%s or work check)\n",
			t->name, t->traced ? "in this build" : "(uninstrumented code)",
			t->contract->race ? ", no src change, no double-fetch" : "");
}

/* Calls r's callee under the checks made during the call (trace.h), begun and ended here. */
static void call_checked(struct run *r)
{
	transient_begin(r);
	race_begin(r);
	trace_begin(r);
	r->actual = call(&r->target->impl, r->p.dest, r->p.src, r->c.count, &r->c);
	trace_end();
	race_end();
	transient_end();
	r->returned = true;
}

void run_input(const struct target *t, const uint8_t *data, size_t size)
{
	struct run *r = &current;
	struct arena *a = arena_get();
	bool first = !r->arena;
	bool hole;
	long faults;

	r->schedule = t->contract->race ? &current_schedule : NULL;
	if (r->schedule)
		size = race_decode(data, size, r->schedule);
	r->target = t;
	r->arena = a;
	r->traced = trace_compiled_in() && t->traced;
	if (first) {
		catch_guard_faults(r);
		say_what_is_checked(r);
	}
	r->returned = false;
	r->violation_count = 0;
	decode_case(data, size, &a->layout, t->contract, &r->c);
	arena_place(a, &r->c, &r->p);
	expect_outcome(r);

	hole = r->p.hole_begin < r->p.hole_end;
	faults = hole ? minor_faults() : 0;
	call_checked(r);
	/* The call went on past its bad accesses: the first one is the case's class. */
	if (r->violation_count)
		report_first_violation(r);
	r->touched_new_pages = hole && minor_faults() != faults;
	if (r->schedule)
		race_check(r);
	else
		check_oracles(r);
	arena_release(a);
}
