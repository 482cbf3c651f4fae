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

/*
 * A dest larger than CASE_SIZE_MAX (a count at INT_MAX, or past 4 GiB) is owned in full but
 * observed only at its ends, its first and last DEST_END_WINDOW bytes: its middle lies on
 * PROT_NONE pages (and on a few bytes checked after the call), so a call that changes any of it
 * is caught, as FAULT_UNOBSERVED, and its case is not compared.  Every byte a call may change
 * is thus either observed or caught, and no page of the middle is ever committed.
 */
#define DEST_END_WINDOW CASE_SIZE_MAX

enum fault { FAULT_NONE, FAULT_READ, FAULT_WRITE, FAULT_UNOBSERVED };

struct outcome {
	enum fault fault;     /* the call hit a guard page (past src's readable bytes, or around
			       * dest) or a large dest's unobserved middle */
	bool wrote_outside;   /* a write fault, or a byte just before dest changed */
	int success;          /* the caller's success test (when the site has one) */
	long long returned;   /* the length returned (when the site returns one) */
	size_t terminator;    /* index of dest's first NUL; dest_size when there is none */
	size_t extent;        /* the fewest bytes of src, ending at a guard page, it runs with */
	uint8_t dest[2 * DEST_END_WINDOW]; /* all of dest, or a large dest's two end windows */
};

/* Whether a large dest of this size can be reserved (not: the address space is too small). */
bool observe_can_reserve(size_t dest_size);

/* Run s on c in fresh buffers (several times, to measure its extent) and describe it in o. */
void observe(const struct site *s, const struct conversion_case *c, struct outcome *o);

/* dest[i] after the call (a large dest's middle holds its prior bytes: it was not changed). */
uint8_t outcome_dest_byte(const struct conversion_case *c, const struct outcome *o, size_t i);

/* The first index from `from` on where a's and b's dest differ, or dest_size when none does. */
size_t first_differing_byte_from(const struct conversion_case *c, const struct outcome *a,
				 const struct outcome *b, size_t from);

#endif
