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

/*
 * From the build: UNIT_IMPL_LIBRARY, the name of the implementation library;
 * UNIT_WORD_HELPERS and UNIT_REFERENCE, 1 when this test also covers the
 * word-at-a-time helpers and the reference.  Every library of a build has the
 * same of both (but a planted bug's that patches the helpers): one unit test
 * covers them, not each again (tests/unit/CMakeLists.txt).
 */

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
	if (UNIT_WORD_HELPERS)
		test_word_at_a_time();
	test_contract(&implementation);
	if (UNIT_REFERENCE)
		test_contract(&reference);
	return check_summary();
}
