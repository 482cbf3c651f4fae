/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_REF_H
#define STRSCPY_REF_H

#include <stddef.h>
#include <sys/types.h>

/*
 * The executable specifications of the strscpy family, and of what mass conversions
 * replace with it: each function's file states its contract.  The sizes the kernel's
 * macros take from sizeof are explicit here.
 */
ssize_t ref_strscpy(char *dest, const char *src, size_t count);
ssize_t ref_strscpy_pad(char *dest, const char *src, size_t count);
size_t ref_strlcpy(char *dest, const char *src, size_t size);
size_t ref_strlcat(char *dest, const char *src, size_t size);
char *ref_strncpy(char *dest, const char *src, size_t n);
void ref_memtostr(char *dest, size_t dest_size, const char *src, size_t src_size);
void ref_memtostr_pad(char *dest, size_t dest_size, const char *src, size_t src_size);
void ref_strtomem(char *dest, size_t dest_size, const char *src, size_t src_size);
void ref_strtomem_pad(char *dest, size_t dest_size, const char *src, int pad);

#endif
