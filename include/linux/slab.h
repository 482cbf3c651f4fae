/* SPDX-License-Identifier: MIT */
/*
 * lib/string.c includes the kernel's allocator (before v6.12) for functions
 * around the strscpy family; the family allocates nothing, so this stand-in
 * only lets that include line stand as it is written.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_SLAB_H
#define STRSCPY_KCOMPAT_LINUX_SLAB_H
#endif
