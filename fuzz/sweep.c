/* SPDX-License-Identifier: MIT */
/*
 * The exhaustive sweep: every small case, through the same decoding, arena and
 * oracles as the fuzz target.  Each case is encoded as a fuzz input first, so
 * a divergence saves an input that the fuzz target and the replay tool redo.
 *
 * Usage: <target>_sweep [--reproducer FILE]
 */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "race.h"
#include "report.h"
#include "run.h"

#ifndef HARNESS_TARGET
#define HARNESS_TARGET strscpy_target
#endif

#define WORD sizeof(unsigned long)
#define LONGEST (3 * WORD + 8)
#define ACROSS_LONGEST (CASE_SKEW_MAX + 3 * WORD)
#define SKEWS 16
#define FILL 0xa5

/* String bytes: the values zero-byte tests get wrong, in every position. */
static const uint8_t tricky[] = { 'a', 0x01, 0x80, 'b', 0x81, 0x7f, 0xfe, 'c', 0xff, 0x01, 0x01 };
/* After the NUL: non-zero and unlike FILL, so any of them copied to dest shows. */
static const uint8_t after_nul[] = { 0x81, 0x01, 0xff, 0x7f, 0x80, 0xfe, 0x41, 0x42,
				     0x01, 0x80, 0x43, 0xff, 0x44, 0x81, 0x45, 0x7e };

/*
 * Raw count values: 2^32 + 5 catches a count cut to 32 bits; where size_t is
 * 32 bits wide it decodes as SIZE_MAX, like any raw count size_t cannot hold.
 */
static const uint64_t huge_counts[] = { (uint64_t)INT_MAX - 1, INT_MAX, (uint64_t)INT_MAX + 1,
					 ((uint64_t)1 << 32) + 5, SIZE_MAX };

#define PAYLOAD_MAX (ACROSS_LONGEST + 1 + sizeof(after_nul))

static const char *reproducer;
static uint8_t payload[PAYLOAD_MAX];
static size_t payload_len;
static uint8_t input[PAYLOAD_MAX + CASE_TAIL_SIZE + RACE_TAIL_SIZE];
static size_t input_size;
/* The race target's inputs end in a schedule: none, but in sweep_races(). */
static struct race_schedule schedule;
static unsigned long long cases;

static void save_reproducer(void)
{
	int fd;

	if (!reproducer)
		return;
	fd = open(reproducer, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, input, input_size) != (ssize_t)input_size) {
		perror(reproducer);
		return;
	}
	close(fd);
	fprintf(stderr, "sweep: reproducer saved: %s (after %llu cases)\n", reproducer, cases);
}

/* Sanitizer reports end in their death callback: save the reproducer there too. */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

static void set_string(size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		payload[i] = tricky[(i + len) % sizeof(tricky)];
	payload[len] = '\0';
	memcpy(payload + len + 1, after_nul, sizeof(after_nul));
	payload_len = len + 1 + sizeof(after_nul);
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

	input_size = encode_case(&p, payload, payload_len, input, sizeof(input));
	if (HARNESS_TARGET.race) {
		race_encode(&schedule, input + input_size);
		input_size += RACE_TAIL_SIZE;
	}
	run_input(&HARNESS_TARGET, input, input_size);
	cases++;
}

/* Every src and dest misalignment, every length and count up to three words and a bit. */
static void sweep_alignments(void)
{
	unsigned src_skew, dest_skew;
	uint8_t dest_placement;
	size_t len, count;

	for (len = 0; len <= LONGEST; len++) {
		set_string(len);
		for (src_skew = 0; src_skew < SKEWS; src_skew++)
			for (dest_skew = 0; dest_skew < SKEWS; dest_skew++)
				for (dest_placement = 0; dest_placement < DEST_PLACEMENTS; dest_placement++)
					for (count = 0; count <= LONGEST; count++)
						run_case(SRC_AFTER_GUARD, src_skew, dest_placement,
							 dest_skew, count);
	}
}

/* The readable bytes ending at each of the last 64 bytes of a page, and counts past it. */
static void sweep_page_ends(size_t page)
{
	size_t len, count;
	unsigned skew, i;

	for (len = 0; len <= LONGEST; len++) {
		const size_t past[] = { len + page, len + page + 1, len + 2 * page, SIZE_MAX };

		set_string(len);
		for (skew = 0; skew < CASE_SKEW_MAX; skew++) {
			for (count = 0; count <= LONGEST + 1; count++) {
				run_case(SRC_BEFORE_GUARD, skew, DEST_MID_PAGE, skew % SKEWS, count);
				run_case(SRC_BEFORE_GUARD, skew, DEST_BEFORE_GUARD, skew % SKEWS, count);
			}
			for (i = 0; i < sizeof(past) / sizeof(past[0]); i++)
				run_case(SRC_BEFORE_GUARD, skew, DEST_AFTER_GUARD, skew % SKEWS, past[i]);
		}
	}
}

/* Strings ending in each of the first 64 bytes after a guard page. */
static void sweep_after_guard(void)
{
	size_t len, count;
	unsigned skew;

	for (skew = 0; skew < CASE_SKEW_MAX; skew++)
		for (len = 0; skew + len < CASE_SKEW_MAX; len++) {
			set_string(len);
			for (count = len; count <= len + WORD + 1; count++)
				run_case(SRC_AFTER_GUARD, skew, DEST_AFTER_GUARD, skew, count);
		}
}

/* Strings that cross an inner page boundary: the word loop must stop, the byte loop go on. */
static void sweep_across_pages(void)
{
	size_t len, count;
	unsigned skew;

	for (len = 0; len <= ACROSS_LONGEST; len++) {
		set_string(len);
		for (skew = 0; skew < CASE_SKEW_MAX; skew++)
			for (count = len; count <= len + 2; count++) {
				run_case(SRC_ACROSS_PAGES, skew, DEST_MID_PAGE, skew % SKEWS, count);
				run_case(SRC_ACROSS_PAGES, skew, DEST_BEFORE_GUARD, skew % SKEWS, count);
			}
	}
}

/*
 * dest holding a string before the call (the transient check): its NUL at
 * count - 1, halfway down to the terminator's place, and at that place.
 */
static void sweep_terminated_dest(void)
{
	static const unsigned choices[] = { 1, DEST_NUL_CHOICES / 2, DEST_NUL_CHOICES - 1 };
	unsigned skew, i;
	size_t len, count;

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
 */
static void sweep_races(void)
{
	static const uint8_t bytes[] = { 0, 'x' };
	size_t len, count, load, offset, b;
	unsigned skew;

	for (len = 0; len <= LONGEST; len++) {
		set_string(len);
		for (skew = 0; skew < WORD; skew++)
			for (count = len; count <= len + 1; count++)
				for (load = 1; load <= len + 2; load++)
					for (offset = 0; offset <= len; offset++)
						for (b = 0; b < sizeof(bytes); b++) {
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
				for (i = 0; i < sizeof(huge_counts) / sizeof(huge_counts[0]); i++)
					run_case(SRC_AFTER_GUARD, src_skew, DEST_MID_PAGE, dest_skew,
						 huge_counts[i]);
	}
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--reproducer") == 0) {
		reproducer = argv[2];
	} else if (argc != 1) {
		fprintf(stderr, "usage: %s [--reproducer FILE]\n", argv[0]);
		return 2;
	}
	divergence_hook = save_reproducer;
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(save_reproducer);

	/* What the cases depend on, so each platform's log says what it covered. */
	printf("sweep: %s: %zu-byte words, %s-endian, %zu-byte pages (sysconf)\n", HARNESS_TARGET.name,
	       WORD, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little",
	       arena_get()->layout.page);
	sweep_alignments();
	sweep_page_ends(arena_get()->layout.page);
	sweep_after_guard();
	sweep_across_pages();
	sweep_huge_counts();
	sweep_terminated_dest();
	if (HARNESS_TARGET.race)
		sweep_races();
	printf("sweep: %s: %llu cases, no divergence\n", HARNESS_TARGET.name, cases);
	return 0;
}
