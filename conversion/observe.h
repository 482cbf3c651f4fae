/* SPDX-License-Identifier: MIT */
/*
 * What one call site does with one case, as a caller and the memory around it see it.
 */
#ifndef CONVERSION_OBSERVE_H
#define CONVERSION_OBSERVE_H

#include "case.h"
#include "site.h"

/* The extent of a site that reads on past every readable byte. */
#define EXTENT_UNBOUNDED ((size_t)-1)

enum fault { FAULT_NONE, FAULT_READ, FAULT_WRITE };

struct outcome {
	enum fault fault;     /* the call hit a guard page: past src's readable bytes, or around dest */
	bool wrote_outside;   /* a write fault, or a byte just before dest changed */
	int success;          /* the caller's success test (when the site has one) */
	long long returned;   /* the length returned (when the site returns one) */
	size_t terminator;    /* index of dest's first NUL; dest_size when there is none */
	size_t extent;        /* the fewest bytes of src, ending at a guard page, it runs with */
	uint8_t dest[CASE_SIZE_MAX];
};

/* Run s on c in fresh buffers (several times, to measure its extent) and describe it in o. */
void observe(const struct site *s, const struct conversion_case *c, struct outcome *o);

#endif
