/* SPDX-License-Identifier: MIT */
/*
 * A readable page followed by a PROT_NONE guard page.  A src that ends right
 * before the guard shows a read past the bytes the contract allows as a fault,
 * even when it is a word load that ASan does not see; a src pointing into the
 * guard shows any read at all.  The fault becomes a failure, not a crash.
 */
#ifndef UNIT_GUARD_PAGE_H
#define UNIT_GUARD_PAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "impl.h"

/* The end of the readable page, which is the start of the guard page; mapped on first use. */
uint8_t *guard_page_start(void);

/* The size of each of the two pages. */
size_t guard_page_size(void);

/* Calls fn(dest, src, count) into *ret; false when it faulted on the guard page instead. */
bool call_catching_guard_faults(strscpy_fn *fn, char *dest, const char *src, size_t count,
				ssize_t *ret);

#endif
