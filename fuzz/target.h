/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_TARGET_H
#define FUZZ_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef ssize_t strscpy_fn(char *dest, const char *src, size_t count);

/* A function under test and the reference it must match. */
struct target {
	const char *name;      /* the function under test, as reports name it */
	strscpy_fn *impl;
	strscpy_fn *reference;
	bool pads;             /* strscpy_pad: every byte after the terminator, up to count, is zero */
	bool race;             /* src changes during the call, as the input's schedule says (race.h) */
};

extern const struct target strscpy_target;
extern const struct target strscpy_pad_target;
extern const struct target strscpy_race_target;

#endif
