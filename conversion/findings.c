/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <limits.h>
#include <stdio.h>

#include "findings.h"

#define WINDOW 8
/* More than the sweep's large dest sizes (sweep.c). */
#define LARGE_SIZES_MAX 8

struct finding {
	unsigned long cases;
	unsigned long cases_up_to_int_max; /* with dest size <= INT_MAX, where strscpy takes n */
	struct conversion_case example;
	struct outcome from, to;
};

struct size_not_run {
	size_t dest_size;
	const char *why;
};

/* The cases with a dest over CASE_SIZE_MAX, and those of them a site kept from being compared. */
struct large_cases {
	size_t sizes[LARGE_SIZES_MAX];
	size_t sizes_run;
	struct size_not_run not_run[LARGE_SIZES_MAX];
	size_t sizes_not_run;
	unsigned long run;
	unsigned long not_compared;
	unsigned long unobserved_by[2]; /* per site, from and to: changed dest's middle */
};

static struct finding findings[DIFFERENCES];
static struct large_cases large;
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

static void record_size(size_t *sizes, size_t *count, size_t dest_size)
{
	size_t i;

	for (i = 0; i < *count; i++)
		if (sizes[i] == dest_size)
			return;
	if (*count < LARGE_SIZES_MAX)
		sizes[(*count)++] = dest_size;
}

void findings_large_size_not_run(size_t dest_size, const char *why)
{
	if (large.sizes_not_run < LARGE_SIZES_MAX)
		large.not_run[large.sizes_not_run++] = (struct size_not_run){ dest_size, why };
}

/* Whether the case is compared: not when a site changed a large dest's unobserved middle. */
static bool compared(const struct conversion_case *c, const struct outcome *a,
		     const struct outcome *b)
{
	if (c->dest_size <= CASE_SIZE_MAX)
		return true;
	record_size(large.sizes, &large.sizes_run, c->dest_size);
	large.run++;
	large.unobserved_by[0] += a->fault == FAULT_UNOBSERVED;
	large.unobserved_by[1] += b->fault == FAULT_UNOBSERVED;
	if (a->fault != FAULT_UNOBSERVED && b->fault != FAULT_UNOBSERVED)
		return true;
	large.not_compared++;
	return false;
}

bool findings_check(const struct site *from, const struct site *to, const struct conversion_case *c,
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
	if (from_sweep)
		swept++;
	else
		fuzzed++;
	if (!compared(c, &a, &b))
		return false;
	found = differences(from, to, c, &a, &b);
	for (d = 0; d < DIFFERENCES; d++) {
		struct finding *f = &findings[d];

		if (!(found & (1u << d)))
			continue;
		f->cases_up_to_int_max += c->dest_size <= INT_MAX;
		if (f->cases++ == 0 || case_smaller(c, &f->example)) {
			f->example = *c;
			f->from = a;
			f->to = b;
		}
	}
	return true;
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
	else if (o->fault == FAULT_UNOBSERVED)
		printf("changed the middle of a large dest, which is not observed");
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
	size_t at = first_differing_byte_from(c, &f->from, &f->to, 0);
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
			printf(outcome_dest_byte(c, &f->from, i) == outcome_dest_byte(c, &f->to, i)
				       ? "  %02x "
				       : " [%02x]",
			       outcome_dest_byte(c, rows[r], i));
		printf("\n");
	}
}

/*
 * src's bytes read by the new site only, after the last few both read (what a field the old site
 * read to its end held).
 */
static void print_src_window(const struct finding *f)
{
	const struct conversion_case *c = &f->example;
	size_t old_end = f->from.extent, end = f->to.extent, i;
	size_t begin = old_end > WINDOW ? old_end - WINDOW : 0;

	if (end == EXTENT_UNBOUNDED || end > case_readable(c))
		end = case_readable(c);
	printf("  src[%zu..%zu), those in [] read by the new site only (the object ends at %zu):\n   ",
	       begin, end, c->src_size);
	for (i = begin; i < end; i++)
		printf(i < old_end ? "  %02x " : " [%02x]", c->src[i]);
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
	if (f->cases_up_to_int_max)
		printf("  safe when: %s\n", difference_classes[d].safe_when);
	else
		printf("  safe when: dest size <= INT_MAX (else: %s)\n", difference_classes[d].safe_when);
}

static void print_sizes(const size_t *sizes, size_t count)
{
	size_t i;

	for (i = 0; i < count; i++)
		printf("%s%zu", i ? " " : "", sizes[i]);
}

/* The large dest sizes not run, each group with the reason it shares. */
static void print_sizes_not_run(void)
{
	size_t i;

	for (i = 0; i < large.sizes_not_run; i++) {
		const struct size_not_run *n = &large.not_run[i];
		bool first = i == 0 || n->why != n[-1].why;
		bool last = i + 1 == large.sizes_not_run || n->why != n[1].why;

		printf("%s%zu%s", first ? (i || large.sizes_run ? "; not run: " : "not run: ") : " ",
		       n->dest_size, last ? ": " : "");
		if (last)
			printf("%s", n->why);
	}
}

/* Which large dest sizes ran, and which cases there were not compared, and why. */
static void print_large_cases(const struct site *from, const struct site *to)
{
	const struct site *sites[2] = { from, to };
	int role;

	printf("check-conversion: %-20s ", "large dest sizes");
	if (!large.sizes_run && !large.sizes_not_run) {
		printf("not run: the sweep ran only the --dest-size given\n");
		return;
	}
	if (large.sizes_run) {
		print_sizes(large.sizes, large.sizes_run);
		printf(": %lu cases, %lu not compared", large.run, large.not_compared);
		for (role = 0; role < 2; role++)
			if (large.unobserved_by[role])
				printf("; %s changed dest's unobserved middle in %lu", sites[role]->name,
				       large.unobserved_by[role]);
	}
	print_sizes_not_run();
	printf("\n");
}

/*
 * The classes that differ, those seen with a dest size up to INT_MAX first; then the cases that
 * were not compared, so that an EQUIVALENT does not claim them.
 */
static void print_verdict(void)
{
	int d, found = 0, above = 0;

	printf("check-conversion: verdict:");
	for (d = 0; d < DIFFERENCES; d++)
		if (findings[d].cases_up_to_int_max)
			printf("%s %s", found++ ? "" : " DIFFERENT:", difference_classes[d].name);
	for (d = 0; d < DIFFERENCES; d++) {
		if (!findings[d].cases || findings[d].cases_up_to_int_max)
			continue;
		if (above++ == 0)
			printf("%s only with dest size > INT_MAX:", found ? ";" : " DIFFERENT:");
		printf(" %s", difference_classes[d].name);
	}
	printf("%s", found + above ? "" : " EQUIVALENT");
	if (large.not_compared)
		printf(" (%lu cases with a large dest not compared)", large.not_compared);
	if (large.sizes_not_run)
		printf(" (large dest sizes not run: %s)", large.not_run[0].why);
	printf("\n");
}

void findings_report(const struct site *from, const struct site *to)
{
	int d;

	printf("check-conversion: %s -> %s: %lu cases (sweep %lu, fuzzer %lu)\n", from->name, to->name,
	       swept + fuzzed, swept, fuzzed);
	if (from->family)
		printf("check-conversion: the sites call %s\n", from->family);
	if (from->types)
		printf("check-conversion: objects: dest %s (%zu bytes), src %s (%zu bytes, every string "
		       "length and no NUL at all)\n",
		       from->types->dest_type, from->types->dest_size, from->types->src_type,
		       from->types->src_size);
	for (d = 0; d < DIFFERENCES; d++)
		if (findings[d].cases)
			print_finding((enum difference)d, from, to);
	for (d = 0; d < DIFFERENCES; d++) {
		const char *why = difference_not_compared((enum difference)d, from, to);

		printf("check-conversion: %-20s ", difference_classes[d].name);
		if (findings[d].cases && !findings[d].cases_up_to_int_max)
			printf("DIFFERS in %lu cases, all with dest size > INT_MAX (same in every case up "
			       "to INT_MAX)\n",
			       findings[d].cases);
		else if (findings[d].cases)
			printf("DIFFERS in %lu cases\n", findings[d].cases);
		else if (why)
			printf("not compared: %s\n", why);
		else
			printf("same in every case\n");
	}
	print_large_cases(from, to);
	print_verdict();
	fflush(stdout);
}
