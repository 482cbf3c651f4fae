/* SPDX-License-Identifier: MIT */
/*
 * This name shadows the system's <linux/types.h> (the kernel's user-space
 * types, __u32 and the others), which C library headers may include: it is
 * read first, then what kernel code expects besides.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_TYPES_H
#define STRSCPY_KCOMPAT_LINUX_TYPES_H

#include_next <linux/types.h>

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* After <sys/types.h>: its <endian.h> defines both byte orders. */
#include <asm/byteorder.h>

/* The kernel's own names for the sized integers, as in struct fields read from a device. */
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
typedef __s8 s8;
typedef __s16 s16;
typedef __s32 s32;
typedef __s64 s64;

/*
 * The kernel's build reads these two into every file (-include), so kernel
 * code uses IS_ENABLED and likely without including them: every kernel
 * source file reaches <linux/types.h>.
 */
#include <linux/compiler.h>
#include <linux/kconfig.h>

#endif
