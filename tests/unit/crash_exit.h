/* SPDX-License-Identifier: MIT */
/*
 * ctest counts a test killed by a signal as failed even under WILL_FAIL, so a
 * unit test that is meant to fail against a planted bug must exit instead.
 * Where no sanitizer already turns crashes into reports and an exit code,
 * catch them here: print what happened and exit non-zero.
 */
#ifndef UNIT_CRASH_EXIT_H
#define UNIT_CRASH_EXIT_H

void exit_on_crash(void);

#endif
