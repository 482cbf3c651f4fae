/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "fault_handler.h"

static struct sigaction previous_segv, previous_bus;

void fault_handler_install(void (*handler)(int, siginfo_t *, void *))
{
	struct sigaction action;

	memset(&action, 0, sizeof(action));
	action.sa_sigaction = handler;
	action.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&action.sa_mask);
	if (sigaction(SIGSEGV, &action, &previous_segv) != 0 ||
	    sigaction(SIGBUS, &action, &previous_bus) != 0)
		abort();
}

void fault_handler_pass_on(int sig)
{
	sigaction(sig, sig == SIGSEGV ? &previous_segv : &previous_bus, NULL);
}
