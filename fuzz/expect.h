/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_EXPECT_H
#define FUZZ_EXPECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * What a call must do, computed once per run from the contract and the
 * reference (expect.c); the oracles hold the callee to it and the reports print it.
 */
struct expected_outcome {
	ssize_t value;        /* the return value, as call() compares it */
	const uint8_t *bytes; /* the reference's dest, from dest[0] on */
	size_t must_match;    /* dest[0..must_match) must equal bytes */
	size_t terminated;    /* of those, the string and its terminator (or all of count, or no
			       * terminator: terminator_rule); the rest is padding */
	size_t owned;         /* dest[0..owned) may be written: everything around it is untouched */
	bool tail_fixed;      /* dest[must_match..owned) must be as fixed_tail_byte() says; else
			       * zero or untouched */
	uint8_t tail_byte;    /* zero, the pad byte, or the pre-fill when the tail is left alone */
	bool writes_tail;     /* the callee must write all it owns: zeros or pad bytes */
};

struct run;

/* Calls the reference on r's placed case and fills r->expect. */
void expect_outcome(struct run *r);

/* What dest[j] of a fixed tail must hold: tail_byte, or the NUL a tail left alone keeps. */
uint8_t fixed_tail_byte(const struct run *r, size_t j);

#endif
