/* SPDX-License-Identifier: MIT */
/*
 * The built-in call-site idioms: each reference of the strscpy family (reference/) as its
 * callers use it, with their success test.  The one list of idioms.
 */
#include <stdio.h>
#include <string.h>

#include "site.h"
#include "strscpy_ref.h"

static int run_strscpy(const struct site *s, struct call *c)
{
	c->returned = ref_strscpy(c->dest, c->src, site_n(s, c));
	return c->returned >= 0;
}

static int run_strscpy_pad(const struct site *s, struct call *c)
{
	c->returned = ref_strscpy_pad(c->dest, c->src, site_n(s, c));
	return c->returned >= 0;
}

/*
 * strlcpy's test kept after the conversion, against sizeof: the comparison is done in size_t,
 * where -E2BIG is a huge number.
 */
static int run_strscpy_lt_sizeof(const struct site *s, struct call *c)
{
	size_t n = site_n(s, c);

	c->returned = ref_strscpy(c->dest, c->src, n);
	return (size_t)c->returned < n;
}

/* strlcpy's test kept, against a size held in an int: the comparison is signed. */
static int run_strscpy_lt_int(const struct site *s, struct call *c)
{
	int n = (int)site_n(s, c);

	c->returned = ref_strscpy(c->dest, c->src, (size_t)n);
	return c->returned < n;
}

static int run_strlcpy(const struct site *s, struct call *c)
{
	size_t n = site_n(s, c);
	size_t len = ref_strlcpy(c->dest, c->src, n);

	c->returned = (long long)len;
	return len < n;
}

static int run_strncpy(const struct site *s, struct call *c)
{
	ref_strncpy(c->dest, c->src, site_n(s, c));
	return 1;
}

/* The idiom of code that wants strncpy's bounds and a string: n is at least 1 here. */
static int run_strncpy_terminated(const struct site *s, struct call *c)
{
	size_t n = site_n(s, c);

	ref_strncpy(c->dest, c->src, n);
	c->dest[n - 1] = '\0';
	return 1;
}

static int run_memtostr(const struct site *s, struct call *c)
{
	(void)s;
	ref_memtostr(c->dest, c->dest_size, c->src, c->src_size);
	return 1;
}

static int run_memtostr_pad(const struct site *s, struct call *c)
{
	(void)s;
	ref_memtostr_pad(c->dest, c->dest_size, c->src, c->src_size);
	return 1;
}

static int run_strtomem(const struct site *s, struct call *c)
{
	(void)s;
	ref_strtomem(c->dest, c->dest_size, c->src, c->src_size);
	return 1;
}

/* Padded with NULs, as strncpy pads: the conversion the kernel's guidance names. */
static int run_strtomem_pad(const struct site *s, struct call *c)
{
	(void)s;
	ref_strtomem_pad(c->dest, c->dest_size, c->src, 0);
	return 1;
}

struct idiom {
	const char *name;
	const char *shape;
	const char *test;
	bool returns_length;
	bool takes_n; /* passes a size n, which IDIOM:src-size may choose */
	bool pads;    /* writes every byte of dest[0..n) */
	int (*run)(const struct site *s, struct call *c);
};

static const struct idiom idioms[] = {
	{ "strscpy", "strscpy(dest, src, n)", ">= 0", true, true, false, run_strscpy },
	{ "strscpy_pad", "strscpy_pad(dest, src, n)", ">= 0", true, true, true, run_strscpy_pad },
	{ "strscpy-lt-sizeof", "strscpy(dest, src, n)", "< n, n a size_t", true, true, false,
	  run_strscpy_lt_sizeof },
	{ "strscpy-lt-int", "strscpy(dest, src, n)", "< n, n an int", true, true, false,
	  run_strscpy_lt_int },
	{ "strlcpy", "strlcpy(dest, src, n)", "< n", true, true, false, run_strlcpy },
	{ "strncpy", "strncpy(dest, src, n)", NULL, false, true, true, run_strncpy },
	{ "strncpy-terminated", "strncpy(dest, src, n); dest[n - 1] = 0", NULL, false, true, true,
	  run_strncpy_terminated },
	{ "memtostr", "memtostr(dest, src)", NULL, false, false, false, run_memtostr },
	{ "memtostr_pad", "memtostr_pad(dest, src)", NULL, false, false, true, run_memtostr_pad },
	{ "strtomem", "strtomem(dest, src)", NULL, false, false, false, run_strtomem },
	{ "strtomem_pad", "strtomem_pad(dest, src, 0)", NULL, false, false, true, run_strtomem_pad },
};

#define IDIOMS (sizeof(idioms) / sizeof(idioms[0]))

static void list_idioms(char *why, size_t why_size, const char *what)
{
	size_t i, used = (size_t)snprintf(why, why_size, "%s (idioms:", what);

	for (i = 0; i < IDIOMS && used < why_size; i++)
		used += (size_t)snprintf(why + used, why_size - used, " %s", idioms[i].name);
	if (used < why_size)
		snprintf(why + used, why_size - used, "; IDIOM:src-size passes src's size as n)");
}

bool site_lookup(const char *spec, struct site *out, char *why, size_t why_size)
{
	const char *colon = strchr(spec, ':');
	size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);
	size_t i;

	for (i = 0; i < IDIOMS; i++) {
		const struct idiom *id = &idioms[i];

		if (strlen(id->name) != name_len || strncmp(id->name, spec, name_len) != 0)
			continue;
		if (colon && (!id->takes_n ||
			      (strcmp(colon, ":src-size") != 0 && strcmp(colon, ":dest-size") != 0))) {
			snprintf(why, why_size, "%s: %s", spec,
				 id->takes_n ? "the size is :dest-size or :src-size"
					     : "takes both sizes from sizeof: no n to choose");
			return false;
		}
		snprintf(out->name, sizeof(out->name), "%s", spec);
		out->shape = id->shape;
		out->test = id->test;
		out->returns_length = id->returns_length;
		out->takes_n = id->takes_n;
		out->n_is_src_size = colon && strcmp(colon, ":src-size") == 0;
		out->pads_dest = id->pads && !out->n_is_src_size;
		out->types = NULL;
		out->family = NULL;
		out->context = NULL;
		out->run = id->run;
		return true;
	}
	list_idioms(why, why_size, "unknown idiom");
	return false;
}
