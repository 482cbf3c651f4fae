/* SPDX-License-Identifier: MIT */
#ifndef UNIT_IMPL_H
#define UNIT_IMPL_H

#include <stddef.h>
#include <sys/types.h>

typedef ssize_t strscpy_fn(char *dest, const char *src, size_t count);

/* One implementation under test: the project's, or the reference. */
struct impl {
	const char *copy_name;
	strscpy_fn *copy;
	const char *copy_pad_name;
	strscpy_fn *copy_pad;
};

#endif
