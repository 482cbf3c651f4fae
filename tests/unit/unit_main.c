/* SPDX-License-Identifier: MIT */
/*
 * The unit tests: the word-at-a-time helpers of one implementation, then the
 * strscpy()/strscpy_pad() contract against that implementation and against
 * the reference.  Names each failure by what broke, ends with the line
 * "N passed, N failed", and exits non-zero on any failure.
 */
#include <stdio.h>

#include "check.h"
#include "contract_test.h"
#include "crash_exit.h"
#include "strscpy.h"
#include "strscpy_ref.h"
#include "word_at_a_time_test.h"

/* UNIT_IMPL_LIBRARY: the name of the implementation library, from the build. */

int main(void)
{
	static const struct impl implementation = {
		"strscpy [" UNIT_IMPL_LIBRARY "]", strscpy,
		"strscpy_pad [" UNIT_IMPL_LIBRARY "]", strscpy_pad,
	};
	static const struct impl reference = {
		"ref_strscpy", ref_strscpy, "ref_strscpy_pad", ref_strscpy_pad,
	};

	setvbuf(stdout, NULL, _IOLBF, 0);
	exit_on_crash();
	test_word_at_a_time();
	test_contract(&implementation);
	test_contract(&reference);
	return check_summary();
}
