/* SPDX-License-Identifier: MIT */
/*
 * The kernel's <linux/ctype.h> has the C library's names (isdigit, tolower...)
 * over its own ASCII table: in user space the C library's, in the "C" locale
 * a program starts in, answer the same for every byte.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_CTYPE_H
#define STRSCPY_KCOMPAT_LINUX_CTYPE_H

#include <ctype.h>

#endif
