/* SPDX-License-Identifier: MIT */
/*
 * PAGE_SIZE bounds a word loop so that it does not fault in a page the string
 * does not reach: a lower bound of the MMU page is enough, and no Linux port
 * has pages smaller than 4 KiB.
 */
#ifndef STRSCPY_KCOMPAT_ASM_PAGE_H
#define STRSCPY_KCOMPAT_ASM_PAGE_H

#define PAGE_SHIFT 12
#define PAGE_SIZE (1UL << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))

#endif
