/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_H
#define STRSCPY_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Copy the NUL-terminated string src into dest, a buffer of count bytes.
 *
 * Returns the length copied, or -E2BIG when count is 0, count > INT_MAX or
 * src does not fit (dest then holds the first count - 1 bytes and a NUL).
 * dest is always NUL-terminated when anything is written.  Bytes of dest past
 * the terminator are left alone or set to zero, never to anything else.
 */
ssize_t strscpy(char *dest, const char *src, size_t count);

/* strscpy(), then zero-fill dest up to count when src fit. */
ssize_t strscpy_pad(char *dest, const char *src, size_t count);

/*
 * What conversions to strscpy replace, under the same harness (their contracts:
 * reference/).  strlcpy returns strlen(src), so it reads all of src; strlcat appends
 * src to the string dest holds and returns the length it tried to make; strncpy
 * pads dest with NULs up to n and leaves it unterminated when src does not fit.
 * Prefixed: the C library (and a sanitizer's interceptor of it) owns the bare names.
 */
size_t impl_strlcpy(char *dest, const char *src, size_t size);
size_t impl_strlcat(char *dest, const char *src, size_t size);
char *impl_strncpy(char *dest, const char *src, size_t n);

/*
 * The kernel's fixed-width field macros, with the sizes it takes from sizeof
 * explicit (their contracts: reference/).  memtostr copies a field of src_size
 * bytes that need not hold a NUL into a string, cut to dest_size - 1 and always
 * terminated; memtostr_pad zeroes the rest of dest.  strtomem copies
 * strnlen(src, min(dest_size, src_size)) bytes into a field that is never
 * terminated, leaving the rest alone; strtomem_pad fills the rest with pad.
 */
void memtostr(char *dest, size_t dest_size, const char *src, size_t src_size);
void memtostr_pad(char *dest, size_t dest_size, const char *src, size_t src_size);
void strtomem(char *dest, size_t dest_size, const char *src, size_t src_size);
void strtomem_pad(char *dest, size_t dest_size, const char *src, int pad);

#endif
