/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "oracles.h"
#include "race.h"
#include "report.h"
#include "sanitizers.h"

bool race_running;

static struct {
	const struct run *run;
	struct race_schedule *schedule;
	uint8_t *src;
	size_t window;
	uint32_t *loaded_by;        /* per window byte: the load that read it (0: none yet) */
	size_t loaded_end;          /* loaded_by[0..loaded_end) may be set */
} race;

size_t race_decode(const uint8_t *data, size_t size, struct race_schedule *s)
{
	size_t tail = size < RACE_TAIL_SIZE ? size : RACE_TAIL_SIZE, k;
	uint8_t bytes[RACE_TAIL_SIZE];

	for (k = 0; k < RACE_TAIL_SIZE; k++)
		bytes[k] = k < size ? data[size - 1 - k] : 0;
	for (k = 0; k < RACE_STEPS; k++) {
		const uint8_t *step = bytes + k * RACE_STEP_BYTES;

		s->steps[k] = (struct race_step){ .load = step[0], .offset = step[1], .byte = step[2] };
	}
	s->loads_started = 0;
	return size - tail;
}

void race_encode(const struct race_schedule *s, uint8_t out[RACE_TAIL_SIZE])
{
	size_t k;

	for (k = 0; k < RACE_STEPS; k++) {
		uint8_t *step = out + RACE_TAIL_SIZE - 1 - k * RACE_STEP_BYTES;

		step[0] = (uint8_t)s->steps[k].load;
		step[-1] = (uint8_t)s->steps[k].offset;
		step[-2] = s->steps[k].byte;
	}
}

size_t race_window(const struct run *r)
{
	size_t room = r->arena->layout.region - r->c.src_offset;

	if (r->c.refused)
		return 0;
	return r->c.count < room ? r->c.count : room;
}

/* Whether bytes[0..size) holds a NUL: bytes the arena placed, poisoned for the callee (MSan). */
HARNESS_READS_POISON static bool holds_nul(const uint8_t *bytes, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++)
		if (!bytes[i])
			return true;
	return false;
}

void race_begin(const struct run *r)
{
	struct race_schedule *s = r->schedule;
	size_t room = r->arena->layout.region - r->c.src_offset, k;

	if (!s)
		return;
	if (!race.loaded_by) {
		race.loaded_by = calloc(r->arena->layout.region, sizeof(*race.loaded_by));
		if (!race.loaded_by)
			abort();
	}
	memset(race.loaded_by, 0, race.loaded_end * sizeof(*race.loaded_by));
	race.loaded_end = 0;
	race.run = r;
	race.schedule = s;
	s->loads_started = 0;
	race.src = (uint8_t *)r->p.src;
	race.window = race_window(r);
	/* A changing src may lengthen the string through all of the window: it may all be read. */
	sanitizer_unpoison(race.src, race.window);
	/*
	 * Steps change the string and its NUL only: the bytes the arena restores
	 * for the next case.  A letter over the NUL lengthens the string to the
	 * next NUL of the junk after it; none before the guard page, and the
	 * callee would rightly read into it: no such step.  Without the trace no
	 * step can happen.
	 */
	for (k = 0; k < RACE_STEPS; k++) {
		struct race_step *step = &s->steps[k];

		step->offset %= r->c.len + 1;
		step->applied = false;
		if (!r->traced || step->offset >= race.window ||
		    (step->offset == r->c.len && step->byte &&
		     !holds_nul(race.src + r->c.len + 1, room - r->c.len - 1)))
			step->load = 0;
	}
	race_running = true;
}

void race_end(void)
{
	race_running = false;
}

void race_apply_steps(void)
{
	struct race_step *step;
	size_t k;

	race.schedule->loads_started++;
	for (k = 0; k < RACE_STEPS; k++) {
		step = &race.schedule->steps[k];
		if (step->load == race.schedule->loads_started) {
			step->was = race.src[step->offset];
			race.src[step->offset] = step->byte;
			step->applied = true;
		}
	}
}

void race_record_load(const uint8_t *addr, size_t size)
{
	size_t begin, end, i;

	if (addr + size <= race.src || addr >= race.src + race.window)
		return;
	begin = addr > race.src ? (size_t)(addr - race.src) : 0;
	end = (size_t)(addr + size - race.src);
	end = end < race.window ? end : race.window;
	for (i = begin; i < end; i++) {
		if (race.loaded_by[i])
			report_double_fetch(race.run, i, race.loaded_by[i],
					    race.schedule->loads_started);
		race.loaded_by[i] = (uint32_t)race.schedule->loads_started;
	}
	race.loaded_end = end > race.loaded_end ? end : race.loaded_end;
}

/* Whether src[i] held value at some moment of the call. */
static bool held(const struct run *r, size_t i, uint8_t value)
{
	const struct race_step *steps = race.schedule->steps;
	size_t k;

	if ((uint8_t)r->p.src[i] == value)
		return true;
	for (k = 0; k < RACE_STEPS; k++)
		if (steps[k].applied && steps[k].offset == i &&
		    (steps[k].was == value || steps[k].byte == value))
			return true;
	return false;
}

void race_check(const struct run *r)
{
	const uint8_t *dest = (const uint8_t *)r->p.dest, *nul;
	size_t owned, length, i;

	check_sentinels(r);
	if (r->c.refused) {
		if (r->actual != -E2BIG)
			report_return_value(r);
		return;
	}
	/* dest[0..count) as far as it is mapped: the terminator lies in what the string reached. */
	owned = r->c.count < (size_t)(r->p.checked_end - dest) ? r->c.count
								: (size_t)(r->p.checked_end - dest);
	nul = memchr(dest, 0, owned);
	if (!nul)
		report_inconsistent_under_change(r, "dest holds no NUL within count", owned);
	length = (size_t)(nul - dest);
	if (r->actual >= 0 && (size_t)r->actual != length)
		report_inconsistent_under_change(r, "the return value is not strlen(dest)", length);
	if (r->actual < 0 && (r->actual != -E2BIG || length != r->c.count - 1))
		report_inconsistent_under_change(
			r, "-E2BIG, but strlen(dest) is not count - 1 (or not -E2BIG at all)", length);
	for (i = 0; i < length; i++)
		if (!held(r, i, dest[i]))
			report_inconsistent_under_change(r, "a dest byte src never held", i);
}
