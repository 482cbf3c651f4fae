/* SPDX-License-Identifier: MIT */
/*
 * The C library's string functions as the traced implementation calls them:
 * STRSCPY_TRACE renames its calls (and ASan's __asan_mem* forms of them) to
 * these, in its object files (CMakeLists.txt, strscpy_traced()).  Inside the
 * C library no trace callback fires; here each call reports what it reads
 * and writes to the trace as one range, then does its work (the copies and
 * the fill by the C library itself, which the sanitizers intercept as they
 * would the callee's own call, and which pads 2 GiB in a blink).  A memcpy of
 * 1, 2, 4, 8 or 16 bytes is one sized load (the compiler's own form of a
 * word load that it did not inline).  This file itself is not traced.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "trace.h"

void *traced_memcpy(void *dest, const void *src, size_t n);
void *traced_memmove(void *dest, const void *src, size_t n);
void *traced_memset(void *dest, int c, size_t n);
char *traced_strncpy(char *dest, const char *src, size_t n);
size_t traced_strlen(const char *s);
size_t traced_strnlen(const char *s, size_t n);
void *traced_memchr(const void *s, int c, size_t n);
char *traced_strchr(const char *s, int c);

static bool word_sized(size_t n)
{
	return n && n <= 16 && (n & (n - 1)) == 0;
}

static void trace_copy(void *dest, const void *src, size_t n)
{
	if (word_sized(n)) {
		trace_load(src, n);
	} else {
		trace_bulk_load_start();
		trace_bulk_load(src, n);
	}
	trace_bulk_store(dest, n);
}

void *traced_memcpy(void *dest, const void *src, size_t n)
{
	trace_copy(dest, src, n);
	return memcpy(dest, src, n);
}

void *traced_memmove(void *dest, const void *src, size_t n)
{
	trace_copy(dest, src, n);
	return memmove(dest, src, n);
}

void *traced_memset(void *dest, int c, size_t n)
{
	trace_bulk_store(dest, n);
	return memset(dest, c, n);
}

/* The scans read up to and including the byte that stops them. */
size_t traced_strnlen(const char *s, size_t n)
{
	size_t len = 0;

	trace_bulk_load_start();
	while (len < n && s[len])
		len++;
	trace_bulk_load(s, len < n ? len + 1 : n);
	return len;
}

/* It reads as strnlen does, and writes all n bytes: the string, then zeros. */
char *traced_strncpy(char *dest, const char *src, size_t n)
{
	traced_strnlen(src, n);
	trace_bulk_store(dest, n);
	return strncpy(dest, src, n);
}

size_t traced_strlen(const char *s)
{
	return traced_strnlen(s, SIZE_MAX);
}

void *traced_memchr(const void *s, int c, size_t n)
{
	const uint8_t *bytes = s;
	size_t i = 0;

	trace_bulk_load_start();
	while (i < n && bytes[i] != (uint8_t)c)
		i++;
	trace_bulk_load(s, i < n ? i + 1 : n);
	return i < n ? (void *)(bytes + i) : NULL;
}

char *traced_strchr(const char *s, int c)
{
	size_t i = 0;

	trace_bulk_load_start();
	while (s[i] != (char)c && s[i])
		i++;
	trace_bulk_load(s, i + 1);
	return s[i] == (char)c ? (char *)(s + i) : NULL;
}
