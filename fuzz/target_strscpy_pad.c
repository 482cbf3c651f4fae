/* SPDX-License-Identifier: MIT */
#include "strscpy.h"
#include "strscpy_ref.h"
#include "target.h"

const struct target strscpy_pad_target = {
	.name = "strscpy_pad",
	.impl = strscpy_pad,
	.reference = ref_strscpy_pad,
	.pads = true,
};
