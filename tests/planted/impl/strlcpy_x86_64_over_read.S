/* SPDX-License-Identifier: MIT */
/*
 * strlcpy_x86_64.S with a planted over-read: before the byte loop, it loads the
 * 16 bytes that start at src, whatever their length, as a first-block fast
 * path would.  A string of fewer than 16 readable bytes before the end of its
 * page makes it read the next page: a read-fault where that page is a guard page.
 */
#define FIRST_BLOCK_PEEK movdqu (%rsi), %xmm0
#include "strlcpy_x86_64.S"
