/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "transient.h"

bool transient_watching, transient_pending;

static struct {
	const struct run *run;
	const uint8_t *dest;
	size_t nuls;            /* NULs in dest[0..count) */
	size_t stores;
	const uint8_t *pending_addr;
	size_t pending_size, pending_nuls;
	bool unterminated;      /* since the store in broken */
	struct dest_store broken;
} watch;

static bool transient_selected(void)
{
	static int selected = -1;

	if (selected < 0) {
		const char *setting = getenv("STRSCPY_TRANSIENT");

		selected = !(setting && strcmp(setting, "0") == 0);
	}
	return selected;
}

static size_t count_nuls(const uint8_t *bytes, size_t size)
{
	size_t n = 0;
	const uint8_t *nul;

	while (size && (nul = memchr(bytes, 0, size)) != NULL) {
		n++;
		size -= (size_t)(nul - bytes) + 1;
		bytes = nul + 1;
	}
	return n;
}

void transient_begin(const struct run *r)
{
	/* A hole in dest reads as zeros: NULs the running count would not know of. */
	transient_watching = !r->schedule && (r->target->contract->checks & CHECK_TRANSIENT) &&
			     transient_selected() && r->c.dest_nul != SIZE_MAX &&
			     r->p.hole_begin == r->p.hole_end;
	watch.run = r;
	watch.dest = (const uint8_t *)r->p.dest;
	watch.nuls = 1;
	watch.stores = 0;
	transient_pending = false;
	watch.unterminated = false;
}

void transient_note_store(const uint8_t *addr, size_t size)
{
	transient_pending = true;
	watch.pending_addr = addr;
	watch.pending_size = size;
	watch.pending_nuls = count_nuls(addr, size);
}

static void describe_store(struct dest_store *s)
{
	size_t shown = watch.pending_size < TRANSIENT_BYTES_SHOWN ? watch.pending_size
								   : TRANSIENT_BYTES_SHOWN;

	s->offset = (size_t)(watch.pending_addr - watch.dest);
	s->size = watch.pending_size;
	s->number = watch.stores;
	memcpy(s->bytes, watch.pending_addr, shown);
}

/* Out of line: a local whose address is taken costs every call a sanitized stack frame. */
static __attribute__((noinline)) void report_fixed_by_pending(void)
{
	struct dest_store fixer;

	describe_store(&fixer);
	report_unterminated_during_copy(watch.run, &watch.broken, &fixer);
}

void transient_settle_pending(void)
{
	transient_pending = false;
	watch.nuls = watch.nuls - watch.pending_nuls + count_nuls(watch.pending_addr, watch.pending_size);
	if (watch.nuls == 0 && !watch.unterminated) {
		watch.unterminated = true;
		describe_store(&watch.broken);
	} else if (watch.nuls > 0 && watch.unterminated) {
		report_fixed_by_pending();
	}
	watch.stores++;
}
