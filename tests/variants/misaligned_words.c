/* SPDX-License-Identifier: MIT */
/*
 * An equivalent strscpy in the kernel's style for CPUs with efficient
 * unaligned access: words stored through pointer casts at any address.  The
 * contract holds; only ISO C alignment does not, so the harness finds nothing
 * by default and flags the first store with STRSCPY_STRICT_ALIGNMENT, as a CPU
 * that traps would.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <sys/types.h>

#include "word_at_a_time.h"

#define PAGE 4096

ssize_t strscpy_misaligned_words(char *dest, const char *src, size_t count);

ssize_t strscpy_misaligned_words(char *dest, const char *src, size_t count)
{
	size_t max, res = 0;

	if (count == 0 || count > INT_MAX)
		return -E2BIG;
	/* An unaligned word may cross into the next page, which the string need not reach. */
	max = count;
	if ((uintptr_t)src % sizeof(unsigned long) && PAGE - (uintptr_t)src % PAGE < max)
		max = PAGE - (uintptr_t)src % PAGE;
	while (max >= sizeof(unsigned long)) {
		unsigned long word = read_word_at_a_time(src + res), bits;

		if (has_zero(word, &bits)) {
			unsigned long mask = create_zero_mask(prep_zero_mask(word, bits));

			*(unsigned long *)(dest + res) = word & zero_bytemask(mask);
			return (ssize_t)(res + find_zero(mask));
		}
		if (count == sizeof(unsigned long)) {
			/* This word fills dest: its last byte is stored as the NUL, never as data. */
			*(unsigned long *)(dest + res) = clear_last_byte(word);
			return -E2BIG;
		}
		*(unsigned long *)(dest + res) = word;
		res += sizeof(unsigned long);
		count -= sizeof(unsigned long);
		max -= sizeof(unsigned long);
	}
	/* Each src byte loaded once, and dest[count - 1] stored once: as the NUL when out of room. */
	for (; count > 1; res++, count--) {
		char c = src[res];

		dest[res] = c;
		if (c == '\0')
			return (ssize_t)res;
	}
	dest[res] = '\0';
	return src[res] ? -E2BIG : (ssize_t)res;
}
