/* SPDX-License-Identifier: MIT */
#include <stdint.h>

#include "race.h"
#include "report.h"
#include "sanitizers.h"
#include "trace.h"
#include "transient.h"

/* The work budget: accesses per contract byte, and a constant for the calls with none. */
#define WORK_PER_BYTE 4
#define WORK_CONSTANT 64

static struct {
	bool armed;
	struct run *run;
	uintptr_t src_area, src_area_end;   /* the src region and its guard pages */
	uintptr_t src_region, src_region_end;
	uintptr_t lent, lent_end;           /* src bytes unpoisoned for one allowed load (MSan) */
	uintptr_t dest_area, dest_area_end; /* dest's reservation and its guard pages */
	uintptr_t src, window_end;
	uintptr_t dest, dest_window_end; /* dest's readable window, empty unless it appends */
	uintptr_t dest_end;
	uintptr_t padding; /* from here to dest_end: after the terminator */
	uintptr_t rewritten, rewritten_end; /* dest and its sentinels: the arena rewrites them */
	uintptr_t hole, hole_end;           /* of them, never pre-filled: not rewritten */
	struct trace_work work;
} trace;

bool trace_compiled_in(void)
{
#ifdef HARNESS_TRACE
	return true;
#else
	return false;
#endif
}

/*
 * Work the contract justifies for a call that may read readable bytes and must
 * store stored ones (a padding function all of count, though its padding
 * stores are not counted: it may spend the work on them another way, as a
 * strncpy that loads src[len] again for each pad byte does): 4 accesses per
 * byte plus a constant.  A byte loop makes
 * 2 per byte (a load and a store), a word loop far fewer; anything above
 * this redoes work the string does not need.
 */
static size_t trace_work_budget(size_t readable, size_t stored)
{
	return WORK_PER_BYTE * (readable + stored) + WORK_CONSTANT;
}

void trace_begin(struct run *r)
{
	const struct arena *a = r->arena;
	size_t page = a->layout.page;
	/* A src that changes may lengthen the string up to count: so may the work. */
	size_t readable = r->schedule ? race_window(r) : r->c.window;
	/* Under a race the terminator may land anywhere the string may grow to. */
	size_t needed = r->schedule ? readable : r->expect.terminated;
	/* A padding contract makes it write all it owns. */
	size_t must_write = r->schedule ? readable
			    : r->expect.writes_tail ? r->expect.owned : r->expect.terminated;

	trace.run = r;
	trace.src_area = (uintptr_t)a->src_region - page;
	trace.src_area_end = (uintptr_t)a->src_region + a->layout.region + page;
	trace.src_region = (uintptr_t)a->src_region;
	trace.src_region_end = (uintptr_t)a->src_region + a->layout.region;
	trace.lent = trace.lent_end = 0;
	/* On a 32-bit host the reservation may end at the top of the address space. */
	trace.dest_area = (uintptr_t)a->dest_region - page;
	trace.dest_area_end = UINTPTR_MAX - (uintptr_t)a->dest_region < a->dest_reserved + page
				      ? UINTPTR_MAX
				      : (uintptr_t)a->dest_region + a->dest_reserved + page;
	trace.src = (uintptr_t)r->p.src;
	trace.window_end = trace.src + readable;
	trace.dest = (uintptr_t)r->p.dest;
	/* dest's string is readable only to a contract that appends to it. */
	trace.dest_window_end = trace.dest + r->c.dest_window;
	trace.dest_end = trace.dest + r->expect.owned;
	trace.padding = trace.dest + needed;
	trace.rewritten = (uintptr_t)r->p.checked_begin;
	trace.rewritten_end = (uintptr_t)r->p.checked_end;
	trace.hole = (uintptr_t)r->p.hole_begin;
	trace.hole_end = (uintptr_t)r->p.hole_end;
	trace.work = (struct trace_work){
		.budget = trace_work_budget(readable + r->c.dest_window, must_write),
		.readable = readable + r->c.dest_window,
		.must_write = must_write,
	};
	trace.armed = true;
}

/*
 * MSan: arena.c poisons every src byte outside the window, yet the rule lets a
 * load that starts in the window (or an aligned block that overlaps it) cover
 * bytes past it, as a word that holds the NUL does.  Such a load alone sees its
 * bytes initialized: they are unpoisoned just before it and poisoned again at
 * the next access, so a value built only from bytes the rule lets the callee
 * read is clean, and a load the rule forbids still finds the poison (and only
 * MSan reports it, when its value is used: the ASan pass reports the load).
 */
static void poison_outside_window(uintptr_t begin, uintptr_t end)
{
	if (begin < trace.src)
		sanitizer_poison((const void *)begin, (end < trace.src ? end : trace.src) - begin);
	if (end > trace.window_end) {
		begin = begin > trace.window_end ? begin : trace.window_end;
		sanitizer_poison((const void *)begin, end - begin);
	}
}

static void take_back_lent(void)
{
	if (trace.lent_end > trace.lent) {
		poison_outside_window(trace.lent, trace.lent_end);
		trace.lent = trace.lent_end = 0;
	}
}

static void lend(uintptr_t a, size_t size)
{
	trace.lent = a > trace.src_region ? a : trace.src_region;
	trace.lent_end = a + size < trace.src_region_end ? a + size : trace.src_region_end;
	if (trace.lent_end > trace.lent)
		sanitizer_unpoison((const void *)trace.lent, trace.lent_end - trace.lent);
}

void trace_end(void)
{
	if (!trace.armed)
		return;
	trace.armed = false;
	take_back_lent();
}

/* The end of [a, a + size), held at the top of the address space: a huge size must not wrap. */
static uintptr_t end_of(uintptr_t a, size_t size)
{
	return size > UINTPTR_MAX - a ? UINTPTR_MAX : a + size;
}

static bool in_src_area(uintptr_t a, size_t size)
{
	return a < trace.src_area_end && end_of(a, size) > trace.src_area;
}

/* The two areas are separate mappings, in no particular order. */
static bool touches_arena(uintptr_t a, size_t size)
{
	return in_src_area(a, size) || (a < trace.dest_area_end && end_of(a, size) > trace.dest_area);
}

/* Whether [a, a + size) lies in [begin, end): a bulk load in a window, an access in a span. */
static bool within(uintptr_t a, size_t size, uintptr_t begin, uintptr_t end)
{
	return a >= begin && end_of(a, size) <= end;
}

/* dest bytes the next case's placement rewrites: a bad store there harms no later case. */
static bool rewritten(uintptr_t a, size_t size)
{
	return within(a, size, trace.rewritten, trace.rewritten_end) &&
	       (end_of(a, size) <= trace.hole || a >= trace.hole_end);
}

/*
 * Record a bad access; stop the call unless it can go on safely (safe) and there is room
 * for another.  The report lists them all, under the first one's class.  Not under MSan:
 * there a load the rule forbids is MSan's to judge when its value is used, and a call that
 * went on would end in that finding instead of the first bad access's report.
 */
static void violation(enum violation_class class, uintptr_t a, size_t size, bool safe)
{
	struct run *r = trace.run;

	r->violations[r->violation_count++] =
		(struct violation){ .class = class, .at = (const uint8_t *)a, .size = size };
	if (!safe || sanitizer_tracks_initialization() || r->violation_count == RUN_VIOLATIONS_MAX)
		report_first_violation(r);
}

static void count_work(size_t *counter, size_t amount)
{
	*counter += amount;
	if (trace.work.loads + trace.work.stores > trace.work.budget)
		report_excess_work(trace.run, &trace.work);
}

/*
 * The block rule: start in the window [begin, end), or be an aligned block that overlaps it.
 * An empty window (a refused count, a dest not read) has nothing to overlap: no load at all.
 */
static bool sized_load_in(uintptr_t a, size_t size, uintptr_t begin, uintptr_t end)
{
	if (a >= begin && a < end)
		return true;
	return a % size == 0 && a < end && end_of(a, size) > begin && end > begin;
}

static bool load_in(uintptr_t a, size_t size, bool sized, uintptr_t begin, uintptr_t end)
{
	return sized ? sized_load_in(a, size, begin, end) : within(a, size, begin, end);
}

static void load(uintptr_t a, size_t size, bool sized)
{
	bool in_src = load_in(a, size, sized, trace.src, trace.window_end);
	bool allowed = in_src || load_in(a, size, sized, trace.dest, trace.dest_window_end);

	/*
	 * Under MSan a load of src the rule forbids finds its bytes poisoned: MSan judges what it
	 * does.  dest's bytes are never poisoned (they are the callee's to write): the trace judges.
	 */
	if (!allowed && (!sanitizer_tracks_initialization() || !in_src_area(a, size)))
		violation(READ_OUTSIDE_WINDOW, a, size,
			  within(a, size, trace.src_region, trace.src_region_end) ||
				  rewritten(a, size));
	/*
	 * Without MSan no byte is poisoned: nothing to lend, and nothing to take back at every access.
	 * Nor in the window, never poisoned: only a load past one of its ends borrows bytes.
	 */
	if (in_src && sized && sanitizer_tracks_initialization() &&
	    (a < trace.src || end_of(a, size) > trace.window_end))
		lend(a, size);
	count_work(&trace.work.loads, sized ? 1 : size);
	race_loaded((const uint8_t *)a, size);
}

/* Before a load starts: the last load's lent bytes back, and the other checks' hooks. */
static void load_start(void)
{
	take_back_lent();
	transient_settle();
	race_before_load();
}

void trace_load(const void *addr, size_t size)
{
	uintptr_t a = (uintptr_t)addr;

	if (!trace.armed || !touches_arena(a, size))
		return;
	load_start();
	load(a, size, true);
}

void trace_bulk_load_start(void)
{
	if (trace.armed)
		load_start();
}

void trace_bulk_load(const void *addr, size_t size)
{
	uintptr_t a = (uintptr_t)addr;

	if (!trace.armed || size == 0 || !touches_arena(a, size))
		return;
	load(a, size, false);
}

/* Of a bulk store's bytes, those before the padding. */
static size_t unpadded(uintptr_t a, size_t size)
{
	return end_of(a, size) <= trace.padding ? size : trace.padding - a;
}

static void store(uintptr_t a, size_t size, bool sized)
{
	if (!touches_arena(a, size))
		return;
	transient_settle();
	if (a < trace.dest || end_of(a, size) > trace.dest_end) {
		violation(trace.dest_end == trace.dest ? WRITE_ON_REJECTED_COUNT : WRITE_OUTSIDE_DEST, a,
			  size, rewritten(a, size));
		return;
	}
	if (a < trace.padding)
		count_work(&trace.work.stores, sized ? 1 : unpadded(a, size));
	transient_store((const uint8_t *)a, size);
}

void trace_store(void *addr, size_t size)
{
	if (trace.armed)
		store((uintptr_t)addr, size, true);
}

void trace_bulk_store(void *addr, size_t size)
{
	if (trace.armed && size)
		store((uintptr_t)addr, size, false);
}

/*
 * SanitizerCoverage's callbacks (clang 14 calls them, its runtimes do not
 * define them).  Each runs before its access; the pointee type does not
 * matter to the ABI, and __int128 does not exist on 32-bit targets.
 */
#define TRACE_CALLBACKS(size)                                   \
	void __sanitizer_cov_load##size(const void *addr);      \
	void __sanitizer_cov_load##size(const void *addr)       \
	{                                                       \
		trace_load(addr, size);                         \
	}                                                       \
	void __sanitizer_cov_store##size(void *addr);           \
	void __sanitizer_cov_store##size(void *addr)            \
	{                                                       \
		trace_store(addr, size);                        \
	}
TRACE_CALLBACKS(1)
TRACE_CALLBACKS(2)
TRACE_CALLBACKS(4)
TRACE_CALLBACKS(8)
TRACE_CALLBACKS(16)
