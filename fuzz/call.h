/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_CALL_H
#define FUZZ_CALL_H

#include <stdio.h>

#include "case.h"
#include "contract.h"

/*
 * Calls f(dest, src, count) with the type it was defined with, a field function
 * with c's src_size or pad.  Returns what it returned as one comparable value: a
 * length as is, a pointer as its offset from dest, nothing as 0.
 */
ssize_t call(const struct callable *f, char *dest, const char *src, size_t count,
	     const struct strscpy_case *c);

/* A returned value as the contract means it, for reports: "-7 (-E2BIG)", "dest + 0". */
void print_returned(FILE *out, const struct contract *k, ssize_t value);

#endif
