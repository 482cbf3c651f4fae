/* SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "contract_test.h"
#include "copy_case.h"

#define WORD sizeof(unsigned long)
#define LONGEST (3 * WORD + 2)
/* src and dest each at every offset from 0 to 2 * WORD. */
#define SKEW_MAX (2 * WORD)

/* The byte values zero-byte tricks get wrong: a borrow, a top bit, or both. */
static const uint8_t tricky[] = { 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff };
#define TRICKY_KINDS sizeof(tricky)

/* After the NUL: non-zero tricky bytes first, so any of them copied to dest shows. */
static const uint8_t after_nul[] = { 0x01, 0x80, 0xff, 0x7f, 0x81, 0xfe, 0x41, 0x01,
				     0x80, 0x42, 0xff, 0x01, 0x00, 0x81, 0x43, 0x7f };

static uint8_t letters[LONGEST];

static void make_letters(void)
{
	size_t i;

	for (i = 0; i < LONGEST; i++)
		letters[i] = (uint8_t)('a' + i % 26);
}

/* c at every src offset with every dest offset. */
static void check_all_skews(const struct impl *impl, struct copy_case *c)
{
	for (c->src_skew = 0; c->src_skew <= SKEW_MAX; c->src_skew++)
		for (c->dest_skew = 0; c->dest_skew <= SKEW_MAX; c->dest_skew++)
			check_copy(impl, c);
}

/*
 * c at every src offset, dest aligned like src and one byte off: all that
 * dest's alignment decides is whether an aligned-only word loop runs.
 */
static void check_src_skews(const struct impl *impl, struct copy_case *c)
{
	for (c->src_skew = 0; c->src_skew <= SKEW_MAX; c->src_skew++)
		for (c->dest_skew = c->src_skew; c->dest_skew <= c->src_skew + 1; c->dest_skew++)
			check_copy(impl, c);
}

/* count 0 and above INT_MAX: -E2BIG, nothing written, src (in the guard page) not read. */
static void test_rejected_counts(const struct impl *impl)
{
	static const size_t rejected[] = {
		0, (size_t)INT_MAX + 1, (size_t)INT_MAX + 2, UINT_MAX,
#if SIZE_MAX > UINT_MAX
		/* Counts whose low 32 bits are a small int: a truncating check would accept them. */
		(size_t)UINT_MAX + 1, (size_t)UINT_MAX + 2, (size_t)UINT_MAX + 9,
#endif
		SIZE_MAX / 2 + 1, SIZE_MAX - 1, SIZE_MAX,
	};
	struct copy_case c = { .str = letters, .len = WORD, .after = after_nul,
			       .after_len = sizeof(after_nul) };
	size_t i;

	for (i = 0; i < sizeof(rejected) / sizeof(rejected[0]); i++) {
		c.count = rejected[i];
		for (c.dest_skew = 0; c.dest_skew <= SKEW_MAX; c.dest_skew++)
			check_copy(impl, &c);
	}
}

/*
 * Every count where the path changes, for every string length: 1 and 2, the
 * exact fit (strlen == count - 1) and one over (strlen == count) with their
 * neighbours, and the word multiples +-1.
 */
static void test_count_boundaries(const struct impl *impl)
{
	struct copy_case c = { .str = letters, .after = after_nul, .after_len = sizeof(after_nul) };
	size_t count;

	for (c.len = 0; c.len <= LONGEST; c.len++)
		for (count = 1; count <= LONGEST + 2; count++) {
			bool near_len = count + 1 >= c.len && count <= c.len + 2;
			bool near_word = (count + 1) % WORD <= 2;

			if (count > 2 && !near_len && !near_word)
				continue;
			c.count = count;
			check_all_skews(impl, &c);
		}
}

/*
 * INT_MAX is the largest count accepted: the string fits, and nothing past the
 * terminator's word is touched (dest is only that long).
 */
static void test_largest_count(const struct impl *impl)
{
	struct copy_case c = { .str = letters, .after = after_nul, .after_len = sizeof(after_nul),
			       .count = INT_MAX };

	for (c.len = 0; c.len <= LONGEST; c.len++)
		check_all_skews(impl, &c);
}

/*
 * The tricky bytes right before the NUL and right after it, with the NUL at
 * every position in a word: copied exactly, never leaked past the terminator,
 * and cut right when the string is one byte too long.
 */
static void test_bytes_around_nul(const struct impl *impl)
{
	uint8_t str[2 * WORD + 1], after[sizeof(after_nul) + 1];
	struct copy_case c = { .str = str, .after = after, .after_len = sizeof(after) };
	size_t first, i, next;

	for (i = 0; i < sizeof(after_nul); i++)
		after[i + 1] = after_nul[i];
	for (c.len = 0; c.len <= sizeof(str); c.len++)
		for (first = 0; first < TRICKY_KINDS; first++) {
			for (i = 0; i < c.len; i++)
				str[i] = tricky[(first + i) % TRICKY_KINDS];
			for (next = 0; next <= TRICKY_KINDS; next++) {
				after[0] = next < TRICKY_KINDS ? tricky[next] : 0x00;
				c.count = c.len + 1 + 2 * WORD;
				check_src_skews(impl, &c);
			}
			c.count = c.len + 1;
			check_all_skews(impl, &c);
			if (c.len) {
				c.count = c.len;
				check_all_skews(impl, &c);
			}
		}
}

void test_contract(const struct impl *impl)
{
	make_letters();
	test_rejected_counts(impl);
	test_count_boundaries(impl);
	test_largest_count(impl);
	test_bytes_around_nul(impl);
}
