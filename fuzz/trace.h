/* SPDX-License-Identifier: MIT */
/*
 * The memory-access trace: the implementation under test is compiled with
 * -fsanitize-coverage=trace-loads,trace-stores (CMake option STRSCPY_TRACE),
 * and its calls to the C library's string functions are renamed to the traced
 * ones of fuzz/traced_libc.c.  While a case's callee runs, every access it
 * makes to the arena comes here first and is held to the contract:
 *
 * - a load of N bytes at a may start anywhere in a readable window (src's, and
 *   dest's string for a contract that appends to it), or, when a is N-aligned,
 *   anywhere in an N-byte block that overlaps one (an aligned block cannot
 *   fault, and what it reads past the window is not used by a correct callee);
 *   a bulk load (memcpy, strnlen...) must lie inside one window;
 * - a store must land in dest[0..count);
 * - a bad access the call can go on past safely does not stop it (see trace_begin);
 * - the accesses, counted (a bulk call by the bytes it covers), stay within
 *   the work budget.  Stores past the terminator do not count: the contract
 *   lets a callee zero all of dest up to count (2 GiB at INT_MAX), once, and
 *   one that pads for ever is stopped by the per-case time limit instead.  A
 *   padding contract's budget counts all of count: it must write it.
 *
 * Accesses outside the arena (the callee's own stack) are not the contract's
 * concern.
 *
 * The checks made during the call share one shape: X_begin(run) before it,
 * hooks at each access, X_end() after.  They are this rule (trace_), the
 * transient check (transient.h) and the race's (race.h).  run.c begins and ends
 * them in one place, and the trace, where every access comes in, calls their
 * hooks in one place; a hook is a flag tested inline, so a check that is off
 * costs no call.  Without the trace (the gcc legs) nothing calls in here.  Under MSan
 * a load of src outside its window is left to MSan to judge (fuzz/trace.c).
 */
#ifndef FUZZ_TRACE_H
#define FUZZ_TRACE_H

#include <stdbool.h>
#include <stddef.h>

#include "run.h"

/* True when this build traces the implementation (STRSCPY_TRACE). */
bool trace_compiled_in(void);

/*
 * Arm the trace for r's callee, held to what r's contract (or its race's) allows.  A bad
 * access it can go on past safely is recorded in r (violations) and the call goes on, so the
 * report lists each: a read of the arena's mapped bytes, a write to the dest bytes the arena
 * rewrites for every case.  Any other (a write that would corrupt harness state, a guard
 * page), or the last one r has room for, stops the call.
 */
void trace_begin(struct run *r);
void trace_end(void);

/* A sized access (1, 2, 4, 8 or 16 bytes), about to happen. */
void trace_load(const void *addr, size_t size);
void trace_store(void *addr, size_t size);

/*
 * A bulk access, for the traced C library: trace_bulk_load_start() comes
 * before the first byte is read (a race step may change src there), and
 * trace_bulk_load() once the bytes read are known; trace_bulk_store() comes
 * before the bytes are written.
 */
void trace_bulk_load_start(void);
void trace_bulk_load(const void *addr, size_t size);
void trace_bulk_store(void *addr, size_t size);

#endif
