/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

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

/*
 * dest's bytes that hold the string, and its terminator where the contract writes one; an
 * appending contract's after dest's own string, all of count when it holds no NUL there.
 */
static size_t terminated_length(const struct run *r, const struct contract *k)
{
	size_t string = r->c.len < r->c.src_size ? r->c.len : r->c.src_size;
	size_t kept = r->c.dest_len < r->c.count ? r->c.dest_len : r->c.count;
	size_t room = r->c.count - kept;

	if (r->c.refused)
		return 0;
	if (k->terminates == TERMINATES_NEVER || room == 0)
		return kept + (string < room ? string : room);
	return kept + (string < room ? string + 1 : room);
}

/* What every byte of a tail the contract fixes must hold. */
static uint8_t tail_byte(const struct run *r, const struct contract *k)
{
	switch (k->tail) {
	case TAIL_PADDED:
		return r->c.pad;
	case TAIL_LEFT:
		return r->c.fill;
	default:
		return 0;
	}
}

void expect_outcome(struct run *r)
{
	const struct contract *k = r->target->contract;
	struct expected_outcome *e = &r->expect;
	uint8_t *bytes = reference_dest(r->arena);
	size_t count = reference_count(r);

	/* What dest holds that the callee may read, the reference reads too. */
	memcpy(bytes, r->p.dest, r->c.dest_window);
	e->value = call(&k->reference, (char *)bytes, r->p.src, count, &r->c);
	e->bytes = bytes;
	e->owned = r->c.refused ? 0 : r->c.count;
	e->terminated = terminated_length(r, k);
	e->tail_fixed = contract_fixes_tail(k);
	e->tail_byte = tail_byte(r, k);
	e->writes_tail = e->tail_fixed && k->tail != TAIL_LEFT && !r->c.refused;
	/* A tail the reference writes (zeros, pad bytes) is compared with its bytes. */
	e->must_match = e->writes_tail ? count : e->terminated;
}

uint8_t fixed_tail_byte(const struct run *r, size_t j)
{
	return r->target->contract->tail == TAIL_LEFT && j == r->c.dest_nul ? 0 : r->expect.tail_byte;
}
