/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdio.h>

#include "call.h"

ssize_t call(const struct callable *f, char *dest, const char *src, size_t count,
	     const struct strscpy_case *c)
{
	switch (f->shape) {
	case SHAPE_SSIZE:
		return ((returns_length_or_error *)f->fn)(dest, src, count);
	case SHAPE_SIZE:
		return (ssize_t)((returns_size *)f->fn)(dest, src, count);
	case SHAPE_SRC_SIZE:
		((takes_src_size *)f->fn)(dest, count, src, c->src_size);
		return 0;
	case SHAPE_PAD:
		((takes_pad *)f->fn)(dest, count, src, c->pad);
		return 0;
	default:
		return ((returns_pointer *)f->fn)(dest, src, count) - dest;
	}
}

void print_returned(FILE *out, const struct contract *k, ssize_t value)
{
	switch (k->returns) {
	case RETURNS_LENGTH_OR_E2BIG:
		fprintf(out, "%zd%s", value, value == -E2BIG ? " (-E2BIG)" : "");
		break;
	case RETURNS_SOURCE_LENGTH:
	case RETURNS_TOTAL_LENGTH:
		fprintf(out, "%zu", (size_t)value);
		break;
	case RETURNS_DEST:
		fprintf(out, "dest %+zd", value);
		break;
	default:
		fprintf(out, "nothing");
	}
}
