/* SPDX-License-Identifier: MIT */
/*
 * The transient check (class unterminated-during-copy): readers may look at
 * dest while the callee copies (Linux's task->comm, read without a lock), so
 * dest[0..count), which holds a NUL before the call, must hold one after
 * every store.  A store's value shows at the next access or at return; the
 * NULs are kept as a running count, so each store costs its own size only.
 * A store that leaves no NUL is reported once a later store puts one back;
 * a dest still unterminated at return is the end-state oracles' to report.
 *
 * It runs on the cases whose dest holds a NUL before the call (case.h,
 * dest_nul), unless the environment sets STRSCPY_TRANSIENT=0.
 */
#ifndef FUZZ_TRANSIENT_H
#define FUZZ_TRANSIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run.h"

#define TRANSIENT_BYTES_SHOWN 16

/* One store into dest, as reports name it. */
struct dest_store {
	size_t offset;          /* from dest[0] */
	size_t size;
	size_t number;          /* how many stores into dest came before it */
	uint8_t bytes[TRANSIENT_BYTES_SHOWN]; /* its first bytes, as written */
};

/*
 * Watch r's dest, which holds one NUL in dest[0..count) or none, from now on; with
 * wanted false (the race target: a src that changes may move the NUL) or when
 * the environment deselects the check, do nothing until the next begin.
 */
void transient_begin(const struct run *r, bool wanted);

/* Every traced access asks: flags tested inline, so a call that is not watched pays no call. */
extern bool transient_watching, transient_pending;
void transient_note_store(const uint8_t *addr, size_t size);
void transient_settle_pending(void);

/* A store into dest, about to happen. */
static inline void transient_store(const uint8_t *addr, size_t size)
{
	if (transient_watching)
		transient_note_store(addr, size);
}

/* The last store has happened: count the NULs it left. */
static inline void transient_settle(void)
{
	if (transient_pending)
		transient_settle_pending();
}

#endif
