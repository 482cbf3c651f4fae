/* SPDX-License-Identifier: MIT */
/*
 * A fuzz input is one strscpy() call: the source bytes, then a fixed-size tail
 * of parameters read backwards from the last byte (FuzzedDataProvider style),
 * so an input cut short by a minimizer still decodes.  Every byte string is a
 * valid input; a missing parameter byte reads as zero.
 */
#ifndef FUZZ_CASE_H
#define FUZZ_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "contract.h"

/* Where the string sits in the src region, which has a guard page on each side. */
enum src_placement {
	SRC_AFTER_GUARD,  /* starts skew bytes after the guard below */
	SRC_BEFORE_GUARD, /* the bytes it may read end skew bytes before the guard above */
	SRC_ACROSS_PAGES, /* starts 64 - skew bytes before an inner page boundary */
	SRC_PLACEMENTS
};

/* Where dest sits in the dest region. */
enum dest_placement {
	DEST_AFTER_GUARD,  /* starts skew bytes after the guard below */
	DEST_BEFORE_GUARD, /* dest + count ends skew bytes before a guard, however large count is */
	DEST_MID_PAGE,     /* skew bytes into the second page: sentinels on both sides */
	DEST_PLACEMENTS
};

enum count_class {
	COUNT_ZERO,
	COUNT_ONE,
	COUNT_SMALL,         /* 2 .. 33 */
	COUNT_WORD_MULTIPLE, /* k words, -1, 0 or +1 */
	COUNT_NEAR_LENGTH,   /* strlen - 1 .. strlen + 3: one over, exact fit, room to spare */
	COUNT_PAGES,         /* k pages +- 8 */
	COUNT_INT_MAX,       /* INT_MAX - 1 .. INT_MAX + 1 */
	COUNT_SIZE_MAX,
	COUNT_RAW,           /* the raw value, whatever it is (SIZE_MAX if size_t cannot hold it) */
	COUNT_MODERATE,      /* the raw value modulo four pages */
	COUNT_CLASSES
};

#define CASE_SKEW_MAX 64 /* skews are 0 .. 63 */
/* The skew bytes' top bits, src's low: where dest's NUL is before the call (case.c, dest_nul()). */
#define DEST_NUL_CHOICES 16

/* The parameter tail, as stored in the input (the last byte is count_class). */
struct case_params {
	uint8_t count_class;
	uint64_t count_raw;
	uint8_t src_placement, src_skew;
	uint8_t dest_placement, dest_skew;
	uint8_t fill;
};

#define CASE_TAIL_SIZE 14

/*
 * What the region geometry allows: one page size, regions of a few pages, and
 * the largest accepted count whose dest[0..count) the arena can own (INT_MAX
 * where the address space holds a 2 GiB reservation; larger counts are cut to it).
 */
struct layout {
	size_t page;
	size_t region;
	size_t dest_head; /* dest bytes always committed: every count but raw and int-max ones fits */
	size_t count_max;
};

/* A decoded case, ready to be placed in the arena. */
struct strscpy_case {
	struct case_params params;
	const uint8_t *payload; /* the src bytes: the string, then anything after its NUL */
	size_t payload_len;
	size_t len;             /* strlen(src) as placed (clipped to what the regions hold) */
	size_t count;           /* at most layout.count_max unless refused: dest[0..count) is owned */
	bool refused;           /* the contract refuses count: nothing may be written */
	size_t window;          /* bytes of src the contract lets the callee read */
	/*
	 * DEST_APPENDED: dest's string before the call, the input's bytes after src's NUL up to
	 * the next NUL (or its end): dest[0..min(dest_len, count)), then a NUL where count leaves
	 * room (dest_nul).  dest_len is 0 for other contracts.
	 */
	const uint8_t *dest_string;
	size_t dest_len;
	size_t dest_window;     /* bytes of dest it may read: min(count, dest_len + 1) when it
				 * appends, else none */
	size_t src_offset;      /* offsets within their regions */
	size_t dest_offset;
	uint8_t fill;           /* dest pre-fill, never zero */
	size_t dest_nul;        /* the one NUL in dest[0..count) before the call; SIZE_MAX: none.
				 * Appending: where dest's string ends; else as the skews choose */
	size_t src_size;        /* src's width as a field (field.h); SIZE_MAX: a plain string */
	uint8_t pad;            /* the pad argument (SHAPE_PAD) */
};

/* strscpy's refused counts: 0 and past INT_MAX (for the watchdog's padding allowance). */
bool count_rejected(size_t count);

/* Bytes of the dest reservation a case ending at offset end commits: whole pages, dest_head at least. */
size_t dest_span(size_t end, const struct layout *layout);

/*
 * Decode data into c as a call under contract (with a field tail when the
 * contract takes one, field.h).  When it fixes its tail (it writes all of
 * count, or must leave it all), counts dest cannot hold are clamped to what it
 * can; refused counts stay as they are.
 */
void decode_case(const uint8_t *data, size_t size, const struct layout *layout,
		 const struct contract *contract, struct strscpy_case *c);

/* The inverse: the input that decodes to these params and payload.  Returns its size. */
size_t encode_case(const struct case_params *p, const uint8_t *payload, size_t payload_len,
		   uint8_t *out, size_t out_size);

const char *src_placement_name(uint8_t placement);
const char *dest_placement_name(uint8_t placement);
const char *count_class_name(uint8_t count_class);

#endif
