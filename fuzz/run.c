/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <stdlib.h>
#include <sys/resource.h>

#include "fault.h"
#include "oracles.h"
#include "report.h"
#include "run.h"

static struct run current;
/* The src bytes a word load may start in, while the callee runs. */
static const char *readable_begin, *readable_end;

/* Called by the implementation's word-load helper in fuzz builds (see word_at_a_time.h). */
void strscpy_read_hook(const void *addr);
void strscpy_read_hook(const void *addr)
{
	const char *at = addr;

	if (at < readable_begin || at >= readable_end)
		report_read_outside_window(&current, addr);
}

const struct run *run_in_progress(void)
{
	return current.arena ? &current : NULL;
}

void describe_input(const struct target *t, const uint8_t *data, size_t size, struct strscpy_case *c)
{
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

void run_input(const struct target *t, const uint8_t *data, size_t size)
{
	struct run *r = &current;
	struct arena *a = arena_get();
	uint8_t *expected_dest = reference_dest(a);
	bool rejected, hole;
	long faults;

	if (!r->arena)
		catch_guard_faults(r);
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

	readable_begin = r->p.src;
	readable_end = r->p.src + r->c.window;
	hole = r->p.hole_begin < r->p.hole_end;
	faults = hole ? minor_faults() : 0;
	r->actual = t->impl(r->p.dest, r->p.src, r->c.count);
	r->touched_new_pages = hole && minor_faults() != faults;
	readable_begin = readable_end = NULL;
	r->returned = true;

	check_oracles(r);
	arena_release(a);
}
