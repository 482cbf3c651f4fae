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
 * - the accesses, counted (a bulk call by the bytes it covers), stay within
 *   the work budget.  Stores past the terminator do not count: the contract
 *   lets a callee zero all of dest up to count (2 GiB at INT_MAX), once, and
 *   one that pads for ever is stopped by the per-case time limit instead.  A
 *   padding contract's budget counts all of count: it must write it.
 *
 * Accesses outside the arena (the callee's own stack) are not the contract's
 * concern.  Without the trace (the gcc legs) nothing calls in here.  Under MSan
 * a load of src outside its window is left to MSan to judge (fuzz/trace.c).
 */
#ifndef FUZZ_TRACE_H
#define FUZZ_TRACE_H

#include <stdbool.h>
#include <stddef.h>

#include "run.h"

/* What the callee of r may touch, as the run's contract says. */
struct trace_limits {
	const char *readable;      /* src */
	size_t readable_size;      /* bytes from src that loads may start in */
	size_t dest_readable;      /* bytes from dest that loads may start in (DEST_APPENDED) */
	char *writable;            /* dest */
	size_t writable_size;      /* count, or 0 when nothing may be stored */
	size_t needed;             /* dest bytes up to the terminator: the rest is padding */
	size_t must_write;         /* dest bytes the contract makes it write: padding included */
};

/* The callee's accesses to the arena so far, against its budget. */
struct trace_work {
	size_t loads;  /* a sized load counts 1, a bulk one the bytes it covers */
	size_t stores; /* likewise, padding left out */
	size_t budget; /* see trace_work_budget(), of readable_size and must_write */
	size_t readable;
	size_t must_write;
};

/* True when this build traces the implementation (STRSCPY_TRACE). */
bool trace_compiled_in(void);

/* Arm the trace for r's callee; trace_end() settles the last store and disarms it. */
void trace_begin(const struct run *r, const struct trace_limits *limits);
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
