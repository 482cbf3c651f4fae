/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"
#include "report.h"

static const struct run *running;
static struct sigaction previous_segv, previous_bus;

static void on_fault(int sig, siginfo_t *info, void *context)
{
	enum guard_hit hit = arena_guard_hit(running->arena, info->si_addr);

	(void)context;
	if (hit == GUARD_BELOW_SRC || hit == GUARD_ABOVE_SRC)
		report_read_fault(running, info->si_addr, hit);
	if (hit != GUARD_NONE)
		report_write_fault(running, info->si_addr, hit);
	/* Not ours: put the old handler back; the access faults again, into it. */
	sigaction(sig, sig == SIGSEGV ? &previous_segv : &previous_bus, NULL);
}

void catch_guard_faults(const struct run *r)
{
	struct sigaction action;

	running = r;
	memset(&action, 0, sizeof(action));
	action.sa_sigaction = on_fault;
	action.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&action.sa_mask);
	if (sigaction(SIGSEGV, &action, &previous_segv) != 0 ||
	    sigaction(SIGBUS, &action, &previous_bus) != 0)
		abort();
}
