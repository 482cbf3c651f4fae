/* SPDX-License-Identifier: MIT */
/*
 * The race target: src changes while the callee copies it.  An input is a
 * strscpy case followed by a schedule (race_schedule.h).  The trace applies
 * each step from its load callback: no threads, the same run every time.
 *
 * What must hold whatever the schedule (the relaxed contract):
 * - dest is NUL-terminated within count, r >= 0 means strlen(dest) == r and
 *   -E2BIG means strlen(dest) == count - 1 (else inconsistent-under-change);
 * - every dest byte before the terminator is a value its src byte had during
 *   the call (else inconsistent-under-change);
 * - no src byte is loaded twice (double-fetch: what makes a return value
 *   stale, reported as its own class);
 * - loads start in src[0..count) (the block rule of trace.h), stores land in
 *   dest[0..count).
 */
#ifndef FUZZ_RACE_H
#define FUZZ_RACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "race_schedule.h"
#include "run.h"

/* Split data into the case part (its size is returned) and the schedule. */
size_t race_decode(const uint8_t *data, size_t size, struct race_schedule *s);

/* The schedule's input tail, for the encoders (sweep, seeds). */
void race_encode(const struct race_schedule *s, uint8_t out[RACE_TAIL_SIZE]);

/* Bytes of src the callee of r may read under the relaxed contract. */
size_t race_window(const struct run *r);

/*
 * A check made during the call (trace.h): from race_begin(r) on, apply r's schedule to its
 * callee, when r is raced; race_end() stops it.
 */
void race_begin(const struct run *r);
void race_end(void);

/*
 * From the trace: a load about to start, then the bytes it reads.  Every traced
 * access asks: a flag tested inline, so a call that is not raced pays no call.
 */
extern bool race_running;
void race_apply_steps(void);
void race_record_load(const uint8_t *addr, size_t size);

/* Before a load: apply the schedule's steps that fall due at it. */
static inline void race_before_load(void)
{
	if (race_running)
		race_apply_steps();
}

/* After a load: note which load read each window byte (a second read is a double fetch). */
static inline void race_loaded(const uint8_t *addr, size_t size)
{
	if (race_running)
		race_record_load(addr, size);
}

/* The relaxed contract on what r's callee returned and left in dest. */
void race_check(const struct run *r);

#endif
