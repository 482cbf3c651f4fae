/* SPDX-License-Identifier: MIT */
/*
 * include/, the kernel's header names, as kernel string code uses them: the
 * word-at-a-time chain with the kernel's arities on every NUL position, and
 * the macros whose kernel meaning differs from what a C library would give
 * (one byte order defined, IS_ENABLED of an unset option), and the kernel's sized
 * integer names and array check, which conversion sites use.  Prints each
 * failure and "N passed, N failed"; exits non-zero on any failure.
 */
#include <stdint.h>
#include <stdio.h>

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/byteorder.h>
#include <asm/page.h>
#include <asm/word-at-a-time.h>

/* Set by the build, as a kernel config would set it. */
#ifndef CONFIG_KERNEL_HEADERS_TEST_SET
#error "the build defines CONFIG_KERNEL_HEADERS_TEST_SET=1"
#endif

#if defined(__BIG_ENDIAN) == defined(__LITTLE_ENDIAN)
#error "exactly one of __BIG_ENDIAN and __LITTLE_ENDIAN, as in the kernel"
#endif
#if !IS_ENABLED(CONFIG_KERNEL_HEADERS_TEST_SET) || IS_ENABLED(CONFIG_KERNEL_HEADERS_TEST_UNSET)
#error "IS_ENABLED in #if"
#endif

int kernel_headers_exported(void);
int kernel_headers_exported(void)
{
	return 1;
}
EXPORT_SYMBOL(kernel_headers_exported);

static unsigned passed, failed;

static void expect(int ok, const char *what)
{
	if (ok) {
		passed++;
	} else {
		failed++;
		printf("FAIL: %s\n", what);
	}
}

static unsigned long word_of(const uint8_t *bytes)
{
	unsigned long word;

	memcpy(&word, bytes, sizeof(word));
	return word;
}

/* The first NUL at byte nul (none when nul == sizeof(long)); the other bytes are fill. */
static void test_chain(size_t nul, uint8_t fill)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	uint8_t bytes[sizeof(unsigned long)], kept[sizeof(unsigned long)];
	unsigned long word, bits, mask;
	size_t i;

	memset(bytes, fill, sizeof(bytes));
	if (nul < sizeof(bytes))
		bytes[nul] = 0;
	word = read_word_at_a_time(bytes);
	expect(word == word_of(bytes), "read_word_at_a_time: the word in memory");
	if (!has_zero(word, &bits, &constants)) {
		expect(nul == sizeof(bytes), "has_zero: a NUL missed");
		return;
	}
	expect(nul < sizeof(bytes), "has_zero: a NUL where there is none");
	mask = create_zero_mask(prep_zero_mask(word, bits, &constants));
	expect(find_zero(mask) == nul, "find_zero: the first NUL's index");
	word &= zero_bytemask(mask);
	memcpy(kept, &word, sizeof(kept));
	for (i = 0; i < sizeof(kept); i++)
		expect(kept[i] == (i < nul ? fill : 0), "zero_bytemask: the bytes before the NUL only");
}

static int warned(int condition)
{
	return WARN_ON_ONCE(condition);
}

int main(void)
{
	/* After a NUL, 0x01 is what a borrow mistakes for one; the high bit is the other trap. */
	static const uint8_t fills[] = { 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff };
	size_t nul, f;

	for (nul = 0; nul <= sizeof(unsigned long); nul++)
		for (f = 0; f < sizeof(fills); f++)
			test_chain(nul, fills[f]);

	expect(IS_ENABLED(CONFIG_KERNEL_HEADERS_TEST_SET) == 1, "IS_ENABLED: a set option");
	expect(IS_ENABLED(CONFIG_KERNEL_HEADERS_TEST_UNSET) == 0, "IS_ENABLED: an unset option");
	expect(warned(1) == 1 && warned(0) == 0, "WARN_ON_ONCE: its condition");
	expect(REPEAT_BYTE(0xa5) == ~0UL / 0xff * 0xa5, "REPEAT_BYTE: every byte");
	expect(IS_ALIGNED((uintptr_t)64, 8) && !IS_ALIGNED((uintptr_t)68, 8), "IS_ALIGNED");
	expect(PAGE_SIZE == 4096 && (PAGE_MASK & 4097) == 4096, "PAGE_SIZE, PAGE_MASK");
	expect(likely(1) && !unlikely(0) && E2BIG == 7 && INT_MAX > 0, "likely, E2BIG, INT_MAX");
	expect(kernel_headers_exported(), "EXPORT_SYMBOL: a declaration");
	{
		char array[9];
		char *pointer = array;

		/* A pointer given to __must_be_array fails to compile: tests/conversion checks it. */
		expect(__must_be_array(array) == 0 && sizeof(array) + __must_be_array(array) == 9,
		       "__must_be_array: 0 for an array");
		expect(__same_type(pointer, &array[0]) && !__same_type(array, pointer), "__same_type");
	}
	expect(sizeof(u8) == 1 && sizeof(u16) == 2 && sizeof(u32) == 4 && sizeof(u64) == 8 &&
		       (s8)-1 < 0 && (u8)-1 > 0,
	       "u8, u16, u32, u64, s8");
#ifdef __BIG_ENDIAN
	expect(word_of((const uint8_t[sizeof(long)]){ 1 }) > 0xff, "__BIG_ENDIAN on a big-endian machine");
#else
	expect(word_of((const uint8_t[sizeof(long)]){ 1 }) == 1, "__LITTLE_ENDIAN on a little-endian machine");
#endif
	printf("%u passed, %u failed\n", passed, failed);
	return failed != 0;
}
