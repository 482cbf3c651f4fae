/* SPDX-License-Identifier: MIT */
#ifndef UNIT_CONTRACT_TEST_H
#define UNIT_CONTRACT_TEST_H

#include "impl.h"

/* Every case family of the strscpy()/strscpy_pad() contract, against impl. */
void test_contract(const struct impl *impl);

#endif
