/* SPDX-License-Identifier: MIT */
/*
 * The conversion checker, a libFuzzer target: do two call sites behave the same?  Its options
 * start with "--", which libFuzzer leaves alone:
 *
 *   --from=SITE --to=SITE [--dest-size=N] [--src-size=N] [--src-unterminated] [--sweep-only]
 *
 * The deterministic sweep runs first (in LLVMFuzzerInitialize), then libFuzzer's inputs, each
 * decoded into one case; the report is printed when the process exits (at libFuzzer's
 * -max_total_time, or at once with --sweep-only).  Exit 2 on a usage error.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

/* Sizes the fuzzer picks when the facts fix none. */
#define FUZZ_SIZE_MAX 64

static struct site from, to;
static struct buffer_facts facts;

static void usage_error(const char *what)
{
	fprintf(stderr, "check-conversion: %s\n", what);
	exit(2);
}

static size_t size_option(const char *value)
{
	char *end;
	unsigned long n = strtoul(value, &end, 10);

	if (*value < '0' || *value > '9' || *end || n < 1 || n > CASE_SIZE_MAX)
		usage_error("a size is a whole number from 1 to 4096");
	return n;
}

static void lookup(const char *spec, struct site *s)
{
	char why[512];

	if (!site_lookup(spec, s, why, sizeof(why)))
		usage_error(why);
}

/* Whether a and b are the same but for white space. */
static bool same_spelling(const char *a, const char *b)
{
	for (;; a++, b++) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
	}
}

/* A typed site's sizes are its objects': both files declare the same ones, and no size is given. */
static void typed_facts(bool sizes_given)
{
	const struct site_types *a = from.types, *b = to.types;
	char why[1024];

	if (!a && !b)
		return;
	if (!a || !b)
		usage_error("one file is a typed site (SITE_OBJECTS), the other is not: make both typed");
	if (a->dest_size != b->dest_size || a->src_size != b->src_size ||
	    !same_spelling(a->dest_type, b->dest_type) || !same_spelling(a->src_type, b->src_type)) {
		snprintf(why, sizeof(why),
			 "the two files declare different objects: %s has dest %s (%zu bytes), src %s "
			 "(%zu bytes); %s has dest %s (%zu bytes), src %s (%zu bytes)",
			 from.name, a->dest_type, a->dest_size, a->src_type, a->src_size, to.name,
			 b->dest_type, b->dest_size, b->src_type, b->src_size);
		usage_error(why);
	}
	if (sizes_given)
		usage_error("a typed site's sizes are its objects' (SITE_OBJECTS): no --dest-size or "
			    "--src-size");
	if (a->dest_size > CASE_SIZE_MAX || a->src_size > CASE_SIZE_MAX)
		usage_error("a typed site's objects are at most 4096 bytes each");
	facts.dest_size = a->dest_size;
	facts.src_size = a->src_size;
	facts.src_unterminated = true;
}

static void report(void)
{
	findings_report(&from, &to);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *from_spec = NULL, *to_spec = NULL;
	bool sweep_only = false;
	int i;

	for (i = 1; i < *argc; i++) {
		const char *arg = (*argv)[i];

		if (strncmp(arg, "--from=", 7) == 0)
			from_spec = arg + 7;
		else if (strncmp(arg, "--to=", 5) == 0)
			to_spec = arg + 5;
		else if (strncmp(arg, "--dest-size=", 12) == 0)
			facts.dest_size = size_option(arg + 12);
		else if (strncmp(arg, "--src-size=", 11) == 0)
			facts.src_size = size_option(arg + 11);
		else if (strcmp(arg, "--src-unterminated") == 0)
			facts.src_unterminated = true;
		else if (strcmp(arg, "--sweep-only") == 0)
			sweep_only = true;
		else if (strncmp(arg, "--", 2) == 0)
			usage_error("unknown option");
	}
	if (!from_spec || !to_spec)
		usage_error("--from=SITE and --to=SITE are required");
	lookup(from_spec, &from);
	lookup(to_spec, &to);
	typed_facts(facts.dest_size || facts.src_size);
	findings_report_deaths();
	sweep(&from, &to, &facts);
	atexit(report);
	if (sweep_only)
		exit(0);
	return 0;
}

/* A byte of the input, or 0 past its end. */
static uint8_t byte_at(const uint8_t *data, size_t size, size_t i)
{
	return i < size ? data[i] : 0;
}

/* Input: dest size, src size, two bytes of length, dest's prior byte, then src's bytes. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct conversion_case c;
	size_t lengths, skip = 5;

	c.dest_size = facts.dest_size ? facts.dest_size : 1 + byte_at(data, size, 0) % FUZZ_SIZE_MAX;
	c.src_size = facts.src_size ? facts.src_size : 1 + byte_at(data, size, 1) % FUZZ_SIZE_MAX;
	lengths = c.src_size + (facts.src_unterminated ? 1 : 0);
	c.len = (byte_at(data, size, 2) | (size_t)byte_at(data, size, 3) << 8) % lengths;
	c.prior = byte_at(data, size, 4);
	case_fill(&c, size > skip ? data + skip : NULL, size > skip ? size - skip : 0);
	findings_check(&from, &to, &c, false);
	return 0;
}
