/* SPDX-License-Identifier: MIT */
#include "site.h"

size_t site_n(const struct site *s, const struct call *c)
{
	return s->n_is_src_size ? c->src_size : c->dest_size;
}
