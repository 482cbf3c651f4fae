/* SPDX-License-Identifier: MIT */
/*
 * Writes the seed corpus and the dictionary of the fuzz targets, so that no
 * seed is typed by hand: scripts/make-seeds.sh runs it, and a test checks that
 * what is committed under corpus/ is what it writes.
 *
 * Every src placement x dest placement x count class gets seeds, with strings
 * of the lengths where word loops go wrong, the bytes zero-byte tests get
 * wrong before and after the NUL, skews that include 0 and 63, and several
 * dest pre-fill bytes.  The output is the same on every machine: lengths are
 * chosen for both 4- and 8-byte words, and the page size is the 4 KiB granule
 * the implementation assumes, not this machine's.
 *
 * An appending contract's seeds (strlcat) are cases whose bytes after src's NUL,
 * dest's string to it, run through the same lengths.
 *
 * The race targets' seeds (strscpy_race, strscpy_pad_race: the same input
 * format, one corpus) are strscpy cases with a schedule after them
 * (race.h): none, or a NUL or a letter written into the string before its
 * first or second load.
 *
 * The field functions' seeds are cases with a field tail after them (field.h):
 * each length under each width class and a few counts, with pad bytes zero, a
 * space and 0xff.
 *
 * The modes are named after the corpus they write (corpus/targets.list): case
 * for the targets that take a plain case, race for the race targets, sized for
 * the field functions.
 *
 * Usage: make_seeds case-seeds DIR    (writes DIR/<descriptive name> for each seed)
 *        make_seeds case-dict FILE    (writes the libFuzzer/AFL++ dictionary)
 *        make_seeds race-seeds DIR    (the same for the race targets)
 *        make_seeds race-dict FILE
 *        make_seeds sized-seeds DIR   (the same for the field functions)
 *        make_seeds sized-dict FILE
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "case.h"
#include "field.h"
#include "race.h"

#define SEED_PAGE 4096
#define SEED_WORD 8 /* the widest word; the lengths below also cover 4-byte words */
#define LONG_STRING (SEED_PAGE + SEED_WORD)
#define VARIANTS 3  /* seeds per src placement x dest placement x count class */

/* 0, 1, around a 4-byte word, around an 8-byte word, 3 words + 8, longer than a page. */
static const size_t lengths[] = {
	0, 1, 3, 4, 5, SEED_WORD - 1, SEED_WORD, SEED_WORD + 1, 3 * SEED_WORD + 8, LONG_STRING,
};
#define LENGTHS (sizeof(lengths) / sizeof(lengths[0]))

static const uint8_t skews[] = { 0, 63, 1, 7, 8, 9, 31, 32, 62, 3, 4, 5 };
#define SKEWS (sizeof(skews) / sizeof(skews[0]))

static const uint8_t fills[] = { 0, 0xff, 0x01, 0x80, 0xa5, 0x7f };
#define FILLS (sizeof(fills) / sizeof(fills[0]))

/* The bytes zero-byte tests get wrong, as a string and after its NUL. */
static const uint8_t tricky[] = { 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff };
#define TRICKY (sizeof(tricky) / sizeof(tricky[0]))

/* Bytes after the NUL in a seed: tricky ones, a second NUL, then letters. */
static const uint8_t after_nul[] = { 0x81, 0x01, 0xff, 0x80, 0x00, 0xfe, 0x7f, 0x41, 0x42, 0x43 };

/*
 * count_raw for a count class: the value the class makes interesting for a
 * string of len bytes (variant picks among the class's cases).
 */
static uint64_t raw_count(uint8_t count_class, size_t len, unsigned variant)
{
	switch (count_class) {
	case COUNT_SMALL:
		return len + variant;                          /* count 2 + len + v: near the end */
	case COUNT_WORD_MULTIPLE:
		return (len / SEED_WORD) % 8 + ((variant % 3) << 8); /* k words, then -1, 0, +1 */
	case COUNT_NEAR_LENGTH:
		return variant % 5 ? variant % 5 : 1;          /* exact fit, room, one over */
	case COUNT_PAGES:
		return variant + (((8 + variant * 8) % 17) << 8); /* 1..3 pages, -8, 0, +8 */
	case COUNT_INT_MAX:
		return variant;                                /* INT_MAX - 1, INT_MAX, INT_MAX + 1 */
	case COUNT_RAW:
		return variant == 0 ? len + 1 : variant == 1 ? len : (uint64_t)INT_MAX + 1;
	case COUNT_MODERATE:
		return 4 * SEED_PAGE * (uint64_t)(variant + 1) + len + variant;
	default:
		return 0;
	}
}

/* The string: tricky bytes and letters, rotated by where it is used. */
static size_t make_payload(uint8_t *payload, size_t len, unsigned rotation)
{
	size_t i;

	for (i = 0; i < len; i++)
		payload[i] = (i + rotation) % 3 ? tricky[(i + rotation) % TRICKY] : (uint8_t)('a' + i % 26);
	payload[len] = '\0';
	memcpy(payload + len + 1, after_nul, sizeof(after_nul));
	return len + 1 + sizeof(after_nul);
}

static int write_file(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
		perror(path);
		return -1;
	}
	return 0;
}

/* One case seed, named after what it holds. */
static int write_case_seed(const char *dir, const struct case_params *p, size_t len, unsigned rotation)
{
	static uint8_t payload[LONG_STRING + 1 + sizeof(after_nul)];
	static uint8_t input[sizeof(payload) + CASE_TAIL_SIZE];
	char path[PATH_MAX];
	size_t size = encode_case(p, payload, make_payload(payload, len, rotation), input,
				  sizeof(input));

	snprintf(path, sizeof(path), "%s/%s-%s-%s-len%zu-skew%u-%u-fill%02x", dir,
		 src_placement_name(p->src_placement), dest_placement_name(p->dest_placement),
		 count_class_name(p->count_class), len, p->src_skew, p->dest_skew, p->fill);
	return write_file(path, input, size);
}

/*
 * Strings whose NUL lies a few 16-byte blocks in, with room to spare, at
 * every fifth src skew: where a block loop's single-block steps find it
 * (src/strscpy_sse2.c's, after its four-block steps have stopped).
 */
static int write_block_seeds(const char *dir)
{
	static const uint8_t block_skews[] = { 0, 5, 10, 15 };
	const size_t len = 40;
	unsigned i;

	for (i = 0; i < sizeof(block_skews); i++) {
		struct case_params p = {
			.count_class = COUNT_RAW,
			.count_raw = len + 24,
			.src_skew = block_skews[i],
			.dest_skew = block_skews[i],
			.fill = fills[i],
		};

		if (write_case_seed(dir, &p, len, i) != 0)
			return -1;
	}
	return 0;
}

/*
 * For a contract that appends (strlcat), the bytes after src's NUL up to the next are dest's
 * string (case.h); every other seed gives it the 4 bytes of after_nul before its NUL.  These
 * give dest strings of the lengths where word loops go wrong (but the page-long one), each
 * with a short and a two-word src, and counts that find no NUL in dest, cut src one byte
 * short, and fit it exactly.
 */
static int write_append_seeds(const char *dir)
{
	static const size_t src_lengths[] = { 1, 2 * SEED_WORD + 3 };
	static uint8_t payload[(2 * SEED_WORD + 4) + (3 * SEED_WORD + 9) + sizeof(after_nul)];
	static uint8_t input[sizeof(payload) + CASE_TAIL_SIZE];
	unsigned d, l, fit, n = 0;
	char path[PATH_MAX];

	for (d = 0; d < LENGTHS - 1; d++)
		for (l = 0; l < sizeof(src_lengths) / sizeof(src_lengths[0]); l++)
			for (fit = 0; fit < 3; fit++, n++) {
				size_t dest_len = lengths[d], len = src_lengths[l];
				/* No NUL within count, src one byte short, src exactly fitting. */
				uint64_t counts[] = { dest_len, dest_len + len, dest_len + len + 1 };
				struct case_params p = {
					.count_class = COUNT_RAW,
					.count_raw = counts[fit],
					.src_skew = skews[n % SKEWS],
					.dest_placement = (uint8_t)(n % DEST_PLACEMENTS),
					.dest_skew = skews[(n + 3) % SKEWS],
					.fill = fills[n % FILLS],
				};
				size_t size = make_payload(payload, len, n) - sizeof(after_nul);

				size += make_payload(payload + size, dest_len, n + 1);
				size = encode_case(&p, payload, size, input, sizeof(input));
				snprintf(path, sizeof(path), "%s/append-dest%zu-len%zu-count%llu", dir,
					 dest_len, len, (unsigned long long)p.count_raw);
				if (write_file(path, input, size) != 0)
					return -1;
			}
	return 0;
}

static int write_seeds(const char *dir)
{
	unsigned src, dest, count_class, variant, n = 0;

	for (src = 0; src < SRC_PLACEMENTS; src++)
		for (dest = 0; dest < DEST_PLACEMENTS; dest++)
			for (count_class = 0; count_class < COUNT_CLASSES; count_class++)
				for (variant = 0; variant < VARIANTS; variant++, n++) {
					size_t len = lengths[n % LENGTHS];
					struct case_params p = {
						.count_class = (uint8_t)count_class,
						.count_raw = raw_count((uint8_t)count_class, len, variant),
						.src_placement = (uint8_t)src,
						.src_skew = skews[n % SKEWS],
						.dest_placement = (uint8_t)dest,
						.dest_skew = skews[(n / SKEWS + variant) % SKEWS],
						.fill = fills[n % FILLS],
					};

					if (write_case_seed(dir, &p, len, n) != 0)
						return -1;
				}
	if (write_block_seeds(dir) != 0)
		return -1;
	return write_append_seeds(dir);
}

/* Short strings, fitting and one over, each under a few schedules. */
static int write_race_seeds(const char *dir)
{
	static const size_t race_lengths[] = { 0, 1, SEED_WORD - 1, SEED_WORD, SEED_WORD + 1,
					       3 * SEED_WORD + 8 };
	/* Before load k, write byte at the string's middle (offset SIZE_MAX: its NUL). */
	static const struct { uint8_t load; size_t offset; uint8_t byte; } plans[] = {
		{ 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { 1, SIZE_MAX, 'x' }, { 2, SIZE_MAX, 'x' },
	};
	static uint8_t payload[3 * SEED_WORD + 9 + sizeof(after_nul)];
	static uint8_t input[sizeof(payload) + CASE_TAIL_SIZE + RACE_TAIL_SIZE];
	unsigned l, fit, plan;
	char path[PATH_MAX];

	for (l = 0; l < sizeof(race_lengths) / sizeof(race_lengths[0]); l++)
		for (fit = 0; fit < 2; fit++)
			for (plan = 0; plan < sizeof(plans) / sizeof(plans[0]); plan++) {
				size_t len = race_lengths[l];
				struct case_params p = {
					.count_class = COUNT_RAW,
					.count_raw = fit ? len + 1 : len,
					.src_skew = (uint8_t)(3 * l),
					.dest_skew = (uint8_t)l,
					.fill = fills[l % FILLS],
				};
				struct race_schedule schedule = { 0 };
				size_t size = encode_case(&p, payload, make_payload(payload, len, l),
							  input, sizeof(input));

				schedule.steps[0].load = plans[plan].load;
				schedule.steps[0].offset = plans[plan].offset == SIZE_MAX ? len : len / 2;
				schedule.steps[0].byte = plans[plan].byte;
				race_encode(&schedule, input + size);
				snprintf(path, sizeof(path), "%s/len%zu-count%zu-load%u-at%zu-byte%02x", dir,
					 len, (size_t)p.count_raw, plans[plan].load,
					 schedule.steps[0].offset, plans[plan].byte);
				if (write_file(path, input, size + RACE_TAIL_SIZE) != 0)
					return -1;
			}
	return 0;
}

/* Every length under each width class, a count that fits, one that cuts, a small one. */
static int write_sized_seeds(const char *dir)
{
	static const uint8_t pads[] = { 0, ' ', 0xff };
	static uint8_t payload[LONG_STRING + 1 + sizeof(after_nul)];
	static uint8_t input[sizeof(payload) + CASE_TAIL_SIZE + FIELD_TAIL_SIZE];
	unsigned l, size_class, variant, n = 0;
	char path[PATH_MAX];

	for (l = 0; l < LENGTHS; l++)
		for (size_class = 0; size_class < FIELD_SIZE_CLASSES; size_class++)
			for (variant = 0; variant < VARIANTS; variant++, n++) {
				size_t len = lengths[l];
				struct case_params p = {
					.count_class = variant == 2 ? COUNT_SMALL : COUNT_NEAR_LENGTH,
					.count_raw = variant == 0 ? 2 : variant,
					.src_placement = (uint8_t)(n % SRC_PLACEMENTS),
					.src_skew = skews[n % SKEWS],
					.dest_placement = (uint8_t)(n % DEST_PLACEMENTS),
					.dest_skew = skews[(n / SKEWS + variant) % SKEWS],
					.fill = fills[n % FILLS],
				};
				struct field_params field = {
					.size_class = (uint8_t)size_class,
					.size_raw = (uint8_t)(variant + 1 + 8 * l),
					.pad = pads[n % sizeof(pads)],
				};
				size_t size = encode_case(&p, payload, make_payload(payload, len, n), input,
							  sizeof(input));

				field_encode(&field, input + size);
				snprintf(path, sizeof(path), "%s/count-%s-len%zu-width-%s-%u-pad%02x", dir,
					 count_class_name(p.count_class), len,
					 field_size_class_name(field.size_class), field.size_raw,
					 field.pad);
				if (write_file(path, input, size + FIELD_TAIL_SIZE) != 0)
					return -1;
			}
	return 0;
}

static void print_entry(FILE *f, const char *name, const uint8_t *bytes, size_t n)
{
	size_t i;

	fprintf(f, "%s=\"", name);
	for (i = 0; i < n; i++)
		fprintf(f, "\\x%02x", bytes[i]);
	fprintf(f, "\"\n");
}

/* The last nine bytes of an input: count_raw (most significant byte first), then the class. */
static void print_count_tail(FILE *f, uint8_t count_class, uint64_t raw)
{
	uint8_t tail[9];
	char name[64], *c;
	int i;

	for (i = 0; i < 8; i++)
		tail[7 - i] = (uint8_t)(raw >> (8 * i));
	tail[8] = count_class;
	snprintf(name, sizeof(name), "count_%s_%llx", count_class_name(count_class),
		 (unsigned long long)raw);
	/* AFL++ drops entries whose names have anything but letters, digits and '_'. */
	for (c = name; *c; c++)
		if (*c == '-')
			*c = '_';
	print_entry(f, name, tail, sizeof(tail));
}

static void print_nul_in_word(FILE *f, unsigned width, uint8_t before)
{
	uint8_t word[SEED_WORD];
	char name[64];
	unsigned at;

	for (at = 0; at < width; at++) {
		memset(word, before, width);
		memset(word + at, 0, 1);
		if (at + 1 < width)
			word[at + 1] = 0x01; /* a 0x01 after the NUL: borrows reach it on big-endian */
		snprintf(name, sizeof(name), "nul_at_%u_of_%u_after_%02x", at, width, before);
		print_entry(f, name, word, width);
	}
}

/* Race steps (load, offset, byte; in the input backwards): a NUL or a letter. */
static void print_race_steps(FILE *f)
{
	unsigned i;

	fprintf(f, "# Race steps (load, offset, byte; in the input backwards): a NUL or a letter.\n");
	for (i = 1; i <= 4; i++) {
		const uint8_t nul_step[] = { 0, 0, (uint8_t)i }, letter_step[] = { 'x', 0, (uint8_t)i };
		char name[32];

		snprintf(name, sizeof(name), "race_nul_before_load_%u", i);
		print_entry(f, name, nul_step, sizeof(nul_step));
		snprintf(name, sizeof(name), "race_letter_before_load_%u", i);
		print_entry(f, name, letter_step, sizeof(letter_step));
	}
}

/* Field tails (pad, width raw, width class; in the input backwards): each class, pads. */
static void print_field_tails(FILE *f)
{
	static const uint8_t pads[] = { 0, ' ', 0xff };
	unsigned c, i;

	fprintf(f, "# Field tails (pad, width raw, width class): each width class, with each pad.\n");
	for (c = 0; c < FIELD_SIZE_CLASSES; c++)
		for (i = 0; i < sizeof(pads); i++) {
			const uint8_t tail[FIELD_TAIL_SIZE] = { pads[i], 2, (uint8_t)c };
			char name[48], *at;

			snprintf(name, sizeof(name), "field_%s_pad_%02x", field_size_class_name((uint8_t)c),
				 pads[i]);
			for (at = name; *at; at++)
				if (*at == '-')
					*at = '_';
			print_entry(f, name, tail, sizeof(tail));
		}
}

/* The dictionary: the case format's entries, then those of what follows a case (or NULL). */
static int write_dict(const char *path, void (*print_tail_entries)(FILE *f))
{
	static const uint64_t raw_counts[] = { 0, 1, 7, 8, 9, 4095, 4096, 4097, INT_MAX,
					       (uint64_t)INT_MAX + 1, UINT64_MAX };
	FILE *f = fopen(path, "w");
	uint8_t run[SEED_WORD];
	unsigned i, c;

	if (!f) {
		perror(path);
		return -1;
	}
	fprintf(f, "# Written by fuzz/make_seeds.c (scripts/make-seeds.sh); do not edit.\n");
	fprintf(f, "# Runs of the bytes zero-byte tests get wrong.\n");
	print_entry(f, "tricky_bytes", tricky, TRICKY);
	for (i = 0; i < TRICKY; i++) {
		char name[32];

		memset(run, tricky[i], sizeof(run));
		snprintf(name, sizeof(name), "run_of_%02x", tricky[i]);
		print_entry(f, name, run, sizeof(run));
	}
	fprintf(f, "# A NUL at each position of a 4- and an 8-byte word.\n");
	print_nul_in_word(f, 4, 0x81);
	print_nul_in_word(f, SEED_WORD, 0x81);
	print_nul_in_word(f, SEED_WORD, 0x01);
	print_nul_in_word(f, SEED_WORD, 0xff);
	fprintf(f, "# Input tails: count_raw and the count class (the input's last nine bytes).\n");
	for (c = 0; c < COUNT_CLASSES; c++)
		print_count_tail(f, (uint8_t)c, 0);
	for (i = 0; i < sizeof(raw_counts) / sizeof(raw_counts[0]); i++)
		print_count_tail(f, COUNT_RAW, raw_counts[i]);
	if (print_tail_entries)
		print_tail_entries(f);
	if (fclose(f) != 0) {
		perror(path);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "case-seeds") == 0)
		return write_seeds(argv[2]) ? 1 : 0;
	if (argc == 3 && strcmp(argv[1], "case-dict") == 0)
		return write_dict(argv[2], NULL) ? 1 : 0;
	if (argc == 3 && strcmp(argv[1], "race-seeds") == 0)
		return write_race_seeds(argv[2]) ? 1 : 0;
	if (argc == 3 && strcmp(argv[1], "race-dict") == 0)
		return write_dict(argv[2], print_race_steps) ? 1 : 0;
	if (argc == 3 && strcmp(argv[1], "sized-seeds") == 0)
		return write_sized_seeds(argv[2]) ? 1 : 0;
	if (argc == 3 && strcmp(argv[1], "sized-dict") == 0)
		return write_dict(argv[2], print_field_tails) ? 1 : 0;
	fprintf(stderr, "usage: %s case-seeds DIR | case-dict FILE | race-seeds DIR | race-dict FILE | "
			"sized-seeds DIR | sized-dict FILE\n",
		argv[0]);
	return 2;
}
