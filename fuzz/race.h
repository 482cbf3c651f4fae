/* SPDX-License-Identifier: MIT */
/*
 * The race target: src changes while the callee copies it.  An input is a
 * strscpy case followed by a schedule of RACE_STEPS steps, RACE_TAIL_SIZE
 * bytes read backwards from the end (so every byte string is still valid):
 * per step, "before load k (1-based; 0 = no step), write byte b at src
 * offset j" (j modulo the string and its NUL).  The trace applies each step
 * from its load callback: no threads, the same run every time.
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
#include <stdio.h>

#include "run.h"

#define RACE_STEPS 3
#define RACE_STEP_BYTES 3
#define RACE_TAIL_SIZE (RACE_STEPS * RACE_STEP_BYTES)

struct race_step {
	size_t load;      /* applied before this load (1-based); 0: no step */
	size_t offset;    /* in src */
	uint8_t byte;
	uint8_t was;      /* what src held there before the step */
	bool applied;
};

struct race_schedule {
	struct race_step steps[RACE_STEPS];
};

/* Split data into the case part (its size is returned) and the schedule. */
size_t race_decode(const uint8_t *data, size_t size, struct race_schedule *s);

/* The schedule's input tail, for the encoders (sweep, seeds). */
void race_encode(const struct race_schedule *s, uint8_t out[RACE_TAIL_SIZE]);

/* Bytes of src the callee of r may read under the relaxed contract. */
size_t race_window(const struct run *r);

/* Apply s to r's callee from now on; race_end() stops it. */
void race_begin(const struct run *r, struct race_schedule *s);
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

/* The schedule, as reports print it. */
void race_print(FILE *out);

#endif
