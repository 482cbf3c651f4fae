/* SPDX-License-Identifier: MIT */
/*
 * The difference classes: each observable way two call sites can differ on one case.
 */
#ifndef CONVERSION_CLASSES_H
#define CONVERSION_CLASSES_H

#include "observe.h"

enum difference {
	STRING_BYTES,
	LAST_BYTE,
	TERMINATION,
	PADDING,
	SUCCESS_TEST,
	RETURN_VALUE,
	READS_FURTHER,
	WRITES_OUTSIDE_DEST,
	DIFFERENCES
};

struct difference_class {
	const char *name;
	const char *what;      /* what differs, one line */
	const char *safe_when; /* the buffer facts under which this difference cannot matter */
};

extern const struct difference_class difference_classes[DIFFERENCES];

/* Why a class cannot be compared between these sites (NULL when it can). */
const char *difference_not_compared(enum difference d, const struct site *from,
				    const struct site *to);

/* The classes in which to's outcome differs from from's on c, one bit each. */
unsigned differences(const struct site *from, const struct site *to,
		     const struct conversion_case *c, const struct outcome *a,
		     const struct outcome *b);

#endif
