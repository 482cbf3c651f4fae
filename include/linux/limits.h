/* SPDX-License-Identifier: MIT */
/*
 * The kernel's <linux/limits.h> gives INT_MAX and the other C limits.  This
 * name shadows the system's <linux/limits.h> (PATH_MAX and the like), read
 * first, then the C library's <limits.h>.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_LIMITS_H
#define STRSCPY_KCOMPAT_LINUX_LIMITS_H

#include_next <linux/limits.h>
#include <limits.h>

#endif
