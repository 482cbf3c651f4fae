/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* REG_ERR */
#include <stdbool.h>
#include <ucontext.h>

#include "fault.h"
#include "fault_handler.h"
#include "report.h"

static const struct run *running;

/*
 * Whether the access that faulted was a read: the page-fault error code says so
 * on x86 (its bit 1 is set for a write).  Elsewhere a hit on dest's guard is
 * taken for a write, the likelier of the two.
 */
static bool fault_was_read(const void *context)
{
#if defined(__linux__) && (defined(__x86_64__) || defined(__i386__))
	return !(((const ucontext_t *)context)->uc_mcontext.gregs[REG_ERR] & 2);
#else
	(void)context;
	return false;
#endif
}

static void on_fault(int sig, siginfo_t *info, void *context)
{
	enum guard_hit hit = arena_guard_hit(running->arena, info->si_addr);

	if (hit == GUARD_BELOW_SRC || hit == GUARD_ABOVE_SRC ||
	    (hit != GUARD_NONE && fault_was_read(context)))
		report_read_fault(running, info->si_addr, hit);
	if (hit != GUARD_NONE)
		report_write_fault(running, info->si_addr, hit);
	fault_handler_pass_on(sig);
}

void catch_guard_faults(const struct run *r)
{
	running = r;
	fault_handler_install(on_fault);
}

const struct run *run_in_progress(void)
{
	return running;
}

extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
static void (*before_sanitizer_finding)(void);

static void on_sanitizer_death(void)
{
	if (before_sanitizer_finding)
		before_sanitizer_finding();
	if (running)
		report_sanitizer_finding(running);
}

void catch_sanitizer_findings(void (*first)(void))
{
	before_sanitizer_finding = first;
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(on_sanitizer_death);
}
