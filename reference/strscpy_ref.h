/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_REF_H
#define STRSCPY_REF_H

#include <stddef.h>
#include <sys/types.h>

/* The executable specification of strscpy() and strscpy_pad(): see strscpy_ref.c. */
ssize_t ref_strscpy(char *dest, const char *src, size_t count);
ssize_t ref_strscpy_pad(char *dest, const char *src, size_t count);

#endif
