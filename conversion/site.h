/* SPDX-License-Identifier: MIT */
/*
 * A call site under the conversion checker: how it is called, the success test its caller
 * uses, and whether it returns a length a caller may use.  A built-in idiom (idioms.c) or a
 * user's own function (user_sites.c).
 */
#ifndef CONVERSION_SITE_H
#define CONVERSION_SITE_H

#include <stdbool.h>
#include <stddef.h>

#include "call_site.h"

/* One call's buffers, and what it returned. */
struct call {
	char *dest;
	size_t dest_size;
	const char *src;
	size_t src_size;
	long long returned; /* set by sites that return a length */
};

struct site {
	char name[64];     /* as the user wrote it: "strncpy:src-size", or the file */
	const char *shape; /* the call, e.g. "strncpy(dest, src, n)" */
	const char *test;  /* the caller's success test, e.g. "< n"; NULL: none */
	bool returns_length;
	bool takes_n;       /* passes a size n */
	bool n_is_src_size; /* n is src's size; otherwise dest's */
	bool pads_dest;     /* writes every byte of dest, however short the string */
	/* A typed site's objects (call_site.h): the sizes it must be run with; NULL for others. */
	const struct site_types *types;
	const char *family;  /* which strscpy family it calls, for the report; NULL: reference/'s */
	const void *context; /* what run needs besides: the user's file (user_sites.c) */
	/* Makes the call; returns the success test's answer (0 or 1; anything when test is NULL). */
	int (*run)(const struct site *s, struct call *c);
};

/* The n a site passes: dest's size, or src's for IDIOM:src-size. */
size_t site_n(const struct site *s, const struct call *c);

/*
 * The site called SPEC: "IDIOM[:dest-size|:src-size]" for the built-in checker, "old" or
 * "new" for a user's files.  Returns false, with the reason in why, when there is none.
 */
bool site_lookup(const char *spec, struct site *out, char *why, size_t why_size);

#endif
