/* SPDX-License-Identifier: MIT */
/*
 * A contract: what one fuzz target's function must do, as data.  Every tool
 * (run, oracles, reports, sweep, seeds, the CMake project through
 * corpus/targets.list) takes the list of targets from contracts[] (contracts.c).
 */
#ifndef FUZZ_CONTRACT_H
#define FUZZ_CONTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The calling shapes of the family: (dest, src, count), told apart by what they return. */
typedef ssize_t returns_length_or_error(char *dest, const char *src, size_t count);
typedef size_t returns_size(char *dest, const char *src, size_t count);
typedef char *returns_pointer(char *dest, const char *src, size_t count);

enum call_shape { SHAPE_SSIZE, SHAPE_SIZE, SHAPE_POINTER };

/* A function with its shape, so it is called with the type it was defined with (call.c). */
struct callable {
	enum call_shape shape;
	void (*fn)(void);
};

/* The shape is read off the function's type: a function of another type does not compile. */
#define CALL_SHAPE_OF(f)                                                                         \
	_Generic(&(f), returns_length_or_error *: SHAPE_SSIZE, returns_size *: SHAPE_SIZE,       \
		 returns_pointer *: SHAPE_POINTER)
#define CALLABLE(f) { .shape = CALL_SHAPE_OF(f), .fn = (void (*)(void))(f) }

/* Which counts the function refuses: it writes nothing for them. */
enum count_rule {
	REFUSES_ZERO_AND_OVER_INT_MAX, /* strscpy: -E2BIG, and src is not read either */
	REFUSES_ZERO,                  /* nowhere to write; src may still be read */
};

/* How much of src the function may read (the read rule's window, README). */
enum read_rule {
	READS_UP_TO_COUNT,   /* src[0..min(count, strlen + 1)), nothing for a refused count */
	READS_WHOLE_STRING,  /* src[0..strlen + 1) whatever count is: it returns strlen(src) */
};

/* What the return value means, and so how a caller tests success. */
enum return_meaning {
	RETURNS_LENGTH_OR_E2BIG, /* the length copied, or -E2BIG when src did not fit: r >= 0 */
	RETURNS_SOURCE_LENGTH,   /* strlen(src), whatever fitted: r < count */
	RETURNS_DEST,            /* dest itself: nothing to test */
};

/* What dest[terminator + 1 .. count) must hold after the call. */
enum tail_rule {
	TAIL_LEFT_OR_ZEROED, /* each byte untouched or zero: anything else leaks */
	TAIL_ZEROED,         /* every byte zero (padding) */
};

struct contract {
	const char *target;    /* the fuzz target: its tools are <target>_sweep, _replay, _fuzzer */
	const char *function;  /* the function under test, as reports name it */
	struct callable reference;
	enum count_rule counts;
	enum read_rule reads;
	enum return_meaning returns;
	enum tail_rule tail;
	bool terminates;       /* dest always holds a NUL within count (else it may be all string) */
	bool race;             /* src changes during the call, as the input's schedule says (race.h) */
};

extern const struct contract contracts[];
extern const size_t contract_count;

/* The contract of target, NULL when there is none. */
const struct contract *contract_named(const char *target);

bool contract_refuses(const struct contract *k, size_t count);

#endif
