/* SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "call.h"
#include "expect.h"
#include "run.h"

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
 * The reference's dest is the region's size: past the string and its NUL, the
 * contract fixes what it writes (nothing, or zeros), so a count larger than
 * that buffer is cut to it without changing the verdict.
 */
static size_t reference_count(const struct run *r)
{
	size_t region = r->arena->layout.region;

	return r->c.refused || r->c.count <= region ? r->c.count : region;
}

void expect_outcome(struct run *r)
{
	const struct contract *k = r->target->contract;
	struct expected_outcome *e = &r->expect;
	uint8_t *bytes = reference_dest(r->arena);
	size_t count = reference_count(r);

	e->value = call(&k->reference, (char *)bytes, r->p.src, count);
	e->bytes = bytes;
	e->owned = r->c.refused ? 0 : r->c.count;
	e->terminated = r->c.refused ? 0 : r->c.len < r->c.count ? r->c.len + 1 : r->c.count;
	e->tail_zeroed = k->tail == TAIL_ZEROED;
	e->must_match = e->tail_zeroed && !r->c.refused ? count : e->terminated;
}
