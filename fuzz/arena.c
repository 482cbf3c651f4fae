/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arena.h"
#include "sanitizers.h"

/*
 * Bytes after the NUL are junk, never quietly zero: mostly non-zero, with the
 * values that trip zero-byte tests mixed in (0x00, 0x01, 0x80..0xff).
 */
static void fill_junk(uint8_t *junk, size_t size)
{
	uint32_t state = 0x9e3779b9u;
	size_t i;

	for (i = 0; i < size; i++) {
		state ^= state << 13;
		state ^= state >> 17;
		state ^= state << 5;
		switch (state & 15) {
		case 0:
			junk[i] = 0x00;
			break;
		case 1:
			junk[i] = 0x01;
			break;
		case 2: case 3: case 4: case 5:
			junk[i] = (uint8_t)(0x80 | (state >> 8));
			break;
		default:
			junk[i] = (uint8_t)(0x02 + (state >> 8) % 0x7e);
			break;
		}
	}
}

static uint8_t *map_guarded_regions(size_t page, size_t region)
{
	/* guard | src region | guard | guard | dest region | guard: no guard is shared. */
	size_t total = 4 * page + 2 * region;
	uint8_t *base = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (base == MAP_FAILED || mprotect(base + page, region, PROT_READ | PROT_WRITE) != 0 ||
	    mprotect(base + 3 * page + region, region, PROT_READ | PROT_WRITE) != 0) {
		perror("strscpy-fuzz: mapping the guard-page arena");
		abort();
	}
	return base + page;
}

struct arena *arena_get(void)
{
	static struct arena arena;

	if (!arena.src_region) {
		arena.layout.page = (size_t)sysconf(_SC_PAGESIZE);
		arena.layout.region = ARENA_REGION_PAGES * arena.layout.page;
		arena.src_region = map_guarded_regions(arena.layout.page, arena.layout.region);
		arena.dest_region = arena.src_region + arena.layout.region + 2 * arena.layout.page;
		arena.junk = malloc(arena.layout.region);
		if (!arena.junk)
			abort();
		fill_junk(arena.junk, arena.layout.region);
		memcpy(arena.src_region, arena.junk, arena.layout.region);
	}
	return &arena;
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

static void place_src(struct arena *a, const struct strscpy_case *c, struct placement *p)
{
	size_t region = a->layout.region;
	size_t room = region - c->src_offset;
	size_t written = min_size(c->payload_len, room);

	/* Put back the junk the previous case overwrote: no byte may depend on an earlier input. */
	memcpy(a->src_region + a->dirty_begin, a->junk + a->dirty_begin, a->dirty_end - a->dirty_begin);

	p->src = (char *)a->src_region + c->src_offset;
	memcpy(p->src, c->payload, written);
	/* The NUL lies beyond the region only when count stops the copy first. */
	if (c->len < room) {
		p->src[c->len] = '\0';
		written = written > c->len ? written : c->len + 1;
	}
	a->dirty_begin = c->src_offset;
	a->dirty_end = c->src_offset + written;

	/* Under MSan, every src byte the callee may not read counts as uninitialised. */
	sanitizer_poison(a->src_region, c->src_offset);
	sanitizer_poison(p->src + c->window, room - c->window);
}

static void place_dest(struct arena *a, const struct strscpy_case *c, struct placement *p)
{
	size_t region = a->layout.region;
	size_t begin = c->dest_offset > ARENA_SENTINEL ? c->dest_offset - ARENA_SENTINEL : 0;
	size_t room = region - c->dest_offset;
	size_t end = c->dest_offset + min_size(c->count, room);

	end = min_size(end + ARENA_SENTINEL, region);
	p->dest = (char *)a->dest_region + c->dest_offset;
	p->checked_begin = a->dest_region + begin;
	p->checked_end = a->dest_region + end;
	memset(p->checked_begin, c->fill, end - begin);
	if (c->dest_nul != SIZE_MAX)
		p->dest[c->dest_nul] = '\0';
}

void arena_place(struct arena *a, const struct strscpy_case *c, struct placement *p)
{
	place_src(a, c, p);
	place_dest(a, c, p);
}

enum guard_hit arena_guard_hit(const struct arena *a, const void *addr)
{
	const uint8_t *at = addr;
	size_t page = a->layout.page, region = a->layout.region;

	if (!a->src_region)
		return GUARD_NONE;
	if (at >= a->src_region - page && at < a->src_region)
		return GUARD_BELOW_SRC;
	if (at >= a->src_region + region && at < a->src_region + region + page)
		return GUARD_ABOVE_SRC;
	if (at >= a->dest_region - page && at < a->dest_region)
		return GUARD_BELOW_DEST;
	if (at >= a->dest_region + region && at < a->dest_region + region + page)
		return GUARD_ABOVE_DEST;
	return GUARD_NONE;
}
