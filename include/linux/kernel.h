/* SPDX-License-Identifier: MIT */
/* What kernel string code finds through <linux/kernel.h>. */
#ifndef STRSCPY_KCOMPAT_LINUX_KERNEL_H
#define STRSCPY_KCOMPAT_LINUX_KERNEL_H

#include <limits.h>

#include <linux/bug.h>
#include <linux/compiler.h>
#include <linux/kconfig.h>
#include <linux/types.h>
#include <linux/wordpart.h>

/* a is a power of two. */
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a) - 1)) == 0)

#endif
