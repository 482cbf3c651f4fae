/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"

/* Enough to see a pattern; a broken implementation fails thousands of cases. */
#define SHOWN_PER_CHECK 3

static const char *const names[CHECK_KINDS] = {
	[CHECK_RETURN_VALUE] = "return value wrong",
	[CHECK_COPIED_BYTE] = "copied byte wrong",
	[CHECK_TERMINATOR] = "terminator missing",
	[CHECK_AFTER_TERMINATOR] = "byte after terminator neither untouched nor zero",
	[CHECK_PADDING] = "padding byte not zero",
	[CHECK_START_SENTINEL] = "start sentinel overwritten",
	[CHECK_END_SENTINEL] = "end sentinel overwritten",
	[CHECK_WRITE_ON_REJECTED_COUNT] = "dest written on a rejected count",
	[CHECK_READ_ON_REJECTED_COUNT] = "src read on a rejected count",
	[CHECK_READ_PAST_ALLOWED] = "src read into the guard page after the bytes it may read",
	[CHECK_HAS_ZERO_RESULT] = "has_zero wrong about whether the word holds a NUL",
	[CHECK_HAS_ZERO_FLAGS] = "has_zero flags wrong up to the first NUL",
	[CHECK_FIND_ZERO] = "find_zero index not the first NUL",
	[CHECK_ZERO_BYTEMASK] = "zero_bytemask does not keep exactly the bytes before the NUL",
	[CHECK_CLEAR_LAST_BYTE] = "clear_last_byte does not clear exactly the last byte",
};

static unsigned long long failures[CHECK_KINDS];
static unsigned long long passed, failed;

bool check_failed(enum check what)
{
	return ++failures[what] <= SHOWN_PER_CHECK;
}

const char *check_name(enum check what)
{
	return names[what];
}

void check_case_done(bool case_passed)
{
	if (case_passed)
		passed++;
	else
		failed++;
}

int check_summary(void)
{
	int what;

	for (what = 0; what < CHECK_KINDS; what++)
		if (failures[what])
			printf("failed check: %s: %llu times\n", names[what], failures[what]);
	printf("%llu passed, %llu failed\n", passed, failed);
	fflush(stdout);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
