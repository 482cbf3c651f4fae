/* SPDX-License-Identifier: MIT */
/*
 * The deterministic sweep: dest sizes around word sizes, src objects smaller than, as large
 * as and larger than dest, and every string length that is an edge for either size (0, 1,
 * n - 1, n, n + 1, the object's last byte), terminated and, when the facts allow, not.
 * Then dest sizes at the counts that matter to the family, with short strings: INT_MAX and
 * either side of it (strscpy takes n up to INT_MAX, strlcpy any n) and, where size_t has room,
 * one past 4 GiB (a count kept in 32 bits wraps to 1).  Each is owned in full, but observed
 * only at its ends (observe.h).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sweep.h"

static const size_t dest_sizes[] = { 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33 };
#define DEST_SIZES (sizeof(dest_sizes) / sizeof(dest_sizes[0]))
/* Every length up to this is swept; past it, only the edges. */
#define ALL_LENGTHS 40

static const size_t large_dest_sizes[] = {
	INT_MAX - 1, INT_MAX, (size_t)INT_MAX + 1,
#if SIZE_MAX > UINT32_MAX
	(size_t)UINT32_MAX + 2,
#endif
};
#define LARGE_DEST_SIZES (sizeof(large_dest_sizes) / sizeof(large_dest_sizes[0]))
/* src objects for a large dest: strings of 0, 1, a few bytes, a word and two words and one. */
static const size_t large_src_sizes[] = { 1, 2, 4, 9, 18 };
#define LARGE_SRC_SIZES (sizeof(large_src_sizes) / sizeof(large_src_sizes[0]))

static bool near(size_t a, size_t b)
{
	return a + 2 >= b && a <= b + 2;
}

static bool edge_length(size_t len, size_t dest_size, size_t src_size)
{
	return len < ALL_LENGTHS || near(len, dest_size) || near(len + 1, src_size);
}

/* Returns false, having stopped, at a case that could not be compared. */
static bool sweep_object(const struct site *from, const struct site *to, size_t dest_size,
			 size_t src_size, bool unterminated)
{
	static struct conversion_case c;
	size_t len;

	for (len = 0; len <= src_size; len++) {
		if (len == src_size && !unterminated)
			break;
		if (!edge_length(len, dest_size, src_size))
			continue;
		c.dest_size = dest_size;
		c.src_size = src_size;
		c.len = len;
		c.prior = CASE_PRIOR;
		case_fill(&c, NULL, 0);
		if (!findings_check(from, to, &c, true))
			return false;
	}
	return true;
}

/* src objects of a few sizes either side of dest's; the one size the facts fix otherwise. */
static void sweep_dest(const struct site *from, const struct site *to, size_t dest_size,
		       const struct buffer_facts *facts)
{
	size_t candidates[] = { 1, 2, dest_size - 1, dest_size, dest_size + 1, dest_size + 2,
				2 * dest_size + 1, ALL_LENGTHS + 2 };
	size_t i, j;

	if (facts->src_size) {
		sweep_object(from, to, dest_size, facts->src_size, facts->src_unterminated);
		return;
	}
	for (i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
		bool seen = candidates[i] == 0 || candidates[i] > CASE_SIZE_MAX;

		for (j = 0; j < i; j++)
			seen |= candidates[j] == candidates[i];
		if (!seen)
			sweep_object(from, to, dest_size, candidates[i], facts->src_unterminated);
	}
}

/*
 * Why the pair is not run on a large dest, or NULL: a site that pads would write (and commit) all
 * of it, gigabytes a case, so none is compared there.
 */
static const char *padding_site(const struct site *from, const struct site *to)
{
	static char why[200];

	if (!from->pads_dest && !to->pads_dest)
		return NULL;
	snprintf(why, sizeof(why), "%s pads all of dest, gigabytes a case",
		 from->pads_dest ? from->name : to->name);
	return why;
}

/*
 * Every length of each short src object (or of the one the facts fix) into a large dest; after
 * a case a site kept from being compared (a user's site that pads, say), none: each would cost
 * as much.
 */
static void sweep_large_dest(const struct site *from, const struct site *to, size_t dest_size,
			     const struct buffer_facts *facts)
{
	const char *padding = padding_site(from, to);
	bool all_compared = true;
	size_t i;

	if (padding || !observe_can_reserve(dest_size)) {
		findings_large_size_not_run(dest_size, padding ? padding : "no address space for it");
		return;
	}
	if (facts->src_size) {
		all_compared = sweep_object(from, to, dest_size, facts->src_size, facts->src_unterminated);
	} else {
		for (i = 0; i < LARGE_SRC_SIZES && all_compared; i++)
			all_compared = sweep_object(from, to, dest_size, large_src_sizes[i],
						    facts->src_unterminated);
	}
	if (!all_compared)
		findings_large_size_not_run(dest_size, "the cases after the first one not compared");
}

void sweep(const struct site *from, const struct site *to, const struct buffer_facts *facts)
{
	size_t i;

	if (facts->dest_size) {
		sweep_dest(from, to, facts->dest_size, facts);
		return;
	}
	for (i = 0; i < DEST_SIZES; i++)
		sweep_dest(from, to, dest_sizes[i], facts);
	for (i = 0; i < LARGE_DEST_SIZES; i++)
		sweep_large_dest(from, to, large_dest_sizes[i], facts);
}
