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
 */
#include <setjmp.h>
#include <signal.h>
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

static struct guarded src_area, dest_area;
static sigjmp_buf escape;
static volatile sig_atomic_t calling;
static volatile enum fault fault_seen;

static bool in_page(const uint8_t *addr, const uint8_t *page, size_t page_size)
{
	return addr >= page && addr < page + page_size;
}

static enum fault guard_fault(const void *addr)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	if (in_page(addr, src_area.begin - page, page) || in_page(addr, src_area.end, page))
		return FAULT_READ;
	if (in_page(addr, dest_area.begin - page, page) || in_page(addr, dest_area.end, page))
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
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t pages = (bytes + page - 1) / page;
	uint8_t *base = mmap(NULL, (pages + 2) * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct guarded g;

	if (base == MAP_FAILED || mprotect(base + page, pages * page, PROT_READ | PROT_WRITE) != 0)
		abort();
	g.begin = base + page;
	g.end = g.begin + pages * page;
	return g;
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
	uint8_t *dest = dest_area.end - c->dest_size;
	static struct call call; /* static: read after a siglongjmp */
	size_t i;

	memcpy(src_area.end - readable, c->src, readable);
	memset(dest - SENTINEL, SENTINEL_BYTE, SENTINEL);
	memset(dest, c->prior, c->dest_size);
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
	o->returned = call.returned;
	o->wrote_outside = o->fault == FAULT_WRITE;
	for (i = 0; i < SENTINEL; i++)
		o->wrote_outside |= dest[(ptrdiff_t)i - SENTINEL] != SENTINEL_BYTE;
	memcpy(o->dest, dest, c->dest_size);
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

void observe(const struct site *s, const struct conversion_case *c, struct outcome *o)
{
	set_up();
	call_once(s, c, case_readable(c), o);
	o->terminator = c->dest_size;
	if (memchr(o->dest, 0, c->dest_size))
		o->terminator = (size_t)((uint8_t *)memchr(o->dest, 0, c->dest_size) - o->dest);
	o->extent = src_extent(s, c);
}
