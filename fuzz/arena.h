/* SPDX-License-Identifier: MIT */
/*
 * The guard-page arena: a src region and a dest region, each a few pages long
 * with a PROT_NONE page on both sides, mapped once per process.  A case is
 * placed by offsets from the region starts, never by absolute address, so a
 * verdict does not depend on ASLR.
 */
#ifndef FUZZ_ARENA_H
#define FUZZ_ARENA_H

#include <stdint.h>

#include "case.h"

#define ARENA_REGION_PAGES 4
/* Bytes on each side of dest[0..count) that are pre-filled and must stay untouched. */
#define ARENA_SENTINEL 64

struct arena {
	struct layout layout;
	uint8_t *src_region;
	uint8_t *dest_region;
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
};

enum guard_hit { GUARD_NONE, GUARD_BELOW_SRC, GUARD_ABOVE_SRC, GUARD_BELOW_DEST, GUARD_ABOVE_DEST };

/* The process's arena, mapped on first use. */
struct arena *arena_get(void);

/* Rewrite every byte c uses: src and what follows it, dest and its sentinels. */
void arena_place(struct arena *a, const struct strscpy_case *c, struct placement *p);

enum guard_hit arena_guard_hit(const struct arena *a, const void *addr);

#endif
