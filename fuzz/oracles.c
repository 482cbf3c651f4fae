/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>

#include "oracles.h"
#include "report.h"
#include "sanitizers.h"

/*
 * The spans checked run to kilobytes per input, and a byte loop here, with
 * every compare traced for coverage, was most of the harness's time: each
 * check compares whole spans with memcmp first and walks bytes only on a
 * mismatch, to find it.  Up to the 2 GiB a padding callee writes at INT_MAX:
 * a span that long is compared a word at a time, a loop an emulator turns into
 * host code where its memcmp may walk bytes (40 times slower under qemu-s390x).
 */
#define WORD_SCAN_MIN ((size_t)1 << 20)

/* No coverage: a 2 GiB span would be 2^28 callbacks, and the harness's compares teach nothing. */
HARNESS_NO_COVERAGE
static const uint8_t *first_not_by_words(const uint8_t *begin, const uint8_t *end, uint8_t value)
{
	const uintptr_t pattern = (uintptr_t)-1 / 0xff * value;
	uintptr_t word;

	while (begin < end && (uintptr_t)begin % sizeof(word) != 0 && *begin == value)
		begin++;
	for (; (uintptr_t)begin % sizeof(word) == 0 && (size_t)(end - begin) >= sizeof(word);
	     begin += sizeof(word)) {
		memcpy(&word, begin, sizeof(word));
		if (word != pattern)
			break;
	}
	while (begin < end && *begin == value)
		begin++;
	return begin < end ? begin : NULL;
}

static const uint8_t *first_not(const uint8_t *begin, const uint8_t *end, uint8_t value)
{
	if (begin < end && (size_t)(end - begin) >= WORD_SCAN_MIN)
		return first_not_by_words(begin, end, value);
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

	return dest + (r->expect.owned < mapped ? r->expect.owned : mapped);
}

void check_sentinels(const struct run *r)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest, *dest_end = owned_end(r);
	const uint8_t *at;

	if (r->c.refused) {
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
	const struct expected_outcome *e = &r->expect;
	size_t i;

	if (memcmp(dest, e->bytes, e->must_match) == 0)
		return;
	for (i = 0; i < e->must_match; i++) {
		if (dest[i] == e->bytes[i])
			continue;
		if (i < e->terminated)
			report_copied_bytes(r, i);
		report_padding(r, i);
	}
}

/* A tail the contract fixes: every byte is tail_byte, but where a tail left alone keeps dest's NUL. */
static void check_fixed_tail(const struct run *r, const uint8_t *dest, const uint8_t *from,
			     const uint8_t *dest_end)
{
	const uint8_t *at = from;

	while ((at = first_not(at, dest_end, r->expect.tail_byte)) != NULL) {
		if (*at != fixed_tail_byte(r, (size_t)(at - dest)))
			report_padding(r, (size_t)(at - dest));
		at++;
	}
}

/*
 * Past what must match, each byte may be left alone or zeroed, nothing else; where the
 * contract fixes its tail, only what it fixes.
 */
static void check_after_terminator(const struct run *r, const uint8_t *dest, const uint8_t *from,
				   const uint8_t *dest_end)
{
	const uint8_t *at = from;

	if (r->expect.tail_fixed) {
		check_fixed_tail(r, dest, from, dest_end);
		return;
	}

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
 * (A contract that fixes its tail has no hole: its counts are cut to what dest holds.)
 */
static void check_hole(const struct run *r, const uint8_t *dest)
{
	const uint8_t *run = r->p.hole_begin, *run_end, *at;

	if (!r->touched_new_pages)
		return;
	while ((run = arena_resident_run(r->arena, run, r->p.hole_end, &run_end)) != NULL) {
		sanitizer_check_initialized(run, (size_t)(run_end - run));
		at = first_not(run, run_end, 0);
		if (at && r->expect.tail_fixed)
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
	if (r->actual != r->expect.value)
		report_return_value(r);
	check_copy(r, dest);
	if (r->p.hole_begin < dest_end) {
		check_after_terminator(r, dest, dest + r->expect.must_match, r->p.hole_begin);
		check_hole(r, dest);
		check_after_terminator(r, dest, r->p.hole_end, dest_end);
	} else {
		check_after_terminator(r, dest, dest + r->expect.must_match, dest_end);
	}
}
