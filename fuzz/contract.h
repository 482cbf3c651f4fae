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

/*
 * The calling shapes of the family, each once: X(shape, type, return type, parameters).
 * (dest, src, count), told apart by what they return; then the fixed-width field functions:
 * (dest, dest_size, src, and src's width or a pad byte).  The prototypes check-impl.sh shows
 * and holds a user's function to are these (list_contracts --functions).
 */
#define CALL_SHAPES(X)                                                                            \
	X(SHAPE_SSIZE, returns_length_or_error, ssize_t, (char *dest, const char *src, size_t count)) \
	X(SHAPE_SIZE, returns_size, size_t, (char *dest, const char *src, size_t count))            \
	X(SHAPE_POINTER, returns_pointer, char *, (char *dest, const char *src, size_t count))      \
	X(SHAPE_SRC_SIZE, takes_src_size, void,                                                     \
	  (char *dest, size_t dest_size, const char *src, size_t src_size))                         \
	X(SHAPE_PAD, takes_pad, void, (char *dest, size_t dest_size, const char *src, int pad))

#define CALL_SHAPE_TYPEDEF(shape, type, returned, parameters) typedef returned type parameters;
CALL_SHAPES(CALL_SHAPE_TYPEDEF)
#undef CALL_SHAPE_TYPEDEF

#define CALL_SHAPE_ENUM(shape, type, returned, parameters) shape,
enum call_shape { CALL_SHAPES(CALL_SHAPE_ENUM) };
#undef CALL_SHAPE_ENUM

/* A function with its shape, so it is called with the type it was defined with (call.c). */
struct callable {
	enum call_shape shape;
	void (*fn)(void);
};

/* The shape is read off the function's type: a function of another type does not compile. */
#define CALL_SHAPE_GENERIC(shape, type, returned, parameters) , type *: shape
#define CALL_SHAPE_OF(f) _Generic(&(f) CALL_SHAPES(CALL_SHAPE_GENERIC))
#define CALLABLE(f) { .shape = CALL_SHAPE_OF(f), .fn = (void (*)(void))(f) }

/* Prints the C prototype of a function name of shape, on stdout. */
void print_prototype(enum call_shape shape, const char *name);

/* Which counts the function refuses: it writes nothing for them. */
enum count_rule {
	REFUSES_ZERO_AND_OVER_INT_MAX, /* strscpy: -E2BIG, and src is not read either */
	REFUSES_ZERO,                  /* nowhere to write; src may still be read */
};

/*
 * How much of src the function may read (the read rule's window, README).  A src
 * that is a field of src_size bytes (SHAPE_SRC_SIZE) cuts every window at its width.
 */
enum read_rule {
	READS_UP_TO_COUNT,   /* src[0..min(count, strlen + 1)), nothing for a refused count */
	READS_WHOLE_STRING,  /* src[0..strlen + 1) whatever count is: it returns strlen(src) */
	READS_FIELD,         /* src[0..min(src_size, strlen + 1)) whatever count is: the field
			      * up to its NUL, as strnlen(src, src_size) reads it */
};

/*
 * What dest holds before the call, and so where the copy goes and what of dest may be read.
 * Either way the read rule's dest window is dest[0..dest_window) (case.h).
 */
enum dest_rule {
	DEST_OVERWRITTEN, /* scratch: the copy starts at dest[0], and no byte of dest may be read */
	DEST_APPENDED,    /* a string, src goes after it: dest[0..min(count, strlen + 1)) may be
			   * read; with no NUL within count, nothing is written (strlcat) */
};

/* What the return value means, and so how a caller tests success. */
enum return_meaning {
	RETURNS_LENGTH_OR_E2BIG, /* the length copied, or -E2BIG when src did not fit: r >= 0 */
	RETURNS_SOURCE_LENGTH,   /* strlen(src), whatever fitted: r < count */
	RETURNS_TOTAL_LENGTH,    /* strlen(dest) + strlen(src) as they were, count + strlen(src)
				  * when dest held no NUL within count: r < count */
	RETURNS_DEST,            /* dest itself: nothing to test */
	RETURNS_NOTHING,         /* void */
};

/* What dest[terminator + 1 .. count) must hold after the call (or past the copy, unterminated). */
enum tail_rule {
	TAIL_LEFT_OR_ZEROED, /* each byte untouched or zero: anything else leaks */
	TAIL_ZEROED,         /* every byte zero (padding) */
	TAIL_LEFT,           /* every byte untouched: the rest of a field is not the callee's */
	TAIL_PADDED,         /* every byte the pad argument (SHAPE_PAD) */
};

/* Whether dest holds a NUL within count after the call. */
enum terminator_rule {
	TERMINATES_ALWAYS,  /* a string, cut to count - 1 bytes when src did not fit */
	TERMINATES_IF_ROOM, /* all string, with no NUL, when src did not fit (strncpy) */
	TERMINATES_NEVER,   /* a fixed-width field: the string's bytes only */
};

/*
 * What scripts/check-impl.sh checks a function for (its --checks), by what the contract promises.
 * Every contract gets CHECK_CONTRACT, its rules above.  CHECK_TRANSIENT: dest holds a string at
 * every moment of the copy (class unterminated-during-copy), not just at its end: a strlcpy that
 * writes its NUL last is legal.  CHECK_RACE: a result consistent with some src while src changes
 * under the call, and src read once (the race target of the function, race.h).
 */
#define CHECKS(X) X(CHECK_CONTRACT, "contract") X(CHECK_TRANSIENT, "transient") X(CHECK_RACE, "race")
#define CHECK_BIT(check, name) check##_BIT,
enum check_bit { CHECKS(CHECK_BIT) CHECK_BITS };
#undef CHECK_BIT
#define CHECK_FLAG(check, name) check = 1u << check##_BIT,
enum check { CHECKS(CHECK_FLAG) };
#undef CHECK_FLAG

struct contract {
	const char *target;    /* the fuzz target: its tools are <target>_sweep, _replay, _fuzzer */
	const char *function;  /* the function under test, as reports name it */
	struct callable reference;
	enum count_rule counts;
	enum read_rule reads;
	enum dest_rule dest;
	enum return_meaning returns;
	enum tail_rule tail;
	enum terminator_rule terminates;
	bool race;             /* src changes during the call, as the input's schedule says (race.h) */
	unsigned checks;       /* the checks the function's promises call for: enum check, or'd */
};

extern const struct contract contracts[];
extern const size_t contract_count;

/* The names of the checks in checks, as check-impl.sh's --checks takes them, comma-separated. */
void print_checks(unsigned checks);

/* The contract of target, NULL when there is none. */
const struct contract *contract_named(const char *target);

bool contract_refuses(const struct contract *k, size_t count);

/* The function takes a field's width or a pad byte: its inputs carry them (field.h). */
bool contract_takes_field(const struct contract *k);

/* The contract fixes every byte of dest's tail: a count dest cannot hold is cut to it. */
bool contract_fixes_tail(const struct contract *k);

#endif
