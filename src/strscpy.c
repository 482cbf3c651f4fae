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

#if STRSCPY_MODE == STRSCPY_MODE_UNALIGNED
/* Bytes from p to the end of its page. */
static size_t to_page_end(const char *p)
{
	return STRSCPY_PAGE_SIZE - (uintptr_t)p % STRSCPY_PAGE_SIZE;
}
#endif

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
	(void)dest;
	if ((uintptr_t)src % WORD_SIZE && to_page_end(src) < count)
		return to_page_end(src);
	return count;
#endif
}

/*
 * The byte loop has reached p, with left bytes of count to go.  When an
 * unaligned src stopped the word loop at a page end and p is the start of the
 * next page, the string goes on into that page: it is mapped, and a word from a
 * page start is aligned, so no word from here on straddles a page.  Each byte
 * before p was loaded once: a src that changes under us gets no second look.
 */
static bool words_resume(const char *p, size_t left)
{
#if STRSCPY_MODE == STRSCPY_MODE_UNALIGNED
	return (uintptr_t)p % STRSCPY_PAGE_SIZE == 0 && left >= WORD_SIZE;
#else
	(void)p, (void)left;
	return false;
#endif
}

ssize_t strscpy(char *dest, const char *src, size_t count)
{
	size_t limit, res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;

	limit = word_loop_limit(dest, src, count);
resume:
	for (; limit >= WORD_SIZE; limit -= WORD_SIZE) {
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
		if (words_resume(src + res + 1, count - res - 1)) {
			limit = count - ++res;
			goto resume;
		}
	}
	dest[res] = '\0';
	/* src[count - 1] decides between an exact fit and truncation. */
	return src[res] ? -E2BIG : (ssize_t)res;
}
