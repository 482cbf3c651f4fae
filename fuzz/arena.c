/* SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arena.h"
#include "sanitizers.h"

/* Pages asked about per mincore() call: 16 MiB of dest with 4 KiB pages. */
#define MINCORE_CHUNK_PAGES 4096
/* A hole this large gets huge pages: smaller ones hold no aligned 2 MiB block to use them. */
#define HUGE_HOLE ((size_t)4 << 20)

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

/*
 * guard | reserved bytes, the first usable of them readable and writable | guard.
 * MAP_NORESERVE: the rest is address space only, until a case commits it.
 */
static uint8_t *map_guarded(size_t page, size_t usable, size_t reserved)
{
	uint8_t *base = mmap(NULL, reserved + 2 * page, PROT_NONE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (base == MAP_FAILED)
		return NULL;
	if (mprotect(base + page, usable, PROT_READ | PROT_WRITE) != 0) {
		perror("strscpy-fuzz: mapping the guard-page arena");
		abort();
	}
	return base + page;
}

/* Advice the kernel may lack (huge pages): not needed for a verdict, only for speed. */
static void advise(uint8_t *begin, size_t size, int advice)
{
	(void)madvise(begin, size, advice);
}

/*
 * As much dest as the address space holds, up to every count to INT_MAX
 * (rounded up, 2 GiB); a 32-bit process may only find half or less.  Two more
 * pages: a mid-page dest starts one page in, and its sentinels end in the next.
 */
static void reserve_dest(struct arena *a)
{
	size_t page = a->layout.page, counts = (size_t)INT_MAX + 1;

	/*
	 * No C object spans more than PTRDIFF_MAX bytes (gcc's UBSan holds pointer
	 * arithmetic to it): on a 32-bit platform dest stops short of INT_MAX.
	 */
	while (counts + 4 * page > PTRDIFF_MAX)
		counts /= 2;
	for (; counts >= a->layout.dest_head; counts /= 2) {
		a->dest_reserved = counts + 2 * page;
		a->dest_region = map_guarded(page, a->layout.dest_head, a->dest_reserved);
		if (a->dest_region) {
			a->dest_committed = a->layout.dest_head;
			a->layout.count_max = counts > INT_MAX ? INT_MAX : counts;
			return;
		}
	}
	perror("strscpy-fuzz: reserving address space for dest");
	abort();
}

struct arena *arena_get(void)
{
	static struct arena arena;

	if (!arena.src_region) {
		arena.layout.page = (size_t)sysconf(_SC_PAGESIZE);
		arena.layout.region = ARENA_REGION_PAGES * arena.layout.page;
		arena.layout.dest_head = ARENA_DEST_HEAD_PAGES * arena.layout.page;
		arena.src_region = map_guarded(arena.layout.page, arena.layout.region,
					       arena.layout.region);
		if (!arena.src_region) {
			perror("strscpy-fuzz: mapping the guard-page arena");
			abort();
		}
		reserve_dest(&arena);
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

static size_t round_down(size_t n, size_t page)
{
	return n / page * page;
}

static void commit_dest(struct arena *a, size_t committed)
{
	if (committed <= a->dest_committed)
		return;
	if (mprotect(a->dest_region + a->dest_committed, committed - a->dest_committed,
		     PROT_READ | PROT_WRITE) != 0) {
		perror("strscpy-fuzz: committing dest pages");
		abort();
	}
	a->dest_committed = committed;
}

static void place_dest(struct arena *a, const struct strscpy_case *c, struct placement *p)
{
	size_t page = a->layout.page, region = a->layout.region;
	size_t begin = c->dest_offset > ARENA_SENTINEL ? c->dest_offset - ARENA_SENTINEL : 0;
	bool rejected = c->refused;
	/* A rejected count owns nothing, but a write anywhere in the region is still caught. */
	size_t reach = rejected ? min_size(c->count, region) : c->count;
	size_t end = c->dest_offset + reach + ARENA_SENTINEL;
	/* Before the guard: dest + count + skew is the end of a page, and the guard is the next one. */
	size_t committed = rejected ? a->layout.dest_head
			   : dest_span(c->params.dest_placement == DEST_BEFORE_GUARD ?
					       c->dest_offset + reach : end,
				       &a->layout);
	/* What the call may write and what dest holds before it: never in the hole. */
	size_t head_end = dest_span(c->dest_offset + c->dest_len + c->window, &a->layout);
	size_t tail_begin = round_down(end - min_size(end, 2 * ARENA_SENTINEL), page);

	commit_dest(a, committed);
	end = min_size(end, committed);
	p->dest = (char *)a->dest_region + c->dest_offset;
	p->checked_begin = a->dest_region + begin;
	p->checked_end = a->dest_region + end;
	p->hole_begin = p->hole_end = p->checked_end;
	if (tail_begin > head_end) {
		p->hole_begin = a->dest_region + head_end;
		p->hole_end = a->dest_region + tail_begin;
	}
	/*
	 * A padding callee writes the whole hole: 2 GiB at INT_MAX.  Huge pages
	 * take that from half a million page faults to a thousand; a callee that
	 * leaves the hole alone pays nothing for them.
	 */
	if ((size_t)(p->hole_end - p->hole_begin) >= HUGE_HOLE)
		advise(p->hole_begin, (size_t)(p->hole_end - p->hole_begin), MADV_HUGEPAGE);
	memset(p->checked_begin, c->fill, (size_t)(p->hole_begin - p->checked_begin));
	memset(p->hole_end, c->fill, (size_t)(p->checked_end - p->hole_end));
	if (!c->refused)
		memcpy(p->dest, c->dest_string, min_size(c->dest_len, c->count));
	if (c->dest_nul != SIZE_MAX)
		p->dest[c->dest_nul] = '\0';
}

/*
 * Give back what the last case committed past the head: the next case finds
 * zero pages, and its guard where its placement puts it.
 */
void arena_release(struct arena *a)
{
	size_t head = a->layout.dest_head, extra = a->dest_committed - head;

	if (!extra)
		return;
	/* One call drops the pages, the protection and the huge-page advice: a fresh reservation. */
	if (mmap(a->dest_region + head, extra, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0) == MAP_FAILED) {
		perror("strscpy-fuzz: releasing dest pages");
		abort();
	}
	a->dest_committed = head;
}

void arena_place(struct arena *a, const struct strscpy_case *c, struct placement *p)
{
	/* What a case that did not get as far as its end left (a sweep goes on after a report). */
	arena_release(a);
	place_src(a, c, p);
	place_dest(a, c, p);
}

const uint8_t *arena_resident_run(const struct arena *a, const uint8_t *from, const uint8_t *end,
				  const uint8_t **run_end)
{
	static unsigned char resident[MINCORE_CHUNK_PAGES];
	size_t page = a->layout.page, pages, i, first;

	for (; from < end; from += pages * page) {
		pages = min_size((size_t)(end - from) / page, MINCORE_CHUNK_PAGES);
		if (mincore((void *)from, pages * page, resident) != 0) {
			/*
			 * qemu-user cannot answer for a guest's reserved address space
			 * (ENOMEM): every page may have been touched, so all are checked.
			 */
			*run_end = end;
			return from;
		}
		for (first = 0; first < pages && !(resident[first] & 1); first++)
			;
		if (first == pages)
			continue;
		for (i = first; i < pages && (resident[i] & 1); i++)
			;
		*run_end = from + i * page;
		return from + first * page;
	}
	return NULL;
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
	/* Every page of the reservation the case did not commit is a guard. */
	if (at >= a->dest_region + a->dest_committed &&
	    (size_t)(at - a->dest_region) < a->dest_reserved + page)
		return GUARD_ABOVE_DEST;
	return GUARD_NONE;
}
