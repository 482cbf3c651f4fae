/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "copy_case.h"
#include "guard_page.h"

#define WORD sizeof(unsigned long)
/* Unlike every byte a case puts in src, so a copied src byte never passes for untouched. */
#define FILL 0x5a
#define SENTINEL (2 * WORD)
/* An accepted count above this gets a dest that ends after the terminator's word. */
#define DEST_MAX 4096

/*
 * The two layouts every case runs in.  src ends in a heap block sized exactly
 * (ASan sees a byte load past it), with the bytes after its NUL there to leak;
 * or src ends right before the guard page, src_skew bytes after the last byte
 * the contract requires the call to read (any load further faults, word loads
 * included).  dest lies between sentinels, except that with src at the guard
 * page under ASan it ends its heap block, where ASan sees a store past it;
 * without ASan such a store would only corrupt the heap.
 */
enum layout { LAYOUT_SRC_HEAP, LAYOUT_SRC_GUARD };

#if defined(__SANITIZE_ADDRESS__)
#define ASAN_WATCHES_HEAP_ENDS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASAN_WATCHES_HEAP_ENDS 1
#endif
#endif
#ifndef ASAN_WATCHES_HEAP_ENDS
#define ASAN_WATCHES_HEAP_ENDS 0
#endif

struct run {
	const struct impl *impl;
	const struct copy_case *c;
	bool pad;
	enum layout layout;
	uint8_t *src_block;
	const char *src;
	uint8_t *dest_block;
	size_t dest_block_size;
	char *dest;
	size_t dest_size;
	bool returned;          /* false: it faulted on the guard page */
	ssize_t ret;
	bool passed;
};

static bool dest_has_end_sentinel(const struct run *r)
{
	return r->layout == LAYOUT_SRC_HEAP || !ASAN_WATCHES_HEAP_ENDS;
}

static bool count_rejected(size_t count)
{
	return count == 0 || count > INT_MAX;
}

static size_t dest_size_for(const struct copy_case *c)
{
	if (count_rejected(c->count))
		return 2 * WORD;
	if (c->count <= DEST_MAX)
		return c->count;
	/*
	 * The word loop stores whole words, the terminator's last; words resumed
	 * after a page end sit at any offset, so that one ends before len + WORD.
	 */
	return c->len + WORD;
}

/* Byte i of the string, its NUL and what follows. */
static uint8_t src_byte(const struct copy_case *c, size_t i)
{
	if (i < c->len)
		return c->str[i];
	if (i == c->len)
		return 0;
	return c->after[(i - c->len - 1) % c->after_len];
}

static void fill_src(uint8_t *src, const struct copy_case *c, size_t size)
{
	size_t i;

	for (i = 0; i < size; i++)
		src[i] = src_byte(c, i);
}

static void place_src(struct run *r)
{
	const struct copy_case *c = r->c;
	uint8_t *guard = guard_page_start();
	size_t size;

	r->src_block = NULL;
	if (count_rejected(c->count)) {
		/* Not one byte of src may be read. */
		r->src = (const char *)guard;
		return;
	}
	if (r->layout == LAYOUT_SRC_GUARD) {
		size = (c->len < c->count ? c->len + 1 : c->count) + c->src_skew;
		fill_src(guard - size, c, size);
		r->src = (const char *)(guard - size);
		return;
	}
	size = c->len + 1 + c->after_len;
	r->src_block = malloc(c->src_skew + size);
	if (!r->src_block)
		abort();
	memset(r->src_block, FILL, c->src_skew);
	fill_src(r->src_block + c->src_skew, c, size);
	r->src = (const char *)r->src_block + c->src_skew;
}

static void place_dest(struct run *r)
{
	r->dest_size = dest_size_for(r->c);
	r->dest_block_size = SENTINEL + r->c->dest_skew + r->dest_size;
	if (dest_has_end_sentinel(r))
		r->dest_block_size += SENTINEL;
	r->dest_block = malloc(r->dest_block_size);
	if (!r->dest_block)
		abort();
	memset(r->dest_block, FILL, r->dest_block_size);
	r->dest = (char *)r->dest_block + SENTINEL + r->c->dest_skew;
}

static void print_hex(const char *label, const uint8_t *bytes, size_t size)
{
	size_t i, shown = size < 48 ? size : 48;

	printf("    %s:", label);
	for (i = 0; i < shown; i++)
		printf(" %02x", bytes[i]);
	printf("%s\n", shown < size ? " ..." : "");
}

static const char *src_place(const struct run *r)
{
	if (count_rejected(r->c->count))
		return "in the guard page";
	return r->layout == LAYOUT_SRC_GUARD ? "ending before the guard page" : "in an exact heap block";
}

static void print_run(const struct run *r)
{
	const struct copy_case *c = r->c;
	uint8_t src_bytes[48];
	size_t src_shown = c->len + 1 + WORD < sizeof(src_bytes) ? c->len + 1 + WORD : sizeof(src_bytes);

	printf("    %s(dest, src, %zu) ", r->pad ? r->impl->copy_pad_name : r->impl->copy_name, c->count);
	if (r->returned)
		printf("returned %zd", r->ret);
	else
		printf("faulted");
	printf("; strlen(src)=%zu, src%%%zu=%zu, dest%%%zu=%zu\n", c->len, WORD,
	       (size_t)((uintptr_t)r->src % WORD), WORD, (size_t)((uintptr_t)r->dest % WORD));
	printf("    src %s, dest %s, %zu bytes of dest allocated\n", src_place(r),
	       dest_has_end_sentinel(r) ? "between sentinels" : "ending its heap block", r->dest_size);
	fill_src(src_bytes, c, src_shown);
	print_hex("src (string, NUL, what follows)", src_bytes, src_shown);
	print_hex("dest after the call", (const uint8_t *)r->dest, r->dest_size);
}

static void fail(struct run *r, enum check what, const char *fmt, ...)
{
	va_list args;

	r->passed = false;
	if (!check_failed(what))
		return;
	printf("FAIL: %s: ", check_name(what));
	va_start(args, fmt);
	vprintf(fmt, args);
	va_end(args);
	printf("\n");
	print_run(r);
}

/* The first byte of [begin, end) that is not FILL, or end. */
static const uint8_t *first_changed(const uint8_t *begin, const uint8_t *end)
{
	while (begin < end && *begin == FILL)
		begin++;
	return begin;
}

static void check_sentinels(struct run *r)
{
	const uint8_t *dest = (const uint8_t *)r->dest;
	const uint8_t *end = r->dest_block + r->dest_block_size;
	const uint8_t *at = first_changed(r->dest_block, dest);

	if (at < dest)
		fail(r, CHECK_START_SENTINEL, "dest[-%zu] is 0x%02x", (size_t)(dest - at), *at);
	at = first_changed(dest + r->dest_size, end);
	if (at < end)
		fail(r, CHECK_END_SENTINEL, "dest[%zu] is 0x%02x (past the %zu bytes of dest)",
		     (size_t)(at - dest), *at, r->dest_size);
}

static void check_rejected(struct run *r)
{
	const uint8_t *end = r->dest_block + r->dest_block_size;
	const uint8_t *at = first_changed(r->dest_block, end);

	if (r->returned && r->ret != -E2BIG)
		fail(r, CHECK_RETURN_VALUE, "returned %zd, want -E2BIG", r->ret);
	if (at < end)
		fail(r, CHECK_WRITE_ON_REJECTED_COUNT, "dest[%td] is 0x%02x", at - (const uint8_t *)r->dest,
		     *at);
}

static void check_accepted(struct run *r)
{
	const struct copy_case *c = r->c;
	const uint8_t *dest = (const uint8_t *)r->dest;
	bool fits = c->len < c->count;
	size_t copied = fits ? c->len : c->count - 1;
	ssize_t want = fits ? (ssize_t)c->len : -E2BIG;
	size_t i;

	if (r->ret != want)
		fail(r, CHECK_RETURN_VALUE, "returned %zd, want %zd", r->ret, want);
	for (i = 0; i < copied; i++)
		if (dest[i] != c->str[i]) {
			fail(r, CHECK_COPIED_BYTE, "dest[%zu] is 0x%02x, want 0x%02x", i, dest[i],
			     c->str[i]);
			break;
		}
	if (dest[copied] != 0)
		fail(r, CHECK_TERMINATOR, "dest[%zu] is 0x%02x", copied, dest[copied]);
	for (i = copied + 1; i < r->dest_size; i++) {
		if (r->pad && dest[i] != 0) {
			fail(r, CHECK_PADDING, "dest[%zu] is 0x%02x", i, dest[i]);
			break;
		}
		if (dest[i] != 0 && dest[i] != FILL) {
			fail(r, CHECK_AFTER_TERMINATOR, "dest[%zu] is 0x%02x (untouched: 0x%02x)", i,
			     dest[i], FILL);
			break;
		}
	}
	check_sentinels(r);
}

static bool run_one(struct run *r)
{
	strscpy_fn *fn = r->pad ? r->impl->copy_pad : r->impl->copy;
	bool rejected = count_rejected(r->c->count);

	r->passed = true;
	place_src(r);
	place_dest(r);
	r->returned = call_catching_guard_faults(fn, r->dest, r->src, r->c->count, &r->ret);
	if (!r->returned)
		fail(r, rejected ? CHECK_READ_ON_REJECTED_COUNT : CHECK_READ_PAST_ALLOWED,
		     "faulted instead of returning");
	if (rejected)
		check_rejected(r);
	else if (r->returned)
		check_accepted(r);
	free(r->dest_block);
	free(r->src_block);
	return r->passed;
}

void check_copy(const struct impl *impl, const struct copy_case *c)
{
	/* strscpy_pad fills dest up to count: only a real buffer of count bytes can take that. */
	bool pad_fits = count_rejected(c->count) || c->count <= DEST_MAX;
	struct run r = { .impl = impl, .c = c };
	bool passed, copy_passed = true;
	int layout;

	for (layout = LAYOUT_SRC_HEAP; layout <= LAYOUT_SRC_GUARD; layout++) {
		r.pad = false;
		r.layout = layout;
		passed = run_one(&r);
		check_case_done(passed);
		copy_passed &= passed;
	}
	/*
	 * strscpy_pad is strscpy and then padding: after strscpy failed the case it
	 * would repeat the failure, or pad from a wrong length over the heap.
	 */
	for (layout = LAYOUT_SRC_HEAP; copy_passed && pad_fits && layout <= LAYOUT_SRC_GUARD; layout++) {
		r.pad = true;
		r.layout = layout;
		check_case_done(run_one(&r));
	}
}
