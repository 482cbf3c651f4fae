/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

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

/*
 * The reference's dest is the region's size: past the string and its NUL, the
 * contract fixes what it writes (nothing, or zeros for strscpy_pad), so a
 * count larger than that buffer is cut to it without changing the verdict.
 */
static size_t reference_count(const struct arena *a, size_t count)
{
	return count_rejected(count) || count <= a->layout.region ? count : a->layout.region;
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
		/* Under a race the terminator may land anywhere the string may grow to. */
		.needed = schedule ? readable : r->terminated,
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
	bool rejected, hole;
	long faults;

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
	r->expected = t->reference((char *)expected_dest, r->p.src, reference_count(a, r->c.count));
	r->terminated = rejected ? 0 : r->expected >= 0 ? (size_t)r->expected + 1 : r->c.count;
	r->expected_written = t->pads && !rejected ? reference_count(a, r->c.count) : r->terminated;

	hole = r->p.hole_begin < r->p.hole_end;
	faults = hole ? minor_faults() : 0;
	call_traced(r, t->race ? &schedule : NULL);
	r->touched_new_pages = hole && minor_faults() != faults;
	if (t->race)
		race_check(r);
	else
		check_oracles(r);
}
