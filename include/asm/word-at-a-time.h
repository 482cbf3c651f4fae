/* SPDX-License-Identifier: MIT */
/*
 * The kernel's word-at-a-time API, for kernel string code checked as it is
 * written:
 *
 *     const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
 *     unsigned long word = read_word_at_a_time(src), bits;
 *     if (has_zero(word, &bits, &constants)) {
 *             bits = prep_zero_mask(word, bits, &constants);
 *             mask = create_zero_mask(bits);
 *             find_zero(mask), word & zero_bytemask(mask) ...
 *     }
 *
 * Every helper is the project's own (src/word_at_a_time.h, both byte orders,
 * 32- and 64-bit words); read_word_at_a_time() is its checked load, the one
 * access exempt from ASan and MSan.  Only the kernel's arities are added: its
 * constants are fixed, so the helpers need not read them.  A file includes
 * this header or "word_at_a_time.h", not both: has_zero cannot have two arities.
 *
 * load_unaligned_zeropad() is the word load of CONFIG_DCACHE_WORD_ACCESS,
 * below.
 */
#ifndef STRSCPY_KCOMPAT_ASM_WORD_AT_A_TIME_H
#define STRSCPY_KCOMPAT_ASM_WORD_AT_A_TIME_H

#include <stdbool.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <asm/byteorder.h>
#include <asm/page.h>
#include <linux/wordpart.h>

/* Renamed on the way in: the kernel's names with three arguments are defined below. */
#define has_zero project_has_zero
#define prep_zero_mask project_prep_zero_mask
#include "word_at_a_time.h"
#undef has_zero
#undef prep_zero_mask

struct word_at_a_time {
	const unsigned long one_bits, high_bits;
};

#define WORD_AT_A_TIME_CONSTANTS { REPEAT_BYTE(0x01), REPEAT_BYTE(0x80) }

static inline unsigned long has_zero(unsigned long a, unsigned long *bits,
				     const struct word_at_a_time *c)
{
	(void)c;
	project_has_zero(a, bits);
	return *bits;
}

static inline unsigned long prep_zero_mask(unsigned long a, unsigned long bits,
					   const struct word_at_a_time *c)
{
	(void)c;
	return project_prep_zero_mask(a, bits);
}

/* True when this process may read the byte at addr: the kernel answers without a fault. */
static inline bool byte_is_readable(const void *addr)
{
	char byte;
	struct iovec into = { &byte, 1 }, from = { (void *)addr, 1 };

	return syscall(SYS_process_vm_readv, getpid(), &into, 1UL, &from, 1UL, 0UL) == 1;
}

#if defined(__clang__)
/* Neither traced nor sanitized: see bytes_to_page_end() (gcc builds have no trace). */
#define ZEROPAD_UNTRACED __attribute__((noinline, no_sanitize("coverage", "address", "hwaddress", "memory")))
#else
#define ZEROPAD_UNTRACED __attribute__((no_sanitize_address))
#endif

/* The memory-access trace's hook for an 8-byte load (fuzz/trace.c); absent in builds without it. */
extern void __sanitizer_cov_load8(const void *addr) __attribute__((weak));

/*
 * The bytes from addr to the end of its page, then zeroes, in memory order:
 * copied one at a time, out of the trace's sight (noinline: inlined, they
 * would be traced as the caller is), since the one load they stand for has
 * been shown to it already.
 */
static inline ZEROPAD_UNTRACED unsigned long bytes_to_page_end(const unsigned char *addr,
							       unsigned long n)
{
	unsigned long word = 0;
	unsigned char *bytes = (unsigned char *)&word;

	for (unsigned long i = 0; i < n; i++)
		bytes[i] = addr[i];
	return word;
}

/*
 * The kernel's load_unaligned_zeropad(): a word at any address, where a word
 * that runs into a page the process cannot read gives the bytes before that
 * page and zeroes for the rest.  In the kernel the load faults and the fault's
 * fix-up loads the aligned word that holds addr again and shifts the bytes
 * before addr out; here the next page is probed first.  Either way the bytes
 * used are those from addr on, so the trace (the read rule, and the race
 * check's count of who loaded each byte) sees the load the kernel made: one
 * 8-byte load at addr, as a word that does not cross the page is.
 */
static inline unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long address = (unsigned long)addr;
	unsigned long to_page_end = PAGE_SIZE - (address & (PAGE_SIZE - 1));

	if (to_page_end >= sizeof(unsigned long) || byte_is_readable((const char *)addr + to_page_end))
		return read_word_at_a_time(addr);
	if (__sanitizer_cov_load8)
		__sanitizer_cov_load8(addr);
	return bytes_to_page_end(addr, to_page_end);
}

#endif
