/* SPDX-License-Identifier: MIT */
/*
 * How fast is the word-at-a-time strscpy?  It is timed in its three modes next
 * to the byte-loop reference, glibc's strnlen + memcpy and memccpy, and a bare
 * memcpy of the same bytes (the floor any string copy sits on), for strings
 * of several lengths with dest and src aligned or not.  Where SSE2 is offered,
 * an SSE2 strlen is timed too: the floor of any SSE2 strscpy that keeps to the
 * harness's block rule.
 *
 * Every contender copies the same string into the same dest with
 * count = strlen + 1, warm in the cache.  A sample times many calls of one
 * contender on one case; a repetition takes one sample of each contender, in
 * an order that rotates, on each case in turn, so the rest of the machine's
 * load hits all of them alike.  Ratios are taken within a repetition, then
 * their median over the repetitions.
 *
 * Usage: strscpy_bench [--reps N] [--bytes B] [--csv FILE]
 *   --reps N   repetitions per case (default 15)
 *   --bytes B  string bytes one sample copies, which sets its call count (default 2 MiB)
 *   --csv FILE also write every figure as CSV
 * Exit: 0 done, 1 a contender copied wrongly or an I/O error, 2 usage.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "strscpy_ref.h"

typedef ssize_t strscpy_fn(char *dest, const char *src, size_t count);

/* src/strscpy.c, built once per mode under these names (see bench/CMakeLists.txt). */
strscpy_fn strscpy_unaligned, strscpy_aligned, strscpy_bytes;
#ifdef BENCH_SSE2
#include <emmintrin.h>

strscpy_fn strscpy_sse2; /* src/strscpy_sse2.c, where the sse2 mode is offered */

/*
 * Not a string copy: strlen as the block rule (fuzz/trace.h) lets an SSE2
 * strscpy find the NUL.  Each aligned block is tested before the next is
 * loaded, and SSE2 tests one only by way of a movemask: one load and one
 * movemask per 16 bytes, with no count to watch and nothing stored.  With
 * count = strlen + 1, as here, no SSE2 strscpy under that rule can be faster.
 */
static unsigned sse2_nul_lanes(const char *block)
{
	return (unsigned)_mm_movemask_epi8(
		_mm_cmpeq_epi8(_mm_load_si128((const __m128i *)block), _mm_setzero_si128()));
}

static ssize_t sse2_strlen(char *dest, const char *src, size_t count)
{
	const char *block = src - (uintptr_t)src % 16;
	unsigned nul = sse2_nul_lanes(block) >> (src - block);

	(void)dest, (void)count;
	if (nul)
		return __builtin_ctz(nul);
	do
		nul = sse2_nul_lanes(block += 16);
	while (!nul);
	return block - src + __builtin_ctz(nul);
}
#endif
#ifdef BENCH_BASELINE
strscpy_fn strscpy_baseline; /* another revision's src/strscpy.c, unaligned mode */
#endif

/* strscpy out of glibc parts: find the length, then copy. */
static ssize_t strnlen_memcpy(char *dest, const char *src, size_t count)
{
	size_t len = strnlen(src, count);

	if (len == count) {
		memcpy(dest, src, count - 1);
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dest, src, len + 1);
	return (ssize_t)len;
}

/* strscpy out of glibc parts: copy up to and including the NUL in one pass. */
static ssize_t memccpy_copy(char *dest, const char *src, size_t count)
{
	char *end = memccpy(dest, src, '\0', count);

	if (!end) {
		dest[count - 1] = '\0';
		return -E2BIG;
	}
	return end - dest - 1;
}

/* Not a string copy: the count bytes, length known in advance. */
static ssize_t memcpy_copy(char *dest, const char *src, size_t count)
{
	memcpy(dest, src, count);
	return (ssize_t)count - 1;
}

struct contender {
	const char *name;   /* in the CSV */
	const char *column; /* in the printed tables */
	strscpy_fn *fn;
	bool length_only;   /* returns the length, copies nothing: a floor, not a strscpy */
};

enum {
	UNALIGNED, ALIGNED, BYTES,
#ifdef BENCH_SSE2
	SSE2, SSE2_STRLEN,
#endif
#ifdef BENCH_BASELINE
	BASELINE,
#endif
	REFERENCE, STRNLEN_MEMCPY, MEMCCPY, MEMCPY, CONTENDERS
};

static const struct contender contender_table[CONTENDERS] = {
	[UNALIGNED] = { "strscpy-unaligned", "unaligned", strscpy_unaligned, false },
	[ALIGNED] = { "strscpy-aligned", "aligned", strscpy_aligned, false },
	[BYTES] = { "strscpy-bytes", "bytes", strscpy_bytes, false },
#ifdef BENCH_SSE2
	[SSE2] = { "strscpy-sse2", "sse2", strscpy_sse2, false },
	[SSE2_STRLEN] = { "sse2-strlen", "sse2-strlen", sse2_strlen, true },
#endif
#ifdef BENCH_BASELINE
	[BASELINE] = { "strscpy-baseline", "baseline", strscpy_baseline, false },
#endif
	[REFERENCE] = { "reference", "reference", ref_strscpy, false },
	[STRNLEN_MEMCPY] = { "strnlen+memcpy", "strnlen+memcpy", strnlen_memcpy, false },
	[MEMCCPY] = { "memccpy", "memccpy", memccpy_copy, false },
	[MEMCPY] = { "memcpy", "memcpy", memcpy_copy, false },
};
/* volatile: each call loads the pointer anew, so no call can be inlined or hoisted. */
static const struct contender *volatile contenders;

static const size_t lengths[] = { 1, 7, 8, 16, 64, 256, 4096, 65536 };
#define LENGTHS (sizeof(lengths) / sizeof(lengths[0]))
#define LONGEST 65536

/* Offsets from a page start: both word-aligned, or both not (and not alike). */
struct alignment {
	const char *name;
	size_t src_offset, dest_offset;
};

static const struct alignment alignments[] = {
	{ "aligned", 0, 0 },
	{ "unaligned", 3, 1 },
};
#define ALIGNMENTS (sizeof(alignments) / sizeof(alignments[0]))

#define PAGE 4096
#define MAX_REPS 255

struct sample_stats {
	double min, median, max;
};

/* Tells the compiler that dest is read: the copy into it must happen. */
static inline void escape(const void *dest)
{
	__asm__ volatile("" : : "r"(dest) : "memory");
}

/*
 * The thread's CPU time, not the wall clock: on a shared machine the time the
 * scheduler gives to other processes would otherwise land on whichever sample
 * happened to be running.
 */
static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile ssize_t sink;

/* Nanoseconds per call of contender i over calls calls. */
static double time_calls(size_t i, char *dest, const char *src, size_t count, size_t calls)
{
	ssize_t returned = 0;
	double start = now_ns();
	size_t n;

	for (n = 0; n < calls; n++) {
		returned += contenders[i].fn(dest, src, count);
		escape(dest);
	}
	sink = returned;
	return (now_ns() - start) / (double)calls;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Sorts a copy: the samples stay in repetition order, for the ratios. */
static struct sample_stats stats_of(const double *values, size_t n)
{
	double sorted[MAX_REPS];
	struct sample_stats s;

	memcpy(sorted, values, n * sizeof(values[0]));
	qsort(sorted, n, sizeof(sorted[0]), compare_doubles);
	s.min = sorted[0];
	s.max = sorted[n - 1];
	s.median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	return s;
}

/* Every contender must do what strscpy does with this case (a floor: return it), or its time means nothing. */
static int copies_correctly(size_t i, char *dest, const char *src, size_t len)
{
	ssize_t returned;

	memset(dest, 0x5a, len + 1);
	returned = contenders[i].fn(dest, src, len + 1);
	if (returned == (ssize_t)len && (contenders[i].length_only || memcmp(dest, src, len + 1) == 0))
		return 1;
	fprintf(stderr, "strscpy_bench: %s copied a %zu-byte string wrongly (returned %zd)\n",
		contenders[i].name, len, returned);
	return 0;
}

/* The string: non-zero bytes of every bit pattern that is not 0, then its NUL. */
static void make_string(char *src, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		src[i] = (char)(1 + i % 255);
	src[len] = '\0';
}

struct result {
	struct sample_stats ns, vs_memcpy, vs_reference;
	size_t calls;
};

static struct result results[LENGTHS][ALIGNMENTS][CONTENDERS];
/* ns per call, per repetition: the ratios are taken within one repetition. */
static double samples[LENGTHS][ALIGNMENTS][CONTENDERS][MAX_REPS];

struct buffers {
	char *src_base, *dest_base;
	size_t bytes; /* string bytes a sample copies */
};

static size_t calls_per_sample(size_t len, size_t bytes)
{
	return bytes / len ? bytes / len : 1;
}

/* One sample of every contender on one case, the first contender rotating with rep. */
static void sample_case(size_t l, size_t a, const struct buffers *b, size_t rep)
{
	size_t len = lengths[l], calls = calls_per_sample(len, b->bytes), k, i;
	char *src = b->src_base + alignments[a].src_offset;
	char *dest = b->dest_base + alignments[a].dest_offset;

	make_string(src, len);
	for (k = 0; k < CONTENDERS; k++) {
		i = (k + rep) % CONTENDERS;
		samples[l][a][i][rep] = time_calls(i, dest, src, len + 1, calls);
	}
}

static void summarize_case(size_t l, size_t a, size_t reps, size_t bytes)
{
	double vs_memcpy[MAX_REPS], vs_reference[MAX_REPS];
	double (*ns)[MAX_REPS] = samples[l][a];
	size_t i, rep;

	for (i = 0; i < CONTENDERS; i++) {
		struct result *r = &results[l][a][i];

		for (rep = 0; rep < reps; rep++) {
			vs_memcpy[rep] = ns[i][rep] / ns[MEMCPY][rep];
			vs_reference[rep] = ns[i][rep] / ns[REFERENCE][rep];
		}
		r->vs_memcpy = stats_of(vs_memcpy, reps);
		r->vs_reference = stats_of(vs_reference, reps);
		r->ns = stats_of(ns[i], reps);
		r->calls = calls_per_sample(lengths[l], bytes);
	}
}

static int check_contenders(const struct buffers *b)
{
	size_t l, a, i;

	for (l = 0; l < LENGTHS; l++)
		for (a = 0; a < ALIGNMENTS; a++) {
			char *src = b->src_base + alignments[a].src_offset;
			char *dest = b->dest_base + alignments[a].dest_offset;

			make_string(src, lengths[l]);
			for (i = 0; i < CONTENDERS; i++)
				if (!copies_correctly(i, dest, src, lengths[l]))
					return 0;
		}
	return 1;
}

/*
 * Repetitions outermost: a burst of load from the rest of the machine then
 * lands on one repetition of many cases, not on every repetition of one.
 * The first, untimed pass warms caches and clocks.
 */
static void run_all(const struct buffers *b, size_t reps)
{
	size_t l, a, rep;

	for (l = 0; l < LENGTHS; l++)
		for (a = 0; a < ALIGNMENTS; a++)
			sample_case(l, a, b, 0);
	for (rep = 0; rep < reps; rep++)
		for (l = 0; l < LENGTHS; l++)
			for (a = 0; a < ALIGNMENTS; a++)
				sample_case(l, a, b, rep);
	for (l = 0; l < LENGTHS; l++)
		for (a = 0; a < ALIGNMENTS; a++)
			summarize_case(l, a, reps, b->bytes);
}

static double bytes_per_ns(size_t len, double ns)
{
	return (double)len / ns;
}

enum figure { NS_PER_CALL, BYTES_PER_NS, VS_MEMCPY, VS_REFERENCE };

static double figure_of(enum figure f, size_t l, size_t a, size_t i)
{
	const struct result *r = &results[l][a][i];

	switch (f) {
	case NS_PER_CALL:
		return r->ns.median;
	case BYTES_PER_NS:
		return bytes_per_ns(lengths[l], r->ns.median);
	case VS_MEMCPY:
		return r->vs_memcpy.median;
	default:
		return r->vs_reference.median;
	}
}

static int column_width(size_t i)
{
	int width = (int)strlen(contender_table[i].column);

	return width > 9 ? width : 9;
}

static void print_table(const char *title, enum figure f)
{
	size_t l, a, i;

	printf("\n%s\n%-7s %-9s", title, "length", "src/dest");
	for (i = 0; i < CONTENDERS; i++)
		printf(" %*s", column_width(i), contender_table[i].column);
	printf("\n");
	for (l = 0; l < LENGTHS; l++)
		for (a = 0; a < ALIGNMENTS; a++) {
			printf("%-7zu %-9s", lengths[l], alignments[a].name);
			for (i = 0; i < CONTENDERS; i++)
				printf(" %*.*f", column_width(i), f == NS_PER_CALL ? 1 : 2,
				       figure_of(f, l, a, i));
			printf("\n");
		}
}

static size_t length_index(size_t len)
{
	size_t l;

	for (l = 0; l < LENGTHS && lengths[l] != len; l++)
		;
	return l;
}

/* One cell's time over another's, per repetition: the median of those ratios. */
struct goal {
	const char *what;
	size_t len, alignment, contender;         /* the time measured */
	size_t base_len, base_alignment, base;    /* the time it is measured against */
	double limit;
	size_t floor; /* a contender that bounds contender's time from below, or NO_FLOOR */
};
#define NO_FLOOR CONTENDERS

/* What contender i takes on g's case, against g's base. */
static double goal_ratio(const struct goal *g, size_t i, size_t reps)
{
	double ratios[MAX_REPS];
	size_t l = length_index(g->len), base_l = length_index(g->base_len), rep;

	for (rep = 0; rep < reps; rep++)
		ratios[rep] = samples[l][g->alignment][i][rep] /
			      samples[base_l][g->base_alignment][g->base][rep];
	return stats_of(ratios, reps).median;
}

static void print_goal(const struct goal *g, size_t reps)
{
	double ratio = goal_ratio(g, g->contender, reps);

	printf("%-58s %6.2fx  (goal <= %.2fx: %s", g->what, ratio, g->limit,
	       ratio <= g->limit ? "met" : "missed");
	if (g->floor != NO_FLOOR)
		printf("; its floor, %s: %.2fx", contender_table[g->floor].column,
		       goal_ratio(g, g->floor, reps));
	printf(")\n");
}

#ifdef BENCH_BASELINE
/* Short strings: neither new path more than 10% slower than the base revision's unaligned mode. */
static void print_short_goals(size_t reps)
{
	static const size_t short_lengths[] = { 1, 7, 8, 16 };
	static const size_t news[] = {
		UNALIGNED,
#ifdef BENCH_SSE2
		SSE2,
#endif
	};
	size_t s, a, i;

	for (s = 0; s < sizeof(short_lengths) / sizeof(short_lengths[0]); s++)
		for (a = 0; a < ALIGNMENTS; a++)
			for (i = 0; i < sizeof(news) / sizeof(news[0]); i++) {
				char what[80];
				struct goal g = { what, short_lengths[s], a, news[i],
						  short_lengths[s], a, BASELINE, 1.1, NO_FLOOR };

				snprintf(what, sizeof(what), "%zu bytes, %s: %s vs baseline",
					 short_lengths[s], alignments[a].name, contender_table[news[i]].column);
				print_goal(&g, reps);
			}
}
#endif

/* The speed goals of the page-resuming word loop and the SSE2 strscpy, as ratios. */
static void print_goals(size_t reps)
{
	const struct goal fixed[] = {
		{ "64 KiB, unaligned src: unaligned mode vs its aligned time", 65536, 1, UNALIGNED,
		  65536, 0, UNALIGNED, 1.3, NO_FLOOR },
#ifdef BENCH_SSE2
		{ "4 KiB, aligned: sse2 vs memcpy", 4096, 0, SSE2, 4096, 0, MEMCPY, 2.0, SSE2_STRLEN },
		{ "64 KiB, aligned: sse2 vs memcpy", 65536, 0, SSE2, 65536, 0, MEMCPY, 1.8, SSE2_STRLEN },
		{ "64 KiB, unaligned: sse2 vs memcpy", 65536, 1, SSE2, 65536, 1, MEMCPY, 1.8, SSE2_STRLEN },
#endif
	};
	size_t i;

	printf("\ngoals (median of per-repetition ratios)\n");
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		print_goal(&fixed[i], reps);
#ifdef BENCH_BASELINE
	print_short_goals(reps);
#else
	printf("(short strings against the base revision: configure with "
	       "-DSTRSCPY_BENCH_BASELINE=<revision>)\n");
#endif
}

static void write_csv_row(FILE *out, size_t l, size_t a, size_t i)
{
	const struct result *r = &results[l][a][i];
	size_t len = lengths[l];

	fprintf(out, "%zu,%s,%s,%zu,", len, alignments[a].name, contender_table[i].name, r->calls);
	fprintf(out, "%.3f,%.3f,%.3f,", r->ns.min, r->ns.median, r->ns.max);
	/* The fastest call moves the most bytes per ns. */
	fprintf(out, "%.4f,%.4f,%.4f,", bytes_per_ns(len, r->ns.max),
		bytes_per_ns(len, r->ns.median), bytes_per_ns(len, r->ns.min));
	fprintf(out, "%.3f,%.3f\n", r->vs_memcpy.median, r->vs_reference.median);
}

static int write_csv(const char *path)
{
	FILE *out = fopen(path, "w");
	size_t l, a, i;

	if (!out) {
		perror(path);
		return 0;
	}
	fprintf(out, "length,alignment,contender,calls_per_sample,"
		     "ns_per_call_min,ns_per_call_median,ns_per_call_max,"
		     "bytes_per_ns_min,bytes_per_ns_median,bytes_per_ns_max,"
		     "vs_memcpy_median,vs_reference_median\n");
	for (l = 0; l < LENGTHS; l++)
		for (a = 0; a < ALIGNMENTS; a++)
			for (i = 0; i < CONTENDERS; i++)
				write_csv_row(out, l, a, i);
	if (fclose(out) != 0) {
		perror(path);
		return 0;
	}
	return 1;
}

/* A positive decimal up to max. */
static int parse_size(const char *arg, size_t max, size_t *value)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno || end == arg || *end || v == 0 || v > max)
		return 0;
	*value = (size_t)v;
	return 1;
}

int main(int argc, char **argv)
{
	struct buffers b = { .bytes = 2 << 20 };
	size_t reps = 15;
	const char *csv = NULL;
	int i;

	for (i = 1; i + 1 < argc; i += 2) {
		const char *option = argv[i], *value = argv[i + 1];

		if (strcmp(option, "--reps") == 0 && parse_size(value, MAX_REPS, &reps))
			continue;
		if (strcmp(option, "--bytes") == 0 && parse_size(value, SIZE_MAX / 2, &b.bytes))
			continue;
		if (strcmp(option, "--csv") == 0) {
			csv = value;
			continue;
		}
		break;
	}
	if (i != argc) {
		fprintf(stderr, "usage: %s [--reps N (<= %d)] [--bytes B] [--csv FILE]\n",
			argv[0], MAX_REPS);
		return 2;
	}
	contenders = contender_table;
	b.src_base = aligned_alloc(PAGE, LONGEST + 2 * PAGE);
	b.dest_base = aligned_alloc(PAGE, LONGEST + 2 * PAGE);
	if (!b.src_base || !b.dest_base) {
		perror("strscpy_bench");
		return 1;
	}
	if (!check_contenders(&b))
		return 1;
	run_all(&b, reps);

	printf("strscpy_bench: count = length + 1, %zu repetitions, ~%zu string bytes per sample; "
	       "medians\n", reps, b.bytes);
	print_table("ns per call", NS_PER_CALL);
	print_table("bytes per ns", BYTES_PER_NS);
	print_table("time vs memcpy (same repetition)", VS_MEMCPY);
	print_table("time vs reference (same repetition)", VS_REFERENCE);
	print_goals(reps);
	if (csv && !write_csv(csv))
		return 1;
	return 0;
}
