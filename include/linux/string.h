/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_KCOMPAT_LINUX_STRING_H
#define STRSCPY_KCOMPAT_LINUX_STRING_H

#include <string.h>

#include <linux/args.h>
#include <linux/types.h>

/* The kernel declares them here; older kernels define strscpy, newer ones sized_strscpy. */
ssize_t strscpy(char *dest, const char *src, size_t count);
ssize_t sized_strscpy(char *dest, const char *src, size_t count);

#endif
