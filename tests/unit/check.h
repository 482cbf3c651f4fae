/* SPDX-License-Identifier: MIT */
/*
 * Failure bookkeeping for the unit tests: every failure is named by what
 * broke, the first few of each name are printed with the parameters of the
 * case, and the run ends with a tally and the line "N passed, N failed".
 */
#ifndef UNIT_CHECK_H
#define UNIT_CHECK_H

#include <stdbool.h>

enum check {
	CHECK_RETURN_VALUE,
	CHECK_COPIED_BYTE,
	CHECK_TERMINATOR,
	CHECK_AFTER_TERMINATOR,
	CHECK_PADDING,
	CHECK_START_SENTINEL,
	CHECK_END_SENTINEL,
	CHECK_WRITE_ON_REJECTED_COUNT,
	CHECK_READ_ON_REJECTED_COUNT,
	CHECK_READ_PAST_ALLOWED,
	CHECK_HAS_ZERO_RESULT,
	CHECK_HAS_ZERO_FLAGS,
	CHECK_FIND_ZERO,
	CHECK_ZERO_BYTEMASK,
	CHECK_CLEAR_LAST_BYTE,
	CHECK_KINDS
};

/* Counts one failure of what; true when it is among the first few and should be printed. */
bool check_failed(enum check what);

/* The name of what, as the report prints it. */
const char *check_name(enum check what);

/* Ends one case: it passed when none of its checks failed. */
void check_case_done(bool passed);

/* Prints the tally and "N passed, N failed"; returns the exit status. */
int check_summary(void);

#endif
