/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "fault.h"
#include "oracles.h"
#include "race.h"
#include "report.h"
#include "run.h"
#include "trace.h"
#include "transient.h"

static struct run current;

void describe_input(const struct target *t, const uint8_t *data, size_t size, struct strscpy_case *c)
{
	struct race_schedule schedule;

	if (t->race)
		size = race_decode(data, size, &schedule);
	decode_case(data, size, &arena_get()->layout, t->pads, c);
}

/* The reference writes here: as large as a region, so as large as any case's dest. */
static uint8_t *reference_dest(const struct arena *a)
{
	static uint8_t *buffer;

	if (!buffer) {
		buffer = malloc(a->layout.region);
		if (!buffer)
			abort();
	}
	return buffer;
}

/* Said once per process, on stderr: what this build cannot see. */
static void say_what_is_checked(const struct target *t)
{
	if (!trace_compiled_in())
		fprintf(stderr, "strscpy-fuzz: %s: no memory-access trace in this build: guard pages and "
				"sentinels only (no read window, no transient%s or work check)\n",
			t->name, t->race ? ", no src change, no double-fetch" : "");
}

/* Calls r's callee under the trace, held to what the contract (or the race's) allows. */
static void call_traced(struct run *r, struct race_schedule *schedule)
{
	bool rejected = count_rejected(r->c.count);
	/* A src that changes may lengthen the string up to count: so may the work. */
	size_t readable = schedule ? race_window(r) : r->c.window;
	struct trace_limits limits = {
		.readable = r->p.src,
		.readable_size = readable,
		.writable = r->p.dest,
		.writable_size = rejected ? 0 : r->c.count,
		.work_budget = trace_work_budget(readable, schedule ? readable : r->expected_written),
	};

	transient_begin(r, !schedule);
	if (schedule)
		race_begin(r, schedule);
	trace_begin(r, &limits);
	r->actual = r->target->impl(r->p.dest, r->p.src, r->c.count);
	trace_end();
	race_end();
	r->returned = true;
}

void run_input(const struct target *t, const uint8_t *data, size_t size)
{
	struct run *r = &current;
	struct arena *a = arena_get();
	uint8_t *expected_dest = reference_dest(a);
	struct race_schedule schedule;
	bool rejected;

	if (!r->arena) {
		catch_guard_faults(r);
		say_what_is_checked(t);
	}
	if (t->race)
		size = race_decode(data, size, &schedule);
	r->target = t;
	r->arena = a;
	r->returned = false;
	decode_case(data, size, &a->layout, t->pads, &r->c);
	arena_place(a, &r->c, &r->p);
	rejected = count_rejected(r->c.count);

	r->expected_dest = expected_dest;
	r->expected = t->reference((char *)expected_dest, r->p.src, r->c.count);
	r->terminated = rejected ? 0 : r->expected >= 0 ? (size_t)r->expected + 1 : r->c.count;
	r->expected_written = t->pads && !rejected ? r->c.count : r->terminated;

	call_traced(r, t->race ? &schedule : NULL);
	if (t->race)
		race_check(r);
	else
		check_oracles(r);
}
