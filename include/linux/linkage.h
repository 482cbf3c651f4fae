/* SPDX-License-Identifier: MIT */
/*
 * Calling-convention markers, empty in user space.  In the kernel this header
 * brings <linux/export.h> along, and lib/string.c's EXPORT_SYMBOL lines
 * (v6.12) count on it.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_LINKAGE_H
#define STRSCPY_KCOMPAT_LINUX_LINKAGE_H

#include <linux/export.h>

#define asmlinkage
#define __visible __attribute__((__externally_visible__))

#endif
