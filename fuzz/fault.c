/* SPDX-License-Identifier: MIT */
#include "fault.h"
#include "fault_handler.h"
#include "report.h"

static const struct run *running;

static void on_fault(int sig, siginfo_t *info, void *context)
{
	enum guard_hit hit = arena_guard_hit(running->arena, info->si_addr);

	(void)context;
	if (hit == GUARD_BELOW_SRC || hit == GUARD_ABOVE_SRC)
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
