/* SPDX-License-Identifier: MIT */
/*
 * The exhaustive sweep: every small case, through the same decoding, arena and
 * oracles as the fuzz target.  Each case is encoded as a fuzz input first, so
 * a divergence saves an input that the fuzz target and the replay tool redo.
 *
 * Triage: a divergence does not end the sweep.  The reporter's hook jumps back
 * to the loop, and each class keeps its smallest reproducer (fewest source
 * bytes, then smallest count) and the number of cases that hit it.  At the end
 * each class's reproducer is run again to print its report, then a table.
 * A sanitizer finding ends the process: the reproducer and the case index are
 * saved from the death callback, and --start resumes after it, or past the
 * section it is in (the cases of one kind: alignments, page ends...): a finding
 * that comes back is most often tied to that kind of case, and would only hide
 * the classes of the sections after it.  A timeout ends the sweep too (the next
 * huge count would cost the limit again), reported with the classes found
 * before it.  So does the first divergence with --first, whose report is printed
 * as it happens: run again, a case at a huge count would cost its gigabytes twice.
 *
 * Usage: <target>_sweep [--reproducer FILE] [--start N] [--case-seconds S] [--first]
 *   --reproducer  FILE-<class> gets each class's reproducer, FILE the first class's
 *   --start       skip the cases before index N (resume after a sanitizer finding)
 *   --case-seconds  CPU-time limit per case, class timeout past it (default
 *                   $STRSCPY_CASE_SECONDS, else 5; 0: none)
 *   --first       stop at the first divergence: is anything caught, and where (the
 *                 self-test's question), without sweeping the rest for other classes
 * Exit: 0 no divergence; 1 divergences (reported, with the table); 2 usage.
 */
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"
#include "field.h"
#include "race.h"
#include "report.h"
#include "run.h"
#include "trace.h"
#include "watchdog.h"


#define WORD sizeof(unsigned long)
#define LONGEST (3 * WORD + 8)
#define ACROSS_LONGEST (CASE_SKEW_MAX + 3 * WORD)
/* Page ends a string crosses in sweep_page_runs(), on pages up to PAGE_MAX bytes. */
#define RUN_PAGE_ENDS_MAX 3
#define PAGE_MAX 65536
#define RUN_LONGEST ((RUN_PAGE_ENDS_MAX - 1) * PAGE_MAX + CASE_SKEW_MAX + 2 * WORD)
#ifdef STRSCPY_SWEEP_EMULATED
/*
 * Under an emulator (a cross build's CMAKE_CROSSCOMPILING_EMULATOR) a case costs many times
 * what it does natively, and what only that leg can find is a word of another size or byte
 * order: a skew matters there modulo the widest load its code makes, a word (the SSE2 code,
 * with 16-byte blocks, is built on x86-64 hosts only, which run it natively).  So skews run
 * over one word, and the page runs' over the word of skews that puts the first page end in
 * the string's first word; lengths, counts, page ends and huge counts stay as they are.
 * A guard page or a page end matters within a word or two of a load: the page ends put the
 * end of what src may be read at each byte of a page's last two words (a gap of two words
 * or more is one regime: no load of the string's last word reaches the guard), an inner page
 * end lies at each byte of the string's first three words (none, one or two words before it,
 * then bytes, then words again), and a string starts at each byte of the word after a guard
 * page (an aligned load reaches back less than a word).
 */
#define SKEWS WORD
#define RUN_SKEWS WORD
#define PAGE_END_SKEWS (2 * WORD)
#define ACROSS_SKEWS (3 * WORD)
#define AFTER_GUARD_SKEWS WORD
#define SKEWS_WHY "an emulated build: one word's"
#else
/*
 * Every misalignment of a 16-byte block, and every place of a page's first end in a string,
 * of a page end after the string and of a guard page before it, within 64 bytes.
 */
#define SKEWS 16
#define RUN_SKEWS CASE_SKEW_MAX
#define PAGE_END_SKEWS CASE_SKEW_MAX
#define ACROSS_SKEWS CASE_SKEW_MAX
#define AFTER_GUARD_SKEWS CASE_SKEW_MAX
#define SKEWS_WHY "a 16-byte block's"
#endif
#define FILL 0xa5

/* String bytes: the values zero-byte tests get wrong, in every position. */
static const uint8_t tricky[] = { 'a', 0x01, 0x80, 'b', 0x81, 0x7f, 0xfe, 'c', 0xff, 0x01, 0x01 };
/* After the NUL: non-zero and unlike FILL, so any of them copied to dest shows. */
static const uint8_t after_nul[] = { 0x81, 0x01, 0xff, 0x7f, 0x80, 0xfe, 0x41, 0x42,
				     0x01, 0x80, 0x43, 0xff, 0x44, 0x81, 0x45, 0x7e };

/*
 * Counts past INT_MAX, rejected: 2^32 + 5 catches a count cut to 32 bits;
 * where size_t is 32 bits wide it decodes as SIZE_MAX, like any raw count
 * size_t cannot hold.
 */
static const uint64_t rejected_huge_counts[] = { (uint64_t)INT_MAX + 1, ((uint64_t)1 << 32) + 5,
						  SIZE_MAX };
/*
 * The largest accepted counts: dest owns all of them, and an implementation
 * that pads writes all of them (2 GiB), so they get two cases, not thousands:
 * a long string into a misaligned mid-page dest, and an empty one into a dest
 * whose count ends right before a guard page.  Under an emulator, where such a
 * pass costs seconds, only the second: what a word of another size or byte
 * order can change at a huge count is the arithmetic on the count, done at the
 * largest one (a 32-bit platform cuts both counts to the same), and the word
 * loop, which stops at the NUL or a page end long before: the page ends' counts
 * past a page drive it as far.
 */
static const struct huge_case {
	size_t len;
	unsigned src_skew;
	uint8_t dest_placement;
	unsigned dest_skew;
	uint64_t count;
} accepted_huge_cases[] = {
#ifndef STRSCPY_SWEEP_EMULATED
	{ LONGEST, 3, DEST_MID_PAGE, 5, (uint64_t)INT_MAX - 1 },
#endif
	{ 0, 0, DEST_BEFORE_GUARD, 3, INT_MAX },
};

#define COUNTS_OF(array) (sizeof(array) / sizeof((array)[0]))

/*
 * An appending contract's dest string (case.h) in every section but its own: an append
 * that starts 5 bytes in, so the copy's alignment is not dest's; counts up to 5 find no
 * NUL in it.
 */
#define DEST_STRING_LEN 5
/* Its own section: dest strings up to LONGEST, and these src lengths appended. */
static const size_t appended_lengths[] = { 0, 1, WORD - 1, WORD + 1, 2 * WORD + 3 };

#define PAYLOAD_MAX (RUN_LONGEST + 1 + LONGEST + 1 + sizeof(after_nul))
#define INPUT_MAX (PAYLOAD_MAX + CASE_TAIL_SIZE + RACE_TAIL_SIZE + FIELD_TAIL_SIZE)

#define CLASSES_MAX 32
#define DEFAULT_CASE_SECONDS 5

/* A divergence class found, with its smallest reproducer so far. */
struct found_class {
	const char *name;
	unsigned long long hits;
	size_t source_bytes;
	size_t count;
	uint8_t input[INPUT_MAX];
	size_t input_size;
};

static const char *reproducer;
static unsigned long long start_case;
/* Set when the sweep stops early: the first case it did not run. */
static unsigned long long stopped_at;
/* Set while a section's cases are only counted, to know where it ends: none is run. */
static bool counting;

/* The cases of one kind, in the order they run: what a resumed sweep can skip past. */
struct section {
	const char *name;
	void (*sweep)(void);
};

static const struct section *sections;
static size_t section_count;
/* The section running, and the index of its last case plus one, for the death callback. */
static size_t section_running;
static unsigned long long section_end;
/* --first: the first divergence ends the sweep. */
static bool stop_at_first;
static uint8_t payload[PAYLOAD_MAX];
static size_t dest_string_len = DEST_STRING_LEN;
static size_t payload_len;
static uint8_t input[INPUT_MAX];
static size_t input_size;
/* The race target's inputs end in a schedule: none, but in sweep_races(). */
static struct race_schedule schedule;
/* The field functions' inputs end in a field tail: set by sweep_fields(). */
static struct field_params field;
static unsigned long long cases;
/*
 * The watchdog's sign of life: advances with every case, skipped ones too, and every rerun.  A
 * case that times out leaves the last run looking unfinished: skipping the cases after it (slow
 * under an emulator) must not read as the same case still running.
 */
static volatile unsigned long long progress;
static struct found_class found[CLASSES_MAX];
static size_t found_count;
/* Where a divergence returns to: the case loop while sweeping, the report loop at the end. */
static sigjmp_buf case_exit;
/*
 * Reports go here while sweeping (muted: each class is reported once, at the end), but with
 * --first, where the one report is printed when its case runs.
 */
static FILE *console;

static void write_file(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		perror(path);
	if (fd >= 0)
		close(fd);
}

static char *class_reproducer_path(const char *name)
{
	static char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s-%s", reproducer, name);
	return path;
}

static void save_class(const struct found_class *f)
{
	if (!reproducer)
		return;
	write_file(class_reproducer_path(f->name), f->input, f->input_size);
	if (f != &found[0])
		return;
	write_file(reproducer, f->input, f->input_size);
	if (f->hits == 1)
		fprintf(console, "sweep: reproducer saved: %s (after %llu cases)\n", reproducer, cases);
}

static bool smaller(const struct strscpy_case *c, const struct found_class *f)
{
	return c->payload_len < f->source_bytes ||
	       (c->payload_len == f->source_bytes && c->count < f->count);
}

static struct found_class *class_named(const char *name)
{
	size_t i;

	for (i = 0; i < found_count; i++)
		if (strcmp(found[i].name, name) == 0)
			return &found[i];
	if (found_count == CLASSES_MAX)
		return NULL;
	found[found_count].name = name;
	fprintf(console, "sweep: found %s at case %llu\n", name, cases);
	return &found[found_count++];
}

/* The reporter's hook while sweeping: keep the case if it is the class's smallest, go on. */
static void on_divergence(const char *name)
{
	const struct run *r = run_in_progress();
	struct found_class *f = class_named(name);

	if (f && (f->hits++ == 0 || smaller(&r->c, f))) {
		f->source_bytes = r->c.payload_len;
		f->count = r->c.count;
		memcpy(f->input, input, input_size);
		f->input_size = input_size;
		save_class(f);
	}
	/* Every case past the limit would cost the limit again: a timeout ends the sweep. */
	if ((stop_at_first || strcmp(name, "timeout") == 0) && !stopped_at) {
		stopped_at = cases + 1;
		fprintf(console, "sweep: stopped by %s at case %llu; resume with --start %llu\n",
			stop_at_first ? "the first divergence (--first)" : "a timeout", cases,
			stopped_at);
	}
	siglongjmp(case_exit, 1);
}

static void print_table(void)
{
	size_t i;

	printf("sweep: %-28s %12s  %s\n", "class", "cases hit", "reproducer");
	for (i = 0; i < found_count; i++)
		printf("sweep: %-28s %12llu  %s\n", found[i].name, found[i].hits,
		       reproducer ? class_reproducer_path(found[i].name) : "(not saved: no --reproducer)");
	fflush(stdout);
}

/*
 * A sanitizer ends the process: keep what it ran into, say where to resume, and list the
 * classes found before it (their reproducers are saved; their reports are not printed).
 */
static void on_sanitizer_death(void)
{
	stderr = console;
	if (found_count)
		print_table();
	if (reproducer) {
		write_file(reproducer, input, input_size);
		fprintf(console, "sweep: reproducer saved: %s (after %llu cases)\n", reproducer, cases);
	}
	fprintf(console, "sweep: stopped by a sanitizer at case %llu; resume with --start %llu\n",
		cases, cases + 1);
	if (section_running < section_count)
		fprintf(console,
			"sweep: case %llu is in section %zu of %zu (%s); resume past it with --start %llu\n",
			cases, section_running + 1, section_count, sections[section_running].name,
			section_end);
}

/* len tricky bytes at at, rotated by the length, then a NUL: what follows the string's end. */
static size_t put_string(uint8_t *at, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		at[i] = tricky[(i + len) % sizeof(tricky)];
	at[len] = '\0';
	return len + 1;
}

/*
 * src's string; for an appending contract, dest's after it (its bytes, then a NUL:
 * case.h), dest_string_len bytes long.
 */
static void set_string(size_t len)
{
	payload_len = put_string(payload, len);
	if (target_under_test()->contract->dest == DEST_APPENDED)
		payload_len += put_string(payload + payload_len, dest_string_len);
	memcpy(payload + payload_len, after_nul, sizeof(after_nul));
	payload_len += sizeof(after_nul);
}

static void run_case(uint8_t src_placement, unsigned src_skew, uint8_t dest_placement,
		     unsigned dest_skew, uint64_t count)
{
	struct case_params p = {
		.count_class = COUNT_RAW,
		.count_raw = count,
		.src_placement = src_placement,
		.src_skew = (uint8_t)src_skew,
		.dest_placement = dest_placement,
		.dest_skew = (uint8_t)dest_skew,
		.fill = FILL,
	};

	progress++;
	if (!counting && cases >= start_case && !stopped_at) {
		input_size = encode_case(&p, payload, payload_len, input, sizeof(input));
		if (target_under_test()->contract->race) {
			race_encode(&schedule, input + input_size);
			input_size += RACE_TAIL_SIZE;
		}
		if (contract_takes_field(target_under_test()->contract)) {
			field_encode(&field, input + input_size);
			input_size += FIELD_TAIL_SIZE;
		}
		if (sigsetjmp(case_exit, 0) == 0)
			run_input(target_under_test(), input, input_size);
	}
	cases++;
}

/*
 * A string of len bytes at every src misalignment, at dest misalignments
 * dest_step apart, with every count up to three words and a bit.
 */
static void sweep_alignments_of(size_t len, unsigned dest_step)
{
	unsigned src_skew, dest_skew;
	uint8_t dest_placement;
	size_t count;

	set_string(len);
	for (src_skew = 0; src_skew < SKEWS; src_skew++)
		for (dest_skew = 0; dest_skew < SKEWS; dest_skew += dest_step)
			for (dest_placement = 0; dest_placement < DEST_PLACEMENTS; dest_placement++)
				for (count = 0; count <= LONGEST; count++)
					run_case(SRC_AFTER_GUARD, src_skew, dest_placement, dest_skew, count);
}

/*
 * Every length up to three words and a bit, then one longer than every count
 * by more than a 16-byte block: truncated at each count, with no NUL in the
 * word or block that holds src[count - 1], nor in the next.  What that case
 * adds turns on src's alignment, so a few dest alignments are enough for it:
 * four of 16, three of 8, two of 4.
 */
static void sweep_alignments(void)
{
	size_t len;

	for (len = 0; len <= LONGEST; len++)
		sweep_alignments_of(len, 1);
	sweep_alignments_of(2 * LONGEST, SKEWS / 4 + 1);
}

/*
 * The readable bytes ending at each of the last PAGE_END_SKEWS bytes of a page, and counts
 * past it.
 */
static void sweep_page_ends(void)
{
	size_t page = arena_get()->layout.page, len, count;
	unsigned skew, i;

	for (len = 0; len <= LONGEST; len++) {
		const size_t past[] = { len + page, len + page + 1, len + 2 * page, SIZE_MAX };

		set_string(len);
		for (skew = 0; skew < PAGE_END_SKEWS; skew++) {
			for (count = 0; count <= LONGEST + 1; count++) {
				run_case(SRC_BEFORE_GUARD, skew, DEST_MID_PAGE, skew % SKEWS, count);
				run_case(SRC_BEFORE_GUARD, skew, DEST_BEFORE_GUARD, skew % SKEWS, count);
			}
			for (i = 0; i < sizeof(past) / sizeof(past[0]); i++)
				run_case(SRC_BEFORE_GUARD, skew, DEST_AFTER_GUARD, skew % SKEWS, past[i]);
		}
	}
}

/*
 * Strings starting at each of the first AFTER_GUARD_SKEWS bytes after a guard page, and
 * ending in each of its first 64.
 */
static void sweep_after_guard(void)
{
	size_t len, count;
	unsigned skew;

	for (skew = 0; skew < AFTER_GUARD_SKEWS; skew++)
		for (len = 0; skew + len < CASE_SKEW_MAX; len++) {
			set_string(len);
			for (count = len; count <= len + WORD + 1; count++)
				run_case(SRC_AFTER_GUARD, skew, DEST_AFTER_GUARD, skew, count);
		}
}

/*
 * Strings that cross an inner page boundary, at each of their first ACROSS_SKEWS bytes: the
 * word loop must stop, the byte loop go on.
 */
static void sweep_across_pages(void)
{
	size_t len, count;
	unsigned skew;

	for (len = 0; len <= ACROSS_LONGEST; len++) {
		set_string(len);
		/* SRC_ACROSS_PAGES starts CASE_SKEW_MAX - skew bytes before the page end. */
		for (skew = CASE_SKEW_MAX - ACROSS_SKEWS; skew < CASE_SKEW_MAX; skew++)
			for (count = len; count <= len + 2; count++) {
				run_case(SRC_ACROSS_PAGES, skew, DEST_MID_PAGE, skew % SKEWS, count);
				run_case(SRC_ACROSS_PAGES, skew, DEST_BEFORE_GUARD, skew % SKEWS, count);
			}
	}
}

/*
 * Strings that cross two and three page ends, with the NUL at every byte
 * around the last one and every src alignment (RUN_SKEWS skews, the first
 * page end at each of the string's first RUN_SKEWS bytes): across inner page ends, and
 * ending right before the guard page, where a word that straddles a page end
 * the string does not cross faults.
 */
static void sweep_page_runs(void)
{
	size_t page = arena_get()->layout.page, ends, len, first, i;
	unsigned skew;

	if (page > PAGE_MAX) {
		if (!counting)
			printf("sweep: no page runs: %zu-byte pages are over %d\n", page, PAGE_MAX);
		return;
	}
	for (ends = 2; ends <= RUN_PAGE_ENDS_MAX; ends++)
		for (skew = CASE_SKEW_MAX - RUN_SKEWS; skew < CASE_SKEW_MAX; skew++) {
			/* SRC_ACROSS_PAGES starts CASE_SKEW_MAX - skew bytes before its first page end. */
			first = CASE_SKEW_MAX - skew + (ends - 1) * page - WORD - 1;
			for (len = first; len <= first + 2 * WORD + 2; len++) {
				const size_t counts[] = { len, len + 1, len + 2, len + page };

				set_string(len);
				for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
					run_case(SRC_ACROSS_PAGES, skew, DEST_MID_PAGE, skew % SKEWS, counts[i]);
					run_case(SRC_BEFORE_GUARD, skew, DEST_BEFORE_GUARD, skew % SKEWS,
						 counts[i]);
				}
			}
		}
}

/*
 * A contract that appends to dest's string: that string at every length up to
 * three words and a bit, at every dest alignment, mid-page and before a guard,
 * with short and word-sized strings appended, and every count up to past what
 * it all needs, so the counts up to the string's length find no NUL in it.
 */
static void sweep_appended_dest(void)
{
	unsigned skew, i;
	size_t count;

	for (dest_string_len = 0; dest_string_len <= LONGEST; dest_string_len++)
		for (i = 0; i < COUNTS_OF(appended_lengths); i++) {
			set_string(appended_lengths[i]);
			for (skew = 0; skew < SKEWS; skew++)
				for (count = 0; count <= dest_string_len + appended_lengths[i] + 2;
				     count++) {
					run_case(SRC_AFTER_GUARD, (skew * 5) % SKEWS, DEST_MID_PAGE,
						 skew, count);
					run_case(SRC_AFTER_GUARD, (skew * 3) % SKEWS, DEST_BEFORE_GUARD,
						 skew, count);
				}
		}
	dest_string_len = DEST_STRING_LEN;
}

/*
 * dest holding a string before the call.  For the transient check: its NUL at
 * count - 1, halfway down to the terminator's place, and at that place.  For
 * a contract that appends to it: the string itself, sweep_appended_dest().
 */
static void sweep_terminated_dest(void)
{
	static const unsigned choices[] = { 1, DEST_NUL_CHOICES / 2, DEST_NUL_CHOICES - 1 };
	unsigned skew, i;
	size_t len, count;

	if (target_under_test()->contract->dest == DEST_APPENDED) {
		sweep_appended_dest();
		return;
	}
	for (len = 0; len <= LONGEST; len++) {
		set_string(len);
		for (skew = 0; skew < SKEWS; skew++)
			for (count = 1; count <= LONGEST + 1; count++)
				for (i = 0; i < sizeof(choices) / sizeof(choices[0]); i++)
					run_case(SRC_AFTER_GUARD, skew | (choices[i] & 3) << 6,
						 DEST_MID_PAGE, skew | (choices[i] >> 2) << 6, count);
	}
}

/*
 * The race target: before each of the first loads, a NUL or a letter written
 * over each byte of the string and its NUL, with counts that fit and one over.
 * Other targets have no schedule: no case.  Without the trace no step can
 * happen (race_begin() drops them): every schedule would run the same case, so
 * each runs once, with the first.
 */
static void sweep_races(void)
{
	static const uint8_t bytes[] = { 0, 'x' };
	bool steps_happen = trace_compiled_in() && target_under_test()->traced;
	size_t len, count, load, offset, b;
	unsigned skew;

	if (!target_under_test()->contract->race)
		return;

	for (len = 0; len <= LONGEST; len++) {
		set_string(len);
		for (skew = 0; skew < WORD; skew++)
			for (count = len; count <= len + 1; count++)
				for (load = 1; load <= (steps_happen ? len + 2 : 1); load++)
					for (offset = 0; offset <= (steps_happen ? len : 0); offset++)
						for (b = 0; b < (steps_happen ? sizeof(bytes) : 1); b++) {
							schedule.steps[0] = (struct race_step){
								.load = load,
								.offset = offset,
								.byte = bytes[b],
							};
							run_case(SRC_AFTER_GUARD, skew, DEST_MID_PAGE,
								 skew, count);
						}
	}
	schedule.steps[0] = (struct race_step){ 0 };
}

static void sweep_huge_counts(void)
{
	unsigned src_skew, dest_skew, i;
	size_t len;

	for (len = 0; len <= LONGEST; len++) {
		set_string(len);
		for (src_skew = 0; src_skew < SKEWS; src_skew++)
			for (dest_skew = 0; dest_skew < SKEWS; dest_skew++)
				for (i = 0; i < COUNTS_OF(rejected_huge_counts); i++)
					run_case(SRC_AFTER_GUARD, src_skew, DEST_MID_PAGE, dest_skew,
						 rejected_huge_counts[i]);
	}
	for (i = 0; i < COUNTS_OF(accepted_huge_cases); i++) {
		const struct huge_case *h = &accepted_huge_cases[i];

		set_string(h->len);
		run_case(SRC_AFTER_GUARD, h->src_skew, h->dest_placement, h->dest_skew, h->count);
	}
}

/*
 * The field functions' sweep, instead of the string functions' (their code is a
 * measure, a copy and a fill, not a word loop: a few alignments do): for every
 * length and count up to three words and a bit, src's width around the string's
 * length (cut short, exactly the string, NUL-ended, with room) and unknown, or
 * pad bytes zero, a space and 0xff; src's width ending right before a guard page
 * (a read past it faults) and dest mid-page, holding a NUL or not, and before a
 * guard; and counts past what dest holds, cut to it.
 */
static void sweep_fields(void)
{
	static const struct field_params widths[] = {
		{ FIELD_NEAR_LENGTH, 0, 0 }, { FIELD_NEAR_LENGTH, 1, 0 }, { FIELD_NEAR_LENGTH, 2, 0 },
		{ FIELD_NEAR_LENGTH, 3, 0 }, { FIELD_NEAR_LENGTH, 4, 0 }, { FIELD_UNKNOWN, 0, 0 },
	};
	static const struct field_params pads[] = {
		{ FIELD_UNKNOWN, 0, 0 }, { FIELD_UNKNOWN, 0, ' ' }, { FIELD_UNKNOWN, 0, 0xff },
	};
	static const unsigned skews[] = { 0, 1, WORD - 1, WORD + 3 };
	/* Per skew, where dest holds its NUL before the call: none, at count - 1, halfway, at
	 * the terminator's place (the transient check, and a NUL a left-alone tail keeps). */
	static const unsigned nul_choices[] = { 0, 1, DEST_NUL_CHOICES / 2, DEST_NUL_CHOICES - 1 };
	bool padded = target_under_test()->contract->reference.shape == SHAPE_PAD;
	const struct field_params *choices = padded ? pads : widths;
	size_t n = padded ? COUNTS_OF(pads) : COUNTS_OF(widths), len, count, i;
	unsigned s;

	for (len = 0; len <= LONGEST; len++) {
		set_string(len);
		for (i = 0; i < n; i++) {
			field = choices[i];
			for (s = 0; s < COUNTS_OF(skews); s++)
				for (count = 0; count <= LONGEST + 1; count++) {
					run_case(SRC_BEFORE_GUARD, skews[s] | (nul_choices[s] & 3) << 6,
						 DEST_MID_PAGE, skews[s] | (nul_choices[s] >> 2) << 6, count);
					run_case(SRC_AFTER_GUARD, skews[s], DEST_BEFORE_GUARD, skews[s],
						 count);
				}
			run_case(SRC_BEFORE_GUARD, 0, DEST_AFTER_GUARD, 0, SIZE_MAX);
		}
	}
}

/* The string functions' sweep: alignments, page ends and crossings, huge counts, dest strings. */
static const struct section string_sections[] = {
	{ "alignments", sweep_alignments },
	{ "page ends", sweep_page_ends },
	{ "after guard", sweep_after_guard },
	{ "across pages", sweep_across_pages },
	{ "page runs", sweep_page_runs },
	{ "huge counts", sweep_huge_counts },
	{ "terminated dest", sweep_terminated_dest },
	{ "races", sweep_races },
};
static const struct section field_sections[] = { { "fields", sweep_fields } };

static void sweep_sections(void)
{
	unsigned long long first;

	for (section_running = 0; section_running < section_count; section_running++) {
		/* Counted first (skipped cases cost next to nothing): its end is known when it runs. */
		first = cases;
		counting = true;
		sections[section_running].sweep();
		counting = false;
		section_end = cases;
		cases = first;
		sections[section_running].sweep();
	}
}

/* Each class's smallest reproducer, rerun for its report (--first showed it), then the table. */
static void on_reported(const char *name)
{
	(void)name;
	siglongjmp(case_exit, 1);
}

static void report_found(void)
{
	/* Static: a local may not keep its value across siglongjmp. */
	static size_t i;

	stderr = console;
	report_mute(false);
	divergence_hook = on_reported;
	for (i = 0; i < found_count && !stop_at_first; i++) {
		progress++;
		if (sigsetjmp(case_exit, 0) == 0)
			run_input(target_under_test(), found[i].input, found[i].input_size);
	}
	if (stopped_at)
		printf("sweep: %s: %llu of %llu cases, %zu divergence classes\n", target_under_test()->name,
		       stopped_at - start_case, cases, found_count);
	else
		printf("sweep: %s: %llu cases, %zu divergence classes\n", target_under_test()->name, cases,
		       found_count);
	print_table();
}

static void usage(const char *argv0)
{
	fprintf(stderr, "usage: %s [--reproducer FILE] [--start N] [--case-seconds S] [--first]\n",
		argv0);
	exit(2);
}

static unsigned long long number_argument(const char *value, const char *argv0)
{
	char *end;
	unsigned long long n = strtoull(value, &end, 10);

	if (*value < '0' || *value > '9' || *end) {
		fprintf(stderr, "%s: not a number: %s\n", argv0, value);
		exit(2);
	}
	return n;
}

int main(int argc, char **argv)
{
	unsigned long long case_seconds = case_seconds_from_environment(DEFAULT_CASE_SECONDS);
	int i;

	for (i = 1; i < argc; i++) {
		const char *value = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(argv[i], "--first") == 0) {
			stop_at_first = true;
			continue;
		}
		if (!value) {
			usage(argv[0]);
		} else if (strcmp(argv[i], "--reproducer") == 0) {
			reproducer = value;
		} else if (strcmp(argv[i], "--start") == 0) {
			start_case = number_argument(value, argv[0]);
		} else if (strcmp(argv[i], "--case-seconds") == 0) {
			case_seconds = number_argument(value, argv[0]);
		} else {
			usage(argv[0]);
		}
		i++;
	}
	console = stderr;
	if (!stop_at_first) {
		stderr = fopen("/dev/null", "w");
		if (!stderr)
			return 2;
		report_mute(true);
	}
	divergence_hook = on_divergence;
	catch_sanitizer_findings(on_sanitizer_death);
	watchdog_start(&progress,
		       case_seconds > MAX_CASE_SECONDS ? MAX_CASE_SECONDS : (unsigned)case_seconds);

	/* What the cases depend on, so each platform's log says what it covered. */
	printf("sweep: %s: %zu-byte words, %s-endian, %zu-byte pages (sysconf), skews 0-%zu (%s), "
	       "dest owns counts up to %zu%s%s\n",
	       target_under_test()->name, WORD, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little",
	       arena_get()->layout.page, (size_t)SKEWS - 1, SKEWS_WHY, arena_get()->layout.count_max,
	       arena_get()->layout.count_max < INT_MAX
		       ? " (the most this platform lets dest own: larger accepted counts are cut to it)"
		       : " (INT_MAX)",
	       start_case ? ", resumed" : "");
	fflush(stdout);
	if (contract_takes_field(target_under_test()->contract)) {
		sections = field_sections;
		section_count = COUNTS_OF(field_sections);
	} else {
		sections = string_sections;
		section_count = COUNTS_OF(string_sections);
	}
	sweep_sections();
	if (found_count == 0) {
		printf("sweep: %s: %llu cases, no divergence\n", target_under_test()->name, cases);
		return 0;
	}
	report_found();
	return 1;
}
