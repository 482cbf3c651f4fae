/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_KCOMPAT_LINUX_COMPILER_H
#define STRSCPY_KCOMPAT_LINUX_COMPILER_H

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* glibc's <sys/cdefs.h> defines it the same way, and replaces it when read later. */
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif

#endif
