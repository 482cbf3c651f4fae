/* SPDX-License-Identifier: MIT */
/*
 * The deterministic sweep: dest sizes around word sizes, src objects smaller than, as large
 * as and larger than dest, and every string length that is an edge for either size (0, 1,
 * n - 1, n, n + 1, the object's last byte), terminated and, when the facts allow, not.
 */
#include <string.h>

#include "sweep.h"

static const size_t dest_sizes[] = { 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33 };
#define DEST_SIZES (sizeof(dest_sizes) / sizeof(dest_sizes[0]))
/* Every length up to this is swept; past it, only the edges. */
#define ALL_LENGTHS 40

static bool near(size_t a, size_t b)
{
	return a + 2 >= b && a <= b + 2;
}

static bool edge_length(size_t len, size_t dest_size, size_t src_size)
{
	return len < ALL_LENGTHS || near(len, dest_size) || near(len + 1, src_size);
}

static void sweep_object(const struct site *from, const struct site *to, size_t dest_size,
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
		findings_check(from, to, &c, true);
	}
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

void sweep(const struct site *from, const struct site *to, const struct buffer_facts *facts)
{
	size_t i;

	if (facts->dest_size) {
		sweep_dest(from, to, facts->dest_size, facts);
		return;
	}
	for (i = 0; i < DEST_SIZES; i++)
		sweep_dest(from, to, dest_sizes[i], facts);
}
