/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "oracles.h"
#include "report.h"
#include "sanitizers.h"

/*
 * The spans checked run to kilobytes per input, and a byte loop here, with
 * every compare traced for coverage, was most of the harness's time: each
 * check compares whole spans with memcmp first and walks bytes only on a
 * mismatch, to find it.
 */
static const uint8_t *first_not(const uint8_t *begin, const uint8_t *end, uint8_t value)
{
	/* Every byte is value when the first is and each equals the one after it. */
	if (begin >= end ||
	    (*begin == value && memcmp(begin, begin + 1, (size_t)(end - begin) - 1) == 0))
		return NULL;
	while (*begin == value)
		begin++;
	return begin;
}

/* dest[0..count), as far as the region maps it: a huge count reaches past it. */
static const uint8_t *owned_end(const struct run *r)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest;
	size_t mapped = (size_t)(r->p.checked_end - dest);

	return dest + (count_rejected(r->c.count) ? 0 : r->c.count < mapped ? r->c.count : mapped);
}

void check_sentinels(const struct run *r)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest, *dest_end = owned_end(r);
	const uint8_t *at;

	if (count_rejected(r->c.count)) {
		at = first_not(r->p.checked_begin, r->p.checked_end, r->c.fill);
		if (at)
			report_write_on_rejected_count(r, at);
		return;
	}
	at = first_not(r->p.checked_begin, dest, r->c.fill);
	if (!at)
		at = first_not(dest_end, r->p.checked_end, r->c.fill);
	if (at)
		report_write_outside_dest(r, at, 0);
}

static void check_copy(const struct run *r, const uint8_t *dest)
{
	size_t i;

	if (memcmp(dest, r->expected_dest, r->expected_written) == 0)
		return;
	for (i = 0; i < r->expected_written; i++) {
		if (dest[i] == r->expected_dest[i])
			continue;
		if (i < r->terminated)
			report_copied_bytes(r, i);
		report_padding(r, i);
	}
}

/* strscpy may leave the bytes after the terminator alone or zero them: nothing else. */
static void check_after_terminator(const struct run *r, const uint8_t *dest, const uint8_t *from,
				   const uint8_t *dest_end)
{
	const uint8_t *at = from;

	/* Skip each run of zeros whole: one first_not() per run, not per byte. */
	while ((at = first_not(at, dest_end, r->c.fill)) != NULL) {
		if (*at != 0)
			report_leak_after_terminator(r, (size_t)(at - dest));
		while (at < dest_end && *at == 0)
			at++;
	}
}

/*
 * The hole was zero and is after the terminator: zero is all it may hold, as
 * padding or as bytes left alone.  Only the pages the callee touched can differ.
 */
static void check_hole(const struct run *r, const uint8_t *dest)
{
	const uint8_t *run = r->p.hole_begin, *run_end, *at;

	if (!r->touched_new_pages)
		return;
	while ((run = arena_resident_run(r->arena, run, r->p.hole_end, &run_end)) != NULL) {
		sanitizer_check_initialized(run, (size_t)(run_end - run));
		at = first_not(run, run_end, 0);
		if (at && r->target->pads)
			report_padding(r, (size_t)(at - dest));
		if (at)
			report_leak_after_terminator(r, (size_t)(at - dest));
		run = run_end;
	}
}

void check_oracles(const struct run *r)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest, *dest_end = owned_end(r);

	sanitizer_check_initialized(r->p.checked_begin, (size_t)(r->p.hole_begin - r->p.checked_begin));
	sanitizer_check_initialized(r->p.hole_end, (size_t)(r->p.checked_end - r->p.hole_end));
	check_sentinels(r);
	if (r->actual != r->expected)
		report_return_value(r);
	check_copy(r, dest);
	if (r->p.hole_begin < dest_end) {
		check_after_terminator(r, dest, dest + r->expected_written, r->p.hole_begin);
		check_hole(r, dest);
		check_after_terminator(r, dest, r->p.hole_end, dest_end);
	} else {
		check_after_terminator(r, dest, dest + r->expected_written, dest_end);
	}
}
