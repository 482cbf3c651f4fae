/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "word_at_a_time.h"
#include "word_at_a_time_test.h"

/* 0x00 and the values a zero-byte trick gets wrong: a borrow, a top bit, or both. */
static const uint8_t values[] = { 0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff };
#define VALUE_KINDS sizeof(values)
/* Every byte takes every value: 7^8 words at most, a fraction of a second. */
#define EXHAUSTIVE_BYTES 8

static unsigned long from_bytes(const uint8_t *bytes)
{
	unsigned long word;

	memcpy(&word, bytes, WORD_SIZE);
	return word;
}

static void print_word(const char *label, unsigned long word)
{
	uint8_t bytes[WORD_SIZE];
	size_t i;

	memcpy(bytes, &word, WORD_SIZE);
	printf("    %s (bytes in memory order):", label);
	for (i = 0; i < WORD_SIZE; i++)
		printf(" %02x", bytes[i]);
	printf("\n");
}

static bool fail(enum check what, const uint8_t *bytes, size_t first_nul, const char *got_label,
		 unsigned long got)
{
	if (check_failed(what)) {
		printf("FAIL: %s: first NUL at byte %zu\n", check_name(what), first_nul);
		print_word("word", from_bytes(bytes));
		print_word(got_label, got);
	}
	return false;
}

/* Byte i of the flags keeps only its top bit: the flags of has_zero() on both byte orders. */
static bool flags_exact_up_to(unsigned long bits, size_t first_nul)
{
	uint8_t flags[WORD_SIZE];
	size_t i;

	memcpy(flags, &bits, WORD_SIZE);
	for (i = 0; i < first_nul; i++)
		if (flags[i])
			return false;
	return first_nul == WORD_SIZE || flags[first_nul] == 0x80;
}

static bool bytes_before_kept(unsigned long kept, const uint8_t *bytes, size_t first_nul)
{
	uint8_t got[WORD_SIZE];
	size_t i;

	memcpy(got, &kept, WORD_SIZE);
	for (i = 0; i < WORD_SIZE; i++)
		if (got[i] != (i < first_nul ? bytes[i] : 0))
			return false;
	return true;
}

static bool check_nul_chain(unsigned long word, const uint8_t *bytes, size_t first_nul)
{
	unsigned long bits, mask;
	bool found = has_zero(word, &bits);

	if (found != (first_nul < WORD_SIZE))
		return fail(CHECK_HAS_ZERO_RESULT, bytes, first_nul, "flags", bits);
	if (!found)
		return true;
	if (!flags_exact_up_to(bits, first_nul))
		return fail(CHECK_HAS_ZERO_FLAGS, bytes, first_nul, "flags", bits);
	mask = create_zero_mask(prep_zero_mask(word, bits));
	if (find_zero(mask) != first_nul)
		return fail(CHECK_FIND_ZERO, bytes, first_nul, "mask", mask);
	if (!bytes_before_kept(word & zero_bytemask(mask), bytes, first_nul))
		return fail(CHECK_ZERO_BYTEMASK, bytes, first_nul, "word & zero_bytemask",
			    word & zero_bytemask(mask));
	return true;
}

static bool check_clear_last_byte(unsigned long word, const uint8_t *bytes, size_t first_nul)
{
	uint8_t want[WORD_SIZE];

	memcpy(want, bytes, WORD_SIZE);
	want[WORD_SIZE - 1] = 0;
	if (clear_last_byte(word) != from_bytes(want))
		return fail(CHECK_CLEAR_LAST_BYTE, bytes, first_nul, "clear_last_byte",
			    clear_last_byte(word));
	return true;
}

static void check_word(const uint8_t *bytes)
{
	unsigned long word = from_bytes(bytes);
	size_t first_nul = 0;
	bool passed;

	while (first_nul < WORD_SIZE && bytes[first_nul])
		first_nul++;
	passed = check_nul_chain(word, bytes, first_nul);
	passed &= check_clear_last_byte(word, bytes, first_nul);
	check_case_done(passed);
}

/* Every word whose bytes are all from values[]: the count of them is an odometer. */
void test_word_at_a_time(void)
{
	size_t digit[WORD_SIZE] = { 0 };
	uint8_t bytes[WORD_SIZE];
	size_t i;

	_Static_assert(WORD_SIZE <= EXHAUSTIVE_BYTES, "few enough words to try them all");
	for (;;) {
		for (i = 0; i < WORD_SIZE; i++)
			bytes[i] = values[digit[i]];
		check_word(bytes);
		for (i = 0; i < WORD_SIZE && ++digit[i] == VALUE_KINDS; i++)
			digit[i] = 0;
		if (i == WORD_SIZE)
			return;
	}
}
