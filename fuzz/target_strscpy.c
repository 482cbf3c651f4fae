/* SPDX-License-Identifier: MIT */
#include "strscpy_ref.h"
#include "target.h"

/* Another strscpy is plugged in by building with -DSTRSCPY_IMPL_SYMBOL=its_name. */
#ifndef STRSCPY_IMPL_SYMBOL
#define STRSCPY_IMPL_SYMBOL strscpy
#endif
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

ssize_t STRSCPY_IMPL_SYMBOL(char *dest, const char *src, size_t count);

const struct target strscpy_target = {
	.name = STRINGIFY(STRSCPY_IMPL_SYMBOL),
	.impl = STRSCPY_IMPL_SYMBOL,
	.reference = ref_strscpy,
	.pads = false,
};

/* The same function, while src changes under it (race.h). */
const struct target strscpy_race_target = {
	.name = STRINGIFY(STRSCPY_IMPL_SYMBOL),
	.impl = STRSCPY_IMPL_SYMBOL,
	.reference = ref_strscpy,
	.race = true,
};
