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

#include "report.h"
#include "run.h"

/*
 * A check made during the call (trace.h): from transient_begin(r) on, watch r's dest, which
 * holds one NUL in dest[0..count) or none, when r's contract asks for the check; not under a
 * race (a src that changes may move the NUL), nor when the environment deselects it.
 * transient_end() settles the last store.
 */
void transient_begin(const struct run *r);

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

/* The last store has happened: count the NULs it left (before any access, and at the end). */
static inline void transient_settle(void)
{
	if (transient_pending)
		transient_settle_pending();
}

static inline void transient_end(void)
{
	transient_settle();
}

#endif
