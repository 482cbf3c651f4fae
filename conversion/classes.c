/* SPDX-License-Identifier: MIT */
#include "classes.h"

const struct difference_class difference_classes[DIFFERENCES] = {
	[STRING_BYTES] = { "string-bytes", "a byte of the string in dest differs",
			   "never: the caller reads a different string" },
	[LAST_BYTE] = { "last-byte",
			"dest[n-1]: one leaves it unterminated (a string byte or what was there), the "
			"other puts the terminator there",
			"the string always fits: strlen(src) < dest size" },
	[TERMINATION] = { "termination", "dest is terminated at a different place, or only one is",
			  "dest is never read as a string" },
	[PADDING] = { "padding", "a byte of dest after both strings differs",
		      "dest is never copied out whole (only its string is read)" },
	[SUCCESS_TEST] = { "success-test", "the caller's success test answers differently",
			   "the caller's test is rewritten for the new function" },
	[RETURN_VALUE] = { "return-value", "the returned length differs",
			   "the return value is not used as a length" },
	[READS_FURTHER] = { "reads-further", "the new site needs more of src readable than the old",
			    "src is always terminated within the bytes the old site read" },
	[WRITES_OUTSIDE_DEST] = { "writes-outside-dest", "one of them writes outside dest[0..dest size)",
				  "never" },
};

const char *difference_not_compared(enum difference d, const struct site *from,
				    const struct site *to)
{
	if (d == SUCCESS_TEST && (!from->test || !to->test))
		return "one of them has no success test";
	if (d == RETURN_VALUE && (!from->returns_length || !to->returns_length))
		return "one of them returns no length";
	return NULL;
}

static bool bytes_differ(const struct conversion_case *c, const struct outcome *a,
			 const struct outcome *b, size_t from, size_t to)
{
	return from < to && first_differing_byte_from(c, a, b, from) < to;
}

/* The string's bytes, where it ends, and what follows both strings. */
static unsigned dest_differences(const struct conversion_case *c, const struct outcome *a,
				 const struct outcome *b)
{
	size_t last = c->dest_size - 1;
	size_t first_end = a->terminator < b->terminator ? a->terminator : b->terminator;
	size_t second_end = a->terminator < b->terminator ? b->terminator : a->terminator;
	unsigned found = 0;

	if (bytes_differ(c, a, b, 0, first_end))
		found |= 1u << STRING_BYTES;
	if (first_end == last && second_end == c->dest_size)
		found |= 1u << LAST_BYTE;
	else if (first_end != second_end)
		found |= 1u << TERMINATION;
	if (bytes_differ(c, a, b, second_end + 1, c->dest_size))
		found |= 1u << PADDING;
	return found;
}

unsigned differences(const struct site *from, const struct site *to,
		     const struct conversion_case *c, const struct outcome *a,
		     const struct outcome *b)
{
	unsigned found = 0;

	if (a->wrote_outside != b->wrote_outside)
		found |= 1u << WRITES_OUTSIDE_DEST;
	if (b->extent > a->extent)
		found |= 1u << READS_FURTHER;
	/* A call a guard page cut short has no result to compare. */
	if (a->fault != FAULT_NONE || b->fault != FAULT_NONE)
		return found;
	found |= dest_differences(c, a, b);
	if (!difference_not_compared(SUCCESS_TEST, from, to) && a->success != b->success)
		found |= 1u << SUCCESS_TEST;
	if (!difference_not_compared(RETURN_VALUE, from, to) && a->returned != b->returned)
		found |= 1u << RETURN_VALUE;
	return found;
}
