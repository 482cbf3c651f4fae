/* SPDX-License-Identifier: MIT */
/*
 * The guard-page arena: a src region and a dest region, each a few pages long
 * with a PROT_NONE page on both sides, mapped once per process.  A case is
 * placed by offsets from the region starts, never by absolute address, so a
 * verdict does not depend on ASLR.
 *
 * dest owns dest[0..count) for every accepted count, INT_MAX included: its
 * head (a few pages more than the region) heads a reservation of PROT_NONE address space as large as the
 * largest count.  A case commits the pages it reaches; the guard above dest
 * is the first page it does not.  Past a huge count's first pages and before
 * its last ones lies a hole that is never pre-filled: its pages read as zero
 * until the callee writes them, only the pages it touched are checked, and
 * all of them are released before the next case is placed.
 */
#ifndef FUZZ_ARENA_H
#define FUZZ_ARENA_H

#include <stdint.h>

#include "case.h"

#define ARENA_REGION_PAGES 4
/*
 * dest's always-committed head: a mid-page dest with any count of the classes
 * below raw fits in it, so only raw and int-max counts commit (and release) pages.
 */
#define ARENA_DEST_HEAD_PAGES 8
/* Bytes on each side of dest[0..count) that are pre-filled and must stay untouched. */
#define ARENA_SENTINEL 64

struct arena {
	struct layout layout;
	uint8_t *src_region;
	uint8_t *dest_region;
	size_t dest_reserved; /* bytes of address space from dest_region on */
	size_t dest_committed; /* of them, readable and writable now: the head at least */
	uint8_t *junk;        /* what src_region holds where no case has written */
	size_t dirty_begin;   /* src_region bytes the last case overwrote */
	size_t dirty_end;
};

/* A case in place: its pointers, and the span of dest the oracles check. */
struct placement {
	char *src;
	char *dest;
	uint8_t *checked_begin;
	uint8_t *checked_end;
	/* Whole pages of [checked_begin, checked_end) left zero and unchecked until touched. */
	uint8_t *hole_begin;
	uint8_t *hole_end;
};

enum guard_hit { GUARD_NONE, GUARD_BELOW_SRC, GUARD_ABOVE_SRC, GUARD_BELOW_DEST, GUARD_ABOVE_DEST };

/* The process's arena, mapped on first use. */
struct arena *arena_get(void);

/*
 * Give back the dest pages a case committed, at its end: a case whose start
 * depended on what the one before it left would take other branches in a
 * fuzzer's persistent loop, for the same input (AFL++'s "stability").
 */
void arena_release(struct arena *a);

/* Rewrite every byte c uses: src and what follows it, dest and its sentinels. */
void arena_place(struct arena *a, const struct strscpy_case *c, struct placement *p);

/*
 * The first run of resident (touched) pages in [from, end), both page-aligned:
 * returns its start and sets *run_end, or returns NULL when there is none.
 */
const uint8_t *arena_resident_run(const struct arena *a, const uint8_t *from, const uint8_t *end,
				  const uint8_t **run_end);

enum guard_hit arena_guard_hit(const struct arena *a, const void *addr);

#endif
