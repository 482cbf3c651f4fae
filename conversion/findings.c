/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>

#include "findings.h"

#define WINDOW 8

struct finding {
	unsigned long cases;
	struct conversion_case example;
	struct outcome from, to;
};

static struct finding findings[DIFFERENCES];
static unsigned long swept, fuzzed;
/* The site running and its case, for a sanitizer that ends the process in it. */
static const struct site *running;
static const struct conversion_case *running_case;

extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

static void print_running_case(void)
{
	if (!running)
		return;
	fprintf(stderr, "check-conversion: stopped by a sanitizer in %s, on this case:\n", running->name);
	case_print(stderr, running_case);
}

void findings_report_deaths(void)
{
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(print_running_case);
}

void findings_check(const struct site *from, const struct site *to, const struct conversion_case *c,
		    bool from_sweep)
{
	static struct outcome a, b;
	unsigned found;
	int d;

	running_case = c;
	running = from;
	observe(from, c, &a);
	running = to;
	observe(to, c, &b);
	running = NULL;
	found = differences(from, to, c, &a, &b);
	if (from_sweep)
		swept++;
	else
		fuzzed++;
	for (d = 0; d < DIFFERENCES; d++) {
		struct finding *f = &findings[d];

		if (!(found & (1u << d)))
			continue;
		if (f->cases++ == 0 || case_smaller(c, &f->example)) {
			f->example = *c;
			f->from = a;
			f->to = b;
		}
	}
}

static void print_terminator(const struct conversion_case *c, const struct outcome *o)
{
	if (o->terminator == c->dest_size)
		printf("dest not terminated");
	else
		printf("dest terminated at %zu", o->terminator);
}

static void print_extent(const struct outcome *o)
{
	if (o->extent == EXTENT_UNBOUNDED)
		printf(", reads past every readable byte");
	else
		printf(", reads %zu byte%s of src", o->extent, o->extent == 1 ? "" : "s");
}

static void print_outcome(const char *role, const struct site *s, const struct conversion_case *c,
			  const struct outcome *o)
{
	printf("  %s %s", role, s->shape);
	if (s->test)
		printf(" %s", s->test);
	if (s->n_is_src_size)
		printf(", n = src size %zu", c->src_size);
	else if (s->takes_n)
		printf(", n = dest size %zu", c->dest_size);
	printf("\n       -> ");
	if (o->fault == FAULT_READ)
		printf("read fault: cut short by the guard page after src's readable bytes");
	else if (o->fault == FAULT_WRITE)
		printf("write fault: cut short by a guard page around dest");
	else
		print_terminator(c, o);
	if (o->fault == FAULT_NONE && s->test)
		printf(", success test %s", o->success ? "true" : "false");
	if (o->fault == FAULT_NONE && s->returns_length)
		printf(", returns %lld%s", o->returned, o->returned == -E2BIG ? " (-E2BIG)" : "");
	print_extent(o);
	if (o->wrote_outside)
		printf(", wrote outside dest");
	printf("\n");
}

/* dest's bytes around the first that differs, from's row over to's, differing bytes marked. */
static void print_dest_window(const struct finding *f)
{
	const struct conversion_case *c = &f->example;
	size_t at = first_differing_byte(c, &f->from, &f->to);
	size_t begin = at > WINDOW ? at - WINDOW : 0;
	size_t end = at + WINDOW < c->dest_size ? at + WINDOW : c->dest_size;
	const struct outcome *rows[2] = { &f->from, &f->to };
	int r;
	size_t i;

	if (at == c->dest_size)
		return;
	printf("  dest[%zu..%zu), first difference at %zu:\n", begin, end, at);
	for (r = 0; r < 2; r++) {
		printf("    %s", r == 0 ? "old:" : "new:");
		for (i = begin; i < end; i++)
			printf(f->from.dest[i] == f->to.dest[i] ? "  %02x " : " [%02x]", rows[r]->dest[i]);
		printf("\n");
	}
}

/* src's bytes from the old extent on, when the new site reads further. */
static void print_src_window(const struct finding *f)
{
	const struct conversion_case *c = &f->example;
	size_t begin = f->from.extent, end = f->to.extent, i;

	if (end == EXTENT_UNBOUNDED || end > case_readable(c))
		end = case_readable(c);
	printf("  src[%zu..%zu), read by the new site only (the object ends at %zu):\n   ", begin, end,
	       c->src_size);
	for (i = begin; i < end; i++)
		printf(" %02x", c->src[i]);
	printf("\n");
}

static void print_finding(enum difference d, const struct site *from, const struct site *to)
{
	const struct finding *f = &findings[d];

	printf("==== %s: %s\n", difference_classes[d].name, difference_classes[d].what);
	printf("  %lu case%s; the smallest:\n  ", f->cases, f->cases == 1 ? "" : "s");
	case_print(stdout, &f->example);
	print_outcome("old:", from, &f->example, &f->from);
	print_outcome("new:", to, &f->example, &f->to);
	if (d == READS_FURTHER)
		print_src_window(f);
	else
		print_dest_window(f);
	printf("  safe when: %s\n", difference_classes[d].safe_when);
}

void findings_report(const struct site *from, const struct site *to)
{
	int d, found = 0;

	printf("check-conversion: %s -> %s: %lu cases (sweep %lu, fuzzer %lu)\n", from->name, to->name,
	       swept + fuzzed, swept, fuzzed);
	for (d = 0; d < DIFFERENCES; d++)
		if (findings[d].cases)
			print_finding((enum difference)d, from, to);
	for (d = 0; d < DIFFERENCES; d++) {
		const char *why = difference_not_compared((enum difference)d, from, to);

		printf("check-conversion: %-20s ", difference_classes[d].name);
		if (findings[d].cases)
			printf("DIFFERS in %lu cases\n", findings[d].cases);
		else if (why)
			printf("not compared: %s\n", why);
		else
			printf("same in every case\n");
	}
	printf("check-conversion: verdict:");
	for (d = 0; d < DIFFERENCES; d++)
		if (findings[d].cases)
			printf("%s %s", found++ ? "" : " DIFFERENT:", difference_classes[d].name);
	printf("%s\n", found ? "" : " EQUIVALENT");
	fflush(stdout);
}
