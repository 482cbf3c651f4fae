/* SPDX-License-Identifier: MIT */
/*
 * The implementation a tool puts under its target's contract; built with each
 * tool: -DHARNESS_TARGET=<target> (a row of contracts[]) -DHARNESS_IMPL=<function>.
 * A plugged implementation (STRSCPY_IMPL_SOURCE, tests/variants) adds
 * -DHARNESS_PLUGGED=<the function of src/ it replaces>: its name is not one
 * src/strscpy.h declares, and its type is that function's.  Code the harness
 * did not compile (scripts/check-impl.sh: assembly, an object, a shared object)
 * adds -DHARNESS_UNTRACED: the memory-access trace cannot see its accesses.
 */
#ifdef HARNESS_LOADED_FROM
#define _GNU_SOURCE /* dladdr1, dlinfo */
#include <dlfcn.h>
#include <link.h>
#endif
#include <stdio.h>
#include <stdlib.h>

#include "target.h"

#include "strscpy.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

#ifdef HARNESS_LOADED_FROM
/*
 * HARNESS_IMPL as the dynamic linker resolves it in HARNESS_LOADED_FROM (an
 * ifunc's variant for this CPU), looked up in that object's own handle: a
 * sanitizer's interceptor of the same name (ASan's strncpy) is not in it, and
 * the code found must lie in that object.  Else the tool cannot start (exit 2).
 */
static struct callable loaded_impl(void)
{
	void *object = dlopen(HARNESS_LOADED_FROM, RTLD_NOW | RTLD_LOCAL);
	void *found = object ? dlsym(object, STRINGIFY(HARNESS_IMPL)) : NULL;
	struct link_map *loaded = NULL, *home = NULL;
	Dl_info where;

	if (!found) {
		fprintf(stderr, "strscpy-fuzz: %s\n", dlerror());
		exit(2);
	}
	if (dlinfo(object, RTLD_DI_LINKMAP, &loaded) != 0 ||
	    !dladdr1(found, &where, (void **)&home, RTLD_DL_LINKMAP) || home != loaded) {
		fprintf(stderr, "strscpy-fuzz: %s is not code of %s: it lies in %s\n",
			STRINGIFY(HARNESS_IMPL), HARNESS_LOADED_FROM, home ? home->l_name : "no object");
		exit(2);
	}
	return (struct callable){ .shape = CALL_SHAPE_OF(HARNESS_PLUGGED),
				  .fn = (void (*)(void))found };
}
#elif defined(HARNESS_PLUGGED)
__typeof__(HARNESS_PLUGGED) HARNESS_IMPL;
#endif

#ifdef HARNESS_UNTRACED
#define HARNESS_IMPL_TRACED false
#else
#define HARNESS_IMPL_TRACED true
#endif

const struct target *target_under_test(void)
{
#ifdef HARNESS_LOADED_FROM
	static struct target t = { .name = STRINGIFY(HARNESS_IMPL) };
#else
	static struct target t = { .name = STRINGIFY(HARNESS_IMPL), .impl = CALLABLE(HARNESS_IMPL) };
#endif

	if (t.contract)
		return &t;
#ifdef HARNESS_LOADED_FROM
	t.impl = loaded_impl();
#endif
	t.traced = HARNESS_IMPL_TRACED;
	t.contract = contract_named(STRINGIFY(HARNESS_TARGET));
	if (!t.contract || t.contract->reference.shape != t.impl.shape) {
		fprintf(stderr, "strscpy-fuzz: %s: %s\n", STRINGIFY(HARNESS_TARGET),
			t.contract ? "the implementation's type is not its reference's"
				   : "no such target in fuzz/contracts.c");
		abort();
	}
	return &t;
}
