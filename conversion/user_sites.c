/* SPDX-License-Identifier: MIT */
/*
 * The user's two call sites, "old" and "new": each file's
 * int site(char *dest, size_t dest_size, const char *src, size_t src_size), built under
 * another name (conversion/CMakeLists.txt), returning the call site's success test.
 */
#include <stdio.h>
#include <string.h>

#include "site.h"

int conversion_old_site(char *dest, size_t dest_size, const char *src, size_t src_size);
int conversion_new_site(char *dest, size_t dest_size, const char *src, size_t src_size);

static int run_old(const struct site *s, struct call *c)
{
	(void)s;
	return conversion_old_site(c->dest, c->dest_size, c->src, c->src_size) != 0;
}

static int run_new(const struct site *s, struct call *c)
{
	(void)s;
	return conversion_new_site(c->dest, c->dest_size, c->src, c->src_size) != 0;
}

bool site_lookup(const char *spec, struct site *out, char *why, size_t why_size)
{
	bool old = strcmp(spec, "old") == 0;

	if (!old && strcmp(spec, "new") != 0) {
		snprintf(why, why_size, "%s: this checker has two sites, old and new", spec);
		return false;
	}
	snprintf(out->name, sizeof(out->name), "%s", old ? CONVERSION_OLD_LABEL : CONVERSION_NEW_LABEL);
	out->shape = "site(dest, dest_size, src, src_size)";
	out->test = "!= 0";
	out->returns_length = false;
	out->takes_n = false;
	out->n_is_src_size = false;
	/* Unknown: a large dest's unobserved middle catches it if it does. */
	out->pads_dest = false;
	out->run = old ? run_old : run_new;
	return true;
}
