/* SPDX-License-Identifier: MIT */
/*
 * READ_ONCE() and WRITE_ONCE(): one access the compiler may not split, merge
 * or repeat, through a volatile lvalue as in the kernel.  The kernel defines
 * read_word_at_a_time() here too: the project's checked load, which
 * <asm/word-at-a-time.h> brings.
 */
#ifndef STRSCPY_KCOMPAT_ASM_RWONCE_H
#define STRSCPY_KCOMPAT_ASM_RWONCE_H

#include <asm/word-at-a-time.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)

#endif
