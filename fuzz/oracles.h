/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_ORACLES_H
#define FUZZ_ORACLES_H

#include "run.h"

/*
 * Compare what the callee did with what the reference did, worst first:
 * writes outside dest[0..count) (or any write for a rejected count), the
 * return value, the copied bytes and terminator, then the bytes after the
 * terminator.  The first divergence found traps in its reporter.
 */
void check_oracles(const struct run *r);

/* The first of them alone: no write outside dest[0..count), none at all for a rejected count. */
void check_sentinels(const struct run *r);

#endif
