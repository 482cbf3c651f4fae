/* SPDX-License-Identifier: MIT */
#ifndef UNIT_WORD_AT_A_TIME_TEST_H
#define UNIT_WORD_AT_A_TIME_TEST_H

/*
 * The helpers of the implementation's word_at_a_time.h, on the native byte
 * order, for every word made of the tricky bytes and 0x00.
 */
void test_word_at_a_time(void);

#endif
