/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <limits.h>
#include <stdint.h>

#include "strscpy.h"

/* How dest and src may be accessed a word at a time; pick one with -DSTRSCPY_MODE=. */
#define STRSCPY_MODE_BYTES 0     /* byte loop only (what the kernel does under KMSAN) */
#define STRSCPY_MODE_ALIGNED 1   /* words only when dest and src are both aligned */
#define STRSCPY_MODE_UNALIGNED 2 /* words anywhere: the CPU handles unaligned access well */

#ifndef STRSCPY_MODE
#define STRSCPY_MODE STRSCPY_MODE_UNALIGNED
#endif

/* Aligned mode promises aligned words: word_at_a_time.h then lets UBSan hold it to that. */
#if STRSCPY_MODE == STRSCPY_MODE_ALIGNED
#define STRSCPY_ALIGNED_WORDS
#endif
#include "word_at_a_time.h"

/*
 * The page-crossing limit only needs a lower bound of the MMU page size: a
 * smaller granule merely ends the word loop sooner.  No Linux port has pages
 * smaller than 4 KiB.
 */
#ifndef STRSCPY_PAGE_SIZE
#define STRSCPY_PAGE_SIZE 4096
#endif
_Static_assert((STRSCPY_PAGE_SIZE & (STRSCPY_PAGE_SIZE - 1)) == 0, "page size is a power of two");

/* How many bytes of src the word loop may cover without risking a fault. */
static size_t word_loop_limit(const char *dest, const char *src, size_t count)
{
#if STRSCPY_MODE == STRSCPY_MODE_BYTES
	(void)dest, (void)src, (void)count;
	return 0;
#elif STRSCPY_MODE == STRSCPY_MODE_ALIGNED
	return ((uintptr_t)dest | (uintptr_t)src) % WORD_SIZE ? 0 : count;
#else
	/*
	 * An aligned word never straddles a page.  An unaligned one may, and the
	 * next page need not be mapped when the string ends before it.
	 */
	size_t to_page_end = STRSCPY_PAGE_SIZE - (uintptr_t)src % STRSCPY_PAGE_SIZE;

	(void)dest;
	if ((uintptr_t)src % WORD_SIZE && to_page_end < count)
		return to_page_end;
	return count;
#endif
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t limit, res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;

	for (limit = word_loop_limit(dest, src, count); limit >= WORD_SIZE; limit -= WORD_SIZE) {
		unsigned long word = read_word_at_a_time(src + res), bits;

		if (has_zero(word, &bits)) {
			unsigned long mask = create_zero_mask(prep_zero_mask(word, bits));

			/* Masked: the bytes after the NUL must not reach dest. */
			write_word(dest + res, word & zero_bytemask(mask));
			return (ssize_t)(res + find_zero(mask));
		}
		if (count - res == WORD_SIZE) {
			/* This word fills dest: its last byte becomes the NUL. */
			write_word(dest + res, clear_last_byte(word));
			return -E2BIG;
		}
		write_word(dest + res, word);
		res += WORD_SIZE;
	}

	for (; res + 1 < count; res++) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	/* src[count - 1] decides between an exact fit and truncation. */
	return src[res] ? -E2BIG : (ssize_t)res;
}
