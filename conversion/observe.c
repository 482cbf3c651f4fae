/* SPDX-License-Identifier: MIT */
/*
 * Each call runs on buffers between PROT_NONE guard pages: src's readable bytes end right
 * at a guard, and dest's bytes too, with a band of sentinel bytes before them.  A fault on a
 * guard ends the call (siglongjmp) and is recorded; any other fault goes to the handler that
 * was installed before (the sanitizer's or libFuzzer's).
 *
 * How far a site reads src is measured the same way for any compiled code: the extent is the
 * fewest readable bytes, ending at a guard page, with which the call runs without a read
 * fault, found by bisection (a site that runs with k readable bytes runs with more).
 *
 * A large dest gets a mapping of its own for each call, reserved (MAP_NORESERVE, PROT_NONE)
 * and made writable only on the pages of its two end windows, then unmapped: a call commits
 * those few pages whatever its count, and one that writes (or pads) into the middle faults
 * on its first byte there.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fault_handler.h"
#include "observe.h"

#define SENTINEL 64
#define SENTINEL_BYTE 0x5c

/* A run of readable and writable pages with a guard page on each side. */
struct guarded {
	uint8_t *begin; /* the first readable byte */
	uint8_t *end;   /* the first byte of the guard page above */
};

/* A large dest's mapping: PROT_NONE but for the pages of its end windows; a guard page ends it. */
struct large_dest {
	uint8_t *mapping;
	size_t mapping_size;
	uint8_t *dest;
	uint8_t *middle;       /* dest + DEST_END_WINDOW: the first unobserved byte */
	uint8_t *middle_end;   /* dest + size - DEST_END_WINDOW */
	uint8_t *head_pages_end;   /* middle..head_pages_end: writable, checked after the call */
	uint8_t *tail_pages_begin; /* tail_pages_begin..middle_end: the same */
};

static struct guarded src_area, dest_area;
static struct large_dest large;
static sigjmp_buf escape;
static volatile sig_atomic_t calling;
static volatile enum fault fault_seen;

static bool in_range(const uint8_t *addr, const uint8_t *begin, size_t bytes)
{
	return addr >= begin && addr < begin + bytes;
}

static size_t page_size(void)
{
	return (size_t)sysconf(_SC_PAGESIZE);
}

static uint8_t *page_down(uint8_t *p)
{
	return p - (uintptr_t)p % page_size();
}

static uint8_t *page_up(uint8_t *p)
{
	return page_down(p + page_size() - 1);
}

static enum fault guard_fault(const void *addr)
{
	size_t page = page_size();

	if (large.mapping && in_range(addr, large.mapping, large.mapping_size))
		return in_range(addr, large.middle, (size_t)(large.middle_end - large.middle))
			       ? FAULT_UNOBSERVED
			       : FAULT_WRITE;
	if (in_range(addr, src_area.begin - page, page) || in_range(addr, src_area.end, page))
		return FAULT_READ;
	if (in_range(addr, dest_area.begin - page, page) || in_range(addr, dest_area.end, page))
		return FAULT_WRITE;
	return FAULT_NONE;
}

static void on_fault(int sig, siginfo_t *info, void *context)
{
	enum fault f = calling ? guard_fault(info->si_addr) : FAULT_NONE;

	(void)context;
	if (f != FAULT_NONE) {
		fault_seen = f;
		siglongjmp(escape, 1);
	}
	fault_handler_pass_on(sig);
}

static struct guarded map_guarded(size_t bytes)
{
	size_t page = page_size();
	size_t pages = (bytes + page - 1) / page;
	uint8_t *base = mmap(NULL, (pages + 2) * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct guarded g;

	if (base == MAP_FAILED || mprotect(base + page, pages * page, PROT_READ | PROT_WRITE) != 0)
		abort();
	g.begin = base + page;
	g.end = g.begin + pages * page;
	return g;
}

static void *reserve(size_t bytes)
{
	return mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
}

/* The mapping of a large dest: the sentinel band before it and a guard page after it. */
static size_t large_mapping_size(size_t dest_size)
{
	size_t page = page_size();

	return (dest_size + SENTINEL + page - 1) / page * page + 2 * page;
}

bool observe_can_reserve(size_t dest_size)
{
	size_t bytes = large_mapping_size(dest_size);
	void *mapping = bytes > dest_size ? reserve(bytes) : MAP_FAILED;

	if (mapping == MAP_FAILED)
		return false;
	munmap(mapping, bytes);
	return true;
}

static uint8_t *map_large_dest(size_t dest_size)
{
	struct large_dest d;
	uint8_t *head_pages;

	d.mapping_size = large_mapping_size(dest_size);
	d.mapping = reserve(d.mapping_size);
	if (d.mapping == MAP_FAILED)
		abort(); /* observe_can_reserve() said it could */
	d.dest = d.mapping + d.mapping_size - page_size() - dest_size;
	d.middle = d.dest + DEST_END_WINDOW;
	d.middle_end = d.dest + dest_size - DEST_END_WINDOW;
	d.head_pages_end = page_up(d.middle);
	d.tail_pages_begin = page_down(d.middle_end);
	head_pages = page_down(d.dest - SENTINEL);
	if (mprotect(head_pages, (size_t)(d.head_pages_end - head_pages), PROT_READ | PROT_WRITE) != 0 ||
	    mprotect(d.tail_pages_begin, (size_t)(d.dest + dest_size - d.tail_pages_begin),
		     PROT_READ | PROT_WRITE) != 0)
		abort();
	large = d;
	return d.dest;
}

static void unmap_large_dest(void)
{
	munmap(large.mapping, large.mapping_size);
	large = (struct large_dest){ 0 };
}

/* Whether the writable bytes of a large dest's middle still hold prior. */
static bool middle_unchanged(uint8_t prior)
{
	const uint8_t *p;

	for (p = large.middle; p < large.head_pages_end; p++)
		if (*p != prior)
			return false;
	for (p = large.tail_pages_begin; p < large.middle_end; p++)
		if (*p != prior)
			return false;
	return true;
}

/* dest's bytes before the call: all of a small dest; the writable pages of a large one. */
static void fill_dest(const struct conversion_case *c, uint8_t *dest)
{
	if (c->dest_size <= CASE_SIZE_MAX) {
		memset(dest, c->prior, c->dest_size);
		return;
	}
	memset(dest, c->prior, (size_t)(large.head_pages_end - dest));
	memset(large.tail_pages_begin, c->prior, (size_t)(dest + c->dest_size - large.tail_pages_begin));
}

/* dest's observed bytes into o->dest: all of a small dest; a large one's two end windows. */
static void copy_dest(const struct conversion_case *c, const uint8_t *dest, struct outcome *o)
{
	if (c->dest_size <= CASE_SIZE_MAX) {
		memcpy(o->dest, dest, c->dest_size);
		return;
	}
	memcpy(o->dest, dest, DEST_END_WINDOW);
	memcpy(o->dest + DEST_END_WINDOW, dest + c->dest_size - DEST_END_WINDOW, DEST_END_WINDOW);
}

static void set_up(void)
{
	if (src_area.begin)
		return;
	src_area = map_guarded(CASE_SIZE_MAX + CASE_BEYOND);
	dest_area = map_guarded(CASE_SIZE_MAX + SENTINEL);
	fault_handler_install(on_fault);
}

/* One call with the first readable bytes of c's src before the guard; fills o but its extent. */
static void call_once(const struct site *s, const struct conversion_case *c, size_t readable,
		      struct outcome *o)
{
	bool is_large = c->dest_size > CASE_SIZE_MAX;
	uint8_t *dest = is_large ? map_large_dest(c->dest_size) : dest_area.end - c->dest_size;
	static struct call call; /* static: read after a siglongjmp */
	size_t i;

	memcpy(src_area.end - readable, c->src, readable);
	memset(dest - SENTINEL, SENTINEL_BYTE, SENTINEL);
	fill_dest(c, dest);
	call = (struct call){ .dest = (char *)dest, .dest_size = c->dest_size,
			      .src = (const char *)src_area.end - readable, .src_size = c->src_size };
	o->fault = FAULT_NONE;
	o->success = 0;
	fault_seen = FAULT_NONE;
	if (sigsetjmp(escape, 1) == 0) {
		calling = 1;
		o->success = s->run(s, &call);
	} else {
		o->fault = fault_seen;
	}
	calling = 0;
	if (is_large && o->fault == FAULT_NONE && !middle_unchanged(c->prior))
		o->fault = FAULT_UNOBSERVED;
	o->returned = call.returned;
	o->wrote_outside = o->fault == FAULT_WRITE;
	for (i = 0; i < SENTINEL; i++)
		o->wrote_outside |= dest[(ptrdiff_t)i - SENTINEL] != SENTINEL_BYTE;
	copy_dest(c, dest, o);
	if (is_large)
		unmap_large_dest();
}

static bool read_faults(const struct site *s, const struct conversion_case *c, size_t readable,
			struct outcome *scratch)
{
	call_once(s, c, readable, scratch);
	return scratch->fault == FAULT_READ;
}

static size_t src_extent(const struct site *s, const struct conversion_case *c)
{
	static struct outcome scratch;
	size_t low = 0, high = case_readable(c);

	if (read_faults(s, c, high, &scratch))
		return EXTENT_UNBOUNDED;
	/* Bisect: high runs, every count below low faults. */
	while (low < high) {
		size_t middle = low + (high - low) / 2;

		if (read_faults(s, c, middle, &scratch))
			low = middle + 1;
		else
			high = middle;
	}
	return high;
}

/* The observed index after i: a large dest's middle is skipped, equal in every outcome. */
static size_t next_observed(const struct conversion_case *c, size_t i)
{
	if (c->dest_size > CASE_SIZE_MAX && i + 1 == DEST_END_WINDOW)
		return c->dest_size - DEST_END_WINDOW;
	return i + 1;
}

uint8_t outcome_dest_byte(const struct conversion_case *c, const struct outcome *o, size_t i)
{
	if (c->dest_size <= CASE_SIZE_MAX || i < DEST_END_WINDOW)
		return o->dest[i];
	if (i < c->dest_size - DEST_END_WINDOW)
		return c->prior;
	return o->dest[i - (c->dest_size - 2 * DEST_END_WINDOW)];
}

size_t first_differing_byte_from(const struct conversion_case *c, const struct outcome *a,
				 const struct outcome *b, size_t from)
{
	size_t i = from;

	if (c->dest_size > CASE_SIZE_MAX && i >= DEST_END_WINDOW && i < c->dest_size - DEST_END_WINDOW)
		i = c->dest_size - DEST_END_WINDOW;
	while (i < c->dest_size && outcome_dest_byte(c, a, i) == outcome_dest_byte(c, b, i))
		i = next_observed(c, i);
	return i < c->dest_size ? i : c->dest_size;
}

/* dest's first NUL, or dest_size; in a large dest's middle only when prior is one. */
static size_t terminator(const struct conversion_case *c, const struct outcome *o)
{
	size_t i = 0;

	if (c->dest_size > CASE_SIZE_MAX && c->prior == 0 && !memchr(o->dest, 0, DEST_END_WINDOW))
		return DEST_END_WINDOW;
	while (i < c->dest_size && outcome_dest_byte(c, o, i) != 0)
		i = next_observed(c, i);
	return i;
}

void observe(const struct site *s, const struct conversion_case *c, struct outcome *o)
{
	set_up();
	call_once(s, c, case_readable(c), o);
	o->terminator = terminator(c, o);
	/* A call into a large dest's middle is not compared: spare the calls the bisection makes. */
	o->extent = o->fault == FAULT_UNOBSERVED ? EXTENT_UNBOUNDED : src_extent(s, c);
}
