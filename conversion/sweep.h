/* SPDX-License-Identifier: MIT */
#ifndef CONVERSION_SWEEP_H
#define CONVERSION_SWEEP_H

#include "findings.h"

/* The buffers a check is about: a size fixed by the user, or 0 to sweep it. */
struct buffer_facts {
	size_t dest_size;
	size_t src_size;
	bool src_unterminated; /* src may fill its object with no NUL (a fixed-width field) */
};

/* Every case of the deterministic sweep, each through findings_check(). */
void sweep(const struct site *from, const struct site *to, const struct buffer_facts *facts);

#endif
