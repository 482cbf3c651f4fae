/* SPDX-License-Identifier: MIT */
/*
 * The user's two call sites, "old" and "new", each a file that defines either
 *   int site(char *dest, size_t dest_size, const char *src, size_t src_size),
 * returning the call site's success test (nonzero: success), or a typed site with
 * SITE_OBJECTS() and SITE() (call_site.h).  The build renames each file's symbols after its
 * role (conversion/CMakeLists.txt); the ones a file does not define are weak, and null.
 */
#include <stdio.h>
#include <string.h>

#include "site.h"

struct site_file {
	const char *label;
	int (*untyped)(char *dest, size_t dest_size, const char *src, size_t src_size);
	void (*typed)(void *dest, const void *src);
	const struct site_types *types;
};

#define SITE_FILE_SYMBOLS(role)                                                                  \
	int conversion_##role##_site(char *dest, size_t dest_size, const char *src,              \
				     size_t src_size) __attribute__((weak));                     \
	void conversion_##role##_typed_site(void *dest, const void *src) __attribute__((weak));  \
	extern const struct site_types conversion_##role##_site_objects __attribute__((weak))
#define SITE_FILE(role, label)                                                                   \
	{ label, conversion_##role##_site, conversion_##role##_typed_site,                       \
	  &conversion_##role##_site_objects }

SITE_FILE_SYMBOLS(old);
SITE_FILE_SYMBOLS(new);

static const struct site_file files[] = {
	SITE_FILE(old, CONVERSION_OLD_LABEL),
	SITE_FILE(new, CONVERSION_NEW_LABEL),
};

static int run_untyped(const struct site *s, struct call *c)
{
	const struct site_file *f = s->context;

	return f->untyped(c->dest, c->dest_size, c->src, c->src_size) != 0;
}

static int run_typed(const struct site *s, struct call *c)
{
	const struct site_file *f = s->context;

	f->typed(c->dest, c->src);
	return 1;
}

bool site_lookup(const char *spec, struct site *out, char *why, size_t why_size)
{
	bool old = strcmp(spec, "old") == 0;
	const struct site_file *f = &files[old ? 0 : 1];

	if (!old && strcmp(spec, "new") != 0) {
		snprintf(why, why_size, "%s: this checker has two sites, old and new", spec);
		return false;
	}
	if (!f->untyped == !f->typed) {
		snprintf(why, why_size,
			 "%s: a site file defines either site() or SITE_OBJECTS() and SITE(), "
			 "not %s",
			 f->label, f->typed || f->untyped ? "both" : "neither");
		return false;
	}
	snprintf(out->name, sizeof(out->name), "%s", f->label);
	out->shape = f->typed ? "SITE(dest, src)" : "site(dest, dest_size, src, src_size)";
	/* A typed site's lines are the call site's alone: the caller's test is not among them. */
	out->test = f->typed ? NULL : "!= 0";
	out->returns_length = false;
	out->takes_n = false;
	out->n_is_src_size = false;
	/* Unknown: a large dest's unobserved middle catches it if it does. */
	out->pads_dest = false;
	out->types = f->typed ? f->types : NULL;
	out->family = CONVERSION_SITE_FAMILY;
	out->context = f;
	out->run = f->typed ? run_typed : run_untyped;
	return true;
}
