/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy written against the kernel's API, in the shape of the
 * kernel's sized_strscpy() for CPUs with efficient unaligned access: a word
 * loop limited to src's page when src is misaligned, words stored through
 * pointer casts, then a byte loop.  It includes only kernel header names, and
 * include/ answers them: kernel code is checked as it is written.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <asm/byteorder.h>
#include <asm/page.h>
#include <asm/word-at-a-time.h>

ssize_t strscpy_kernel_style(char *dest, const char *src, size_t count);

/* Every byte of a word but its last in memory, which the terminator replaces. */
#ifdef __BIG_ENDIAN
#define ALL_BUT_LAST_BYTE (~0xffUL)
#else
#define ALL_BUT_LAST_BYTE (~0UL >> 8)
#endif

ssize_t strscpy_kernel_style(char *dest, const char *src, size_t count)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	size_t max = count;
	long res = 0;

	if (count == 0 || WARN_ON_ONCE(count > INT_MAX))
		return -E2BIG;

	/* A misaligned word may reach into the next page, which the string need not reach. */
	if (!IS_ALIGNED((unsigned long)src, sizeof(unsigned long))) {
		size_t to_page_end = PAGE_SIZE - ((unsigned long)src & (PAGE_SIZE - 1));

		if (to_page_end < max)
			max = to_page_end;
	}
	/* KMSAN would flag the bytes past the NUL that a word load covers. */
	if (IS_ENABLED(CONFIG_KMSAN))
		max = 0;

	for (; max >= sizeof(unsigned long); max -= sizeof(unsigned long)) {
		unsigned long word = read_word_at_a_time(src + res), bits;

		if (has_zero(word, &bits, &constants)) {
			bits = prep_zero_mask(word, bits, &constants);
			bits = create_zero_mask(bits);
			*(unsigned long *)(dest + res) = word & zero_bytemask(bits);
			return res + find_zero(bits);
		}
		count -= sizeof(unsigned long);
		if (unlikely(!count)) {
			*(unsigned long *)(dest + res) = word & ALL_BUT_LAST_BYTE;
			return -E2BIG;
		}
		*(unsigned long *)(dest + res) = word;
		res += sizeof(unsigned long);
	}

	for (; count > 1; count--, res++) {
		char c = src[res];

		dest[res] = c;
		if (!c)
			return res;
	}
	dest[res] = '\0';
	/* The byte that did not fit decides between an exact fit and truncation. */
	return src[res] ? -E2BIG : res;
}
