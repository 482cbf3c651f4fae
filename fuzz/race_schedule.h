/* SPDX-License-Identifier: MIT */
/*
 * The race target's schedule (race.h): RACE_STEPS steps, RACE_TAIL_SIZE bytes
 * read backwards from the end of an input (so every byte string is still
 * valid): per step, "before load k (1-based; 0 = no step), write byte b at src
 * offset j" (j modulo the string and its NUL).  Plain data, apart from the code
 * that applies it: a run holds its schedule, and a report prints it as handed.
 */
#ifndef FUZZ_RACE_SCHEDULE_H
#define FUZZ_RACE_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
	size_t loads_started; /* by the call so far */
};

#endif
