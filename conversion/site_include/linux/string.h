/* SPDX-License-Identifier: MIT */
/*
 * <linux/string.h> for a call site under scripts/check-conversion.sh: the C library's string
 * functions, and the strscpy family under the names kernel code calls, each calling the family
 * the checker was built with (--family: reference/, the byte-loop specification, or src/, the
 * implementation under test).  As in the kernel, the forms that take no size take it from
 * sizeof of an array, and refuse a pointer when compiled (__must_be_array).
 */
#ifndef CONVERSION_SITE_LINUX_STRING_H
#define CONVERSION_SITE_LINUX_STRING_H

#include <string.h>

#include <linux/compiler.h>
#include <linux/types.h>

/* Their declarations, read before the macros below take over the names. */
#ifdef CONVERSION_FAMILY_SRC
#include <strscpy.h>
#define FAMILY(name) name
/* The C library owns the bare name (glibc 2.38 has one). */
#define FAMILY_STRLCPY impl_strlcpy
#else
#include <strscpy_ref.h>
#define FAMILY(name) ref_##name
#define FAMILY_STRLCPY ref_strlcpy
#endif

/* sizeof an array; a pointer does not compile. */
#define FAMILY_SIZEOF(array) (sizeof(array) + __must_be_array(array))

/*
 * strscpy(dst, src) and strscpy(dst, src, size), and strscpy_pad the same: the third argument,
 * when there is one, picks FAMILY_SIZED.  A name in its own macro's expansion is not expanded
 * again, so FAMILY(strscpy) calls src/'s function of that name.
 */
#define FAMILY_SIZE_GIVEN_OR_NOT(_1, _2, _3, picked, ...) picked
#define FAMILY_SIZED(name, dst, src, size) FAMILY(name)(dst, src, size)
#define FAMILY_UNSIZED(name, dst, src) FAMILY(name)(dst, src, FAMILY_SIZEOF(dst))
#define strscpy(...) \
	FAMILY_SIZE_GIVEN_OR_NOT(__VA_ARGS__, FAMILY_SIZED, FAMILY_UNSIZED, )(strscpy, __VA_ARGS__)
#define strscpy_pad(...) \
	FAMILY_SIZE_GIVEN_OR_NOT(__VA_ARGS__, FAMILY_SIZED, FAMILY_UNSIZED, )(strscpy_pad, __VA_ARGS__)

#define strlcpy(dst, src, size) FAMILY_STRLCPY(dst, src, size)

/* A fixed-width field src (no NUL needed) into a string dest, both arrays. */
#define memtostr(dst, src) FAMILY(memtostr)(dst, FAMILY_SIZEOF(dst), src, FAMILY_SIZEOF(src))
#define memtostr_pad(dst, src) \
	FAMILY(memtostr_pad)(dst, FAMILY_SIZEOF(dst), src, FAMILY_SIZEOF(src))

/*
 * A string src into a fixed-width field dest: src may be a pointer, read up to the size of the
 * object it points into when the compiler knows it, else up to dest's size.
 */
#define strtomem(dst, src) \
	FAMILY(strtomem)(dst, FAMILY_SIZEOF(dst), src, __builtin_object_size(src, 1))
#define strtomem_pad(dst, src, pad) FAMILY(strtomem_pad)(dst, FAMILY_SIZEOF(dst), src, pad)

#endif
