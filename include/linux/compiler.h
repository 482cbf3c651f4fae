/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_KCOMPAT_LINUX_COMPILER_H
#define STRSCPY_KCOMPAT_LINUX_COMPILER_H

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* glibc's <sys/cdefs.h> defines it the same way, and replaces it when read later. */
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif

/* Whether a and b have the same type. */
#define __same_type(a, b) __builtin_types_compatible_p(__typeof__(a), __typeof__(b))

/*
 * 0 for an array; a pointer fails to compile, since the size the kernel's two-argument string
 * macros take from sizeof(a) would be a pointer's.  An array and the address of its first
 * element differ in type; a pointer p and &p[0] do not.
 */
#define __must_be_array(a)                                                                \
	(0 * sizeof(struct {                                                              \
		 _Static_assert(!__same_type(a, &(a)[0]), "not an array (a pointer?): " #a); \
		 char c;                                                                  \
	 }))

/*
 * 0: the kernel refuses, at compile time, an array marked __nonstring where its string macros
 * need a C string; nothing here is marked so.
 */
#define __must_be_cstr(p) 0

#endif
