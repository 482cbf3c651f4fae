/* SPDX-License-Identifier: MIT */
/*
 * The kernel's <linux/stddef.h>: NULL, offsetof, true and false.  This name
 * shadows the system's <linux/stddef.h> (the kernel's user-space one), read
 * first.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_STDDEF_H
#define STRSCPY_KCOMPAT_LINUX_STDDEF_H

#include_next <linux/stddef.h>
#include <stdbool.h>
#include <stddef.h>

#endif
