/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

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

void run_input(const struct target *t, const uint8_t *data, size_t size)
{
	struct run *r = &current;
	struct arena *a = arena_get();
	uint8_t *expected_dest = reference_dest(a);
	bool rejected;

	if (!r->arena)
		catch_guard_faults(r);
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

	readable_begin = r->p.src;
	readable_end = r->p.src + r->c.window;
	r->actual = t->impl(r->p.dest, r->p.src, r->c.count);
	readable_begin = readable_end = NULL;
	r->returned = true;

	check_oracles(r);
}
