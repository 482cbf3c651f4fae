/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "call.h"
#include "report.h"
#include "sanitizers.h"

#define WINDOW_BEFORE 8
#define WINDOW_BYTES 32
#define CALL_STRING_MAX 48
#define JUNK_SHOWN 8

void (*divergence_hook)(const char *divergence_class);
/* The class report_begin announced, for report_end to pass on. */
static const char *reported_class;
/* The class that stopped a call after its bad accesses, which are reported instead. */
static const char *stopped_by;
static bool muted;

void report_mute(bool mute)
{
	muted = mute;
}

void print_case(FILE *out, const struct contract *k, const struct strscpy_case *c,
		const struct layout *layout)
{
	size_t page = layout->page;

	fprintf(out, "case: count=%zu (%s) strlen=%zu readable=%zu fill=0x%02x", c->count,
		count_class_name(c->params.count_class), c->len, c->window, c->fill);
	/* A refused count reads nothing of dest, but the case still holds dest's string. */
	if (k->dest == DEST_APPENDED)
		fprintf(out, " strlen(dest)=%zu%s readable in dest=%zu", c->dest_len,
			c->dest_nul == SIZE_MAX ? " (no NUL within count)" : "", c->dest_window);
	fputc('\n', out);
	fprintf(out, "      src  %-12s skew %2u: page offset 0x%03zx, word offset %zu\n",
		src_placement_name(c->params.src_placement), c->params.src_skew, c->src_offset % page,
		c->src_offset % sizeof(unsigned long));
	fprintf(out, "      dest %-12s skew %2u: page offset 0x%03zx, word offset %zu\n",
		dest_placement_name(c->params.dest_placement), c->params.dest_skew,
		c->dest_offset % page, c->dest_offset % sizeof(unsigned long));
}

static void print_return(const struct run *r, const char *who, ssize_t value)
{
	fprintf(stderr, "%s ", who);
	print_returned(stderr, r->target->contract, value);
}

static void print_escaped(const uint8_t *bytes, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (bytes[i] == '"' || bytes[i] == '\\')
			fprintf(stderr, "\\%c", bytes[i]);
		else if (bytes[i] >= 0x20 && bytes[i] < 0x7f)
			fputc(bytes[i], stderr);
		else
			/* Octal escapes end after three digits; hex ones would swallow a following digit. */
			fprintf(stderr, "\\%03o", bytes[i]);
	}
}

/* A C call that redoes the case, with what else the arena held that matters. */
static void print_call(const struct run *r)
{
	const struct strscpy_case *c = &r->c;
	size_t page = r->arena->layout.page;
	size_t shown = c->len < CALL_STRING_MAX ? c->len : CALL_STRING_MAX;
	size_t after = c->src_offset + c->len + 1, i, kept;

	enum call_shape shape = r->target->impl.shape;

	/* The field functions take dest's size before src, and src's width or a pad byte after it. */
	fprintf(stderr, "call: %s(dest, ", r->target->name);
	if (shape == SHAPE_SRC_SIZE || shape == SHAPE_PAD)
		fprintf(stderr, "%zu, ", c->count);
	fputc('"', stderr);
	print_escaped(c->payload, shown);
	fprintf(stderr, "\"%s", shown < c->len ? " /* ... */" : "");
	if (shape == SHAPE_SRC_SIZE && c->src_size == SIZE_MAX)
		fprintf(stderr, ", SIZE_MAX);");
	else if (shape == SHAPE_SRC_SIZE)
		fprintf(stderr, ", %zu);", c->src_size);
	else if (shape == SHAPE_PAD)
		fprintf(stderr, ", 0x%02x);", c->pad);
	else
		fprintf(stderr, ", %zu);", c->count);
	fprintf(stderr, "  /* src %% %zu == 0x%zx, dest %% %zu == 0x%zx, dest pre-filled with 0x%02x",
		page, (size_t)(uintptr_t)r->p.src % page, page, (size_t)(uintptr_t)r->p.dest % page,
		c->fill);
	/* The string an appending call finds in dest, as the case placed it. */
	if (c->dest_window) {
		kept = c->dest_nul == SIZE_MAX ? c->count : c->dest_len;
		shown = kept < CALL_STRING_MAX ? kept : CALL_STRING_MAX;
		fprintf(stderr, ", then set to \"");
		print_escaped(c->dest_string, shown);
		fprintf(stderr, "\"%s%s", shown < kept ? "..." : "",
			c->dest_nul == SIZE_MAX ? " with no NUL within count" : " and its NUL");
	}
	if (after < r->arena->layout.region) {
		fprintf(stderr, "; src bytes after the NUL:");
		for (i = after; i < after + JUNK_SHOWN && i < r->arena->layout.region; i++)
			fprintf(stderr, " %02x", r->arena->src_region[i]);
	}
	fprintf(stderr, " */\n");
}

/* What dest[j] must hold, or may hold if left alone, as the run's expected outcome says. */
static int expected_byte(const struct run *r, ptrdiff_t j)
{
	const struct expected_outcome *e = &r->expect;

	if (j >= 0 && (size_t)j < e->must_match)
		return e->bytes[j];
	if (j >= 0 && (size_t)j < e->owned && e->tail_fixed)
		return fixed_tail_byte(r, (size_t)j);
	return j >= 0 && (size_t)j == r->c.dest_nul ? 0 : r->c.fill;
}

/* dest around index at (which may be before dest[0]), expected above actual. */
static void print_dest_window(const struct run *r, ptrdiff_t at)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest;
	ptrdiff_t lo = at - WINDOW_BEFORE, hi = at - WINDOW_BEFORE + WINDOW_BYTES, j;
	/* A store the trace stopped may point into a guard page: only checked bytes are read. */
	bool checked = dest + at >= r->p.checked_begin && dest + at < r->p.checked_end;

	if (muted)
		return;
	if (lo < r->p.checked_begin - dest)
		lo = r->p.checked_begin - dest;
	if (hi > r->p.checked_end - dest)
		hi = r->p.checked_end - dest;
	/* A return-value report may have no bad byte to point at: then it shows the terminator. */
	fprintf(stderr, "dest[%td..%td), %s dest[%td]:\n  expected", lo, hi,
		!checked                            ? "outside them, near"
		: dest[at] != expected_byte(r, at) ? "first bad byte at"
						   : "no bad byte; around",
		at);
	for (j = lo; j < hi; j++)
		fprintf(stderr, " %02x", expected_byte(r, j));
	fprintf(stderr, "\n  actual  ");
	for (j = lo; j < hi; j++)
		fprintf(stderr, " %02x", dest[j]);
	fprintf(stderr, "\n          ");
	for (j = lo; j < hi; j++)
		fprintf(stderr, "%s", dest[j] != expected_byte(r, j) ? " ^^" : "   ");
	fprintf(stderr, "\n");
}

/* A race case's schedule, and how far the call got through it. */
static void print_schedule(const struct race_schedule *s)
{
	size_t k;

	if (!s)
		return;
	fprintf(stderr, "race: %zu loads started;", s->loads_started);
	for (k = 0; k < RACE_STEPS; k++)
		if (s->steps[k].load)
			fprintf(stderr, " before load %zu, src[%zu] = 0x%02x%s;", s->steps[k].load,
				s->steps[k].offset, s->steps[k].byte,
				s->steps[k].applied ? "" : " (not reached)");
	fprintf(stderr, "\n");
}

/*
 * Where an access fell, as a report names it: src[offset] or dest[offset] when
 * it is in that region or its guard pages, else its address.
 */
static const char *place_of(const struct run *r, const void *at, char *buf, size_t size)
{
	const struct arena *a = r->arena;
	uintptr_t p = (uintptr_t)at, page = a->layout.page;
	uintptr_t src_region = (uintptr_t)a->src_region, dest_region = (uintptr_t)a->dest_region;

	if (p >= src_region - page && p - src_region < a->layout.region + page)
		snprintf(buf, size, "src[%td]", (const char *)at - r->p.src);
	else if (p >= dest_region - page && p - dest_region < a->dest_reserved + page)
		snprintf(buf, size, "dest[%td]", (const char *)at - r->p.dest);
	else
		snprintf(buf, size, "%p, in neither src's region nor dest's", at);
	return buf;
}

/* The bad accesses a call made, in order: listed when there was more than the one reported. */
static void print_violations(const struct run *r)
{
	const struct violation *v;
	char place[64];
	size_t i;

	if (r->violation_count < 2 && !stopped_by)
		return;
	for (i = 0; i < r->violation_count; i++) {
		v = &r->violations[i];
		fprintf(stderr, "  violation %zu: a %zu-byte %s at %s (", i + 1, v->size,
			v->class == READ_OUTSIDE_WINDOW ? "load" : "store",
			place_of(r, v->at, place, sizeof(place)));
		if (v->class == READ_OUTSIDE_WINDOW)
			fprintf(stderr, "readable: src[0..%zu)", r->c.window);
		if (v->class == READ_OUTSIDE_WINDOW && r->c.dest_window)
			fprintf(stderr, ", dest[0..%zu)", r->c.dest_window);
		if (v->class == WRITE_OUTSIDE_DEST)
			fprintf(stderr, "writable: dest[0..%zu)", r->c.count);
		if (v->class == WRITE_ON_REJECTED_COUNT)
			fprintf(stderr, "count %zu refused: nothing writable", r->c.count);
		fprintf(stderr, ")\n");
	}
	if (stopped_by)
		fprintf(stderr, "  then %s stopped the call\n", stopped_by);
}

/* A call that went on past a bad access is reported by the first, whatever else stopped it. */
static void hand_over_to_first_violation(const struct run *r, const char *divergence_class)
{
	if (r->violation_count) {
		stopped_by = divergence_class;
		report_first_violation(r);
	}
}

static void report_begin(const struct run *r, const char *divergence_class, const char *fmt, ...)
{
	va_list ap;

	reported_class = divergence_class;
	if (muted) {
		stopped_by = NULL;
		return;
	}
	/* Under MSan the bytes the callee may not read are poisoned; the report reads them. */
	sanitizer_unpoison(r->arena->src_region, r->arena->layout.region);
	fprintf(stderr, "\n==strscpy-fuzz== DIVERGENCE: %s\n  ", divergence_class);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n  ");
	if (r->returned)
		print_return(r, "returned", r->actual);
	else
		fprintf(stderr, "the call was stopped here, before it returned");
	print_return(r, ", the reference returned", r->expect.value);
	fprintf(stderr, "\n");
	print_violations(r);
	stopped_by = NULL;
	print_case(stderr, r->target->contract, &r->c, &r->arena->layout);
	print_schedule(r->schedule);
}

static void report_end(const struct run *r)
{
	if (!muted) {
		print_call(r);
		fprintf(stderr, "==strscpy-fuzz== end of report\n");
		fflush(stderr);
	}
	if (divergence_hook)
		divergence_hook(reported_class);
}

/* Where dest first differs from the reference; the terminator when it does not. */
static ptrdiff_t first_difference(const struct run *r)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest;
	ptrdiff_t j;

	for (j = r->p.checked_begin - dest; j < r->p.checked_end - dest; j++) {
		/* The hole holds zeros, allowed there, or was reported on its own. */
		if (dest + j == r->p.hole_begin)
			j = r->p.hole_end - dest;
		if (dest[j] != expected_byte(r, j))
			return j;
	}
	return r->expect.terminated ? (ptrdiff_t)r->expect.terminated - 1 : 0;
}

void report_return_value(const struct run *r)
{
	report_begin(r, "return-value", "%s returned what the reference did not", r->target->name);
	print_dest_window(r, first_difference(r));
	report_end(r);
	__builtin_trap();
}

void report_copied_bytes(const struct run *r, size_t at)
{
	report_begin(r, "copied-bytes", "dest[%zu] differs from the reference (%s)", at,
		     r->expect.bytes[at] == 0 ? "the terminator" : "a copied byte");
	print_dest_window(r, (ptrdiff_t)at);
	report_end(r);
	__builtin_trap();
}

void report_leak_after_terminator(const struct run *r, size_t at)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest;

	report_begin(r, "leak-after-terminator",
		     "dest[%zu], after the terminator, is 0x%02x: neither untouched (0x%02x) nor zero%s",
		     at, dest[at], r->c.fill,
		     at < r->arena->layout.region - r->c.src_offset &&
				     dest[at] == (uint8_t)r->p.src[at]
			     ? ", and equal to src[at]: source bytes leak"
			     : "");
	print_dest_window(r, (ptrdiff_t)at);
	report_end(r);
	__builtin_trap();
}

void report_padding(const struct run *r, size_t at)
{
	static const char *const what[] = {
		[TAIL_LEFT_OR_ZEROED] = "is neither zero nor left alone",
		[TAIL_ZEROED] = "is not zero",
		[TAIL_LEFT] = "was not left alone",
		[TAIL_PADDED] = "is not the pad byte",
	};

	report_begin(r, "padding", "dest[%zu], in the tail up to count, %s", at,
		     what[r->target->contract->tail]);
	print_dest_window(r, (ptrdiff_t)at);
	report_end(r);
	__builtin_trap();
}

void report_write_outside_dest(const struct run *r, const uint8_t *at, size_t size)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest;
	char place[64];

	if (size)
		report_begin(r, "write-outside-dest",
			     "a %zu-byte store at %s: only dest[0..%zu) may be written", size,
			     place_of(r, at, place, sizeof(place)), r->c.count);
	else
		report_begin(r, "write-outside-dest", "%s sentinel overwritten at dest[%td]",
			     at < dest ? "start" : "end", at - dest);
	print_dest_window(r, at - dest);
	report_end(r);
	__builtin_trap();
}

void report_write_on_rejected_count(const struct run *r, const uint8_t *at)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest;

	report_begin(r, "write-on-rejected-count",
		     "count %zu must be rejected with nothing written, but dest[%td] changed",
		     r->c.count, at - dest);
	print_dest_window(r, at - dest);
	report_end(r);
	__builtin_trap();
}

void report_read_outside_window(const struct run *r, const void *at, size_t size)
{
	char place[64];

	char dest_window[48] = "";

	if (r->c.dest_window)
		snprintf(dest_window, sizeof(dest_window), " or dest[0..%zu)", r->c.dest_window);
	report_begin(r, "read-outside-window",
		     "a %zu-byte load at %s: a load must start in the readable src[0..%zu)%s, or "
		     "be an aligned block that overlaps it; a bulk load must lie in it",
		     size, place_of(r, at, place, sizeof(place)), r->c.window, dest_window);
	report_end(r);
	__builtin_trap();
}

void report_read_fault(const struct run *r, const void *at, enum guard_hit hit)
{
	ptrdiff_t offset = (const char *)at - r->p.src;

	hand_over_to_first_violation(r, "read-fault");
	if (hit == GUARD_BELOW_DEST || hit == GUARD_ABOVE_DEST)
		report_begin(r, "read-fault", "read dest[%td], in the guard page %s dest",
			     (const char *)at - r->p.dest, hit == GUARD_ABOVE_DEST ? "after" : "before");
	else if (hit == GUARD_ABOVE_SRC)
		report_begin(r, "read-fault",
			     "read src[%td], byte %td of the guard page after the string's page: it "
			     "may read src[0..%zu) only",
			     offset, offset - (ptrdiff_t)(r->arena->layout.region - r->c.src_offset),
			     r->c.window);
	else
		report_begin(r, "read-fault", "read src[%td], in the guard page before the string",
			     offset);
	report_end(r);
	__builtin_trap();
}

void report_write_fault(const struct run *r, const void *at, enum guard_hit hit)
{
	hand_over_to_first_violation(r, "write-fault");
	report_begin(r, "write-fault", "touched dest[%td], in the guard page %s dest",
		     (const char *)at - r->p.dest, hit == GUARD_ABOVE_DEST ? "after" : "before");
	report_end(r);
	__builtin_trap();
}

void report_timeout(const struct run *r, unsigned cpu_seconds)
{
	hand_over_to_first_violation(r, "timeout");
	report_begin(r, "timeout", "%s did not return within %u s of CPU time (the per-case limit)",
		     r->target->name, cpu_seconds);
	report_end(r);
	__builtin_trap();
}

static void print_store(const char *what, const struct dest_store *s)
{
	size_t i, shown = s->size < TRANSIENT_BYTES_SHOWN ? s->size : TRANSIENT_BYTES_SHOWN;

	if (muted)
		return;
	fprintf(stderr, "  %s: store #%zu, %zu bytes at dest[%zu]:", what, s->number + 1, s->size,
		s->offset);
	for (i = 0; i < shown; i++)
		fprintf(stderr, " %02x", s->bytes[i]);
	fprintf(stderr, "%s\n", shown < s->size ? " ..." : "");
}

void report_unterminated_during_copy(const struct run *r, const struct dest_store *broke,
				     const struct dest_store *fixed)
{
	hand_over_to_first_violation(r, "unterminated-during-copy");
	report_begin(r, "unterminated-during-copy",
		     "dest[0..%zu) held no NUL between two stores: a reader of dest meanwhile runs off "
		     "its end (it held one at dest[%zu] before the call)",
		     r->c.count, r->c.dest_nul);
	print_store("left no NUL", broke);
	print_store("put one back", fixed);
	report_end(r);
	__builtin_trap();
}

void report_sanitizer_finding(const struct run *r)
{
	sanitizer_unpoison(r->arena->src_region, r->arena->layout.region);
	fprintf(stderr, "\n==strscpy-fuzz== SANITIZER FINDING in this case:\n");
	if (r->violation_count)
		stopped_by = "the sanitizer's finding";
	print_violations(r);
	stopped_by = NULL;
	print_case(stderr, r->target->contract, &r->c, &r->arena->layout);
	print_call(r);
	fprintf(stderr, "==strscpy-fuzz== end of report\n");
	fflush(stderr);
}

void report_excess_work(const struct run *r, const struct trace_work *work)
{
	hand_over_to_first_violation(r, "excess-work");
	report_begin(r, "excess-work",
		     "%zu loads and %zu stores so far, over the budget of %zu for %zu readable bytes "
		     "and %zu to store",
		     work->loads, work->stores, work->budget, work->readable, work->must_write);
	report_end(r);
	__builtin_trap();
}

void report_double_fetch(const struct run *r, size_t offset, size_t first_load, size_t second_load)
{
	hand_over_to_first_violation(r, "double-fetch");
	report_begin(r, "double-fetch",
		     "src[%zu] loaded twice, by load %zu and load %zu: a src that changes in between "
		     "makes what was measured and what was copied disagree",
		     offset, first_load, second_load);
	report_end(r);
	__builtin_trap();
}

void report_inconsistent_under_change(const struct run *r, const char *reason, size_t at)
{
	report_begin(r, "inconsistent-under-change", "src changed during the call, and %s (dest[%zu])",
		     reason, at);
	print_dest_window(r, (ptrdiff_t)at);
	report_end(r);
	__builtin_trap();
}

void report_first_violation(const struct run *r)
{
	const struct violation *first = &r->violations[0];

	switch (first->class) {
	case READ_OUTSIDE_WINDOW:
		report_read_outside_window(r, first->at, first->size);
	case WRITE_ON_REJECTED_COUNT:
		report_write_on_rejected_count(r, first->at);
	default:
		report_write_outside_dest(r, first->at, first->size);
	}
}
