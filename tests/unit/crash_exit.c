/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "crash_exit.h"

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE };

static void say(const char *text)
{
	ssize_t ignored = write(STDOUT_FILENO, text, strlen(text));

	(void)ignored;
}

/* Only async-signal-safe calls: the heap may be what broke. */
static void on_crash(int sig)
{
	say("FAIL: crashed with ");
	say(sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : sig == SIGABRT ? "SIGABRT" :
	    sig == SIGILL ? "SIGILL" : "SIGFPE");
	say(" (a write outside dest may have broken the heap): counted as failed, no summary\n");
	_exit(EXIT_FAILURE);
}

void exit_on_crash(void)
{
	struct sigaction action, current;
	size_t i;

	memset(&action, 0, sizeof(action));
	action.sa_handler = on_crash;
	sigemptyset(&action.sa_mask);
	for (i = 0; i < sizeof(crash_signals) / sizeof(crash_signals[0]); i++) {
		/* A sanitizer's handler reports better and already exits with a code. */
		if (sigaction(crash_signals[i], NULL, &current) == 0 && current.sa_handler == SIG_DFL)
			sigaction(crash_signals[i], &action, NULL);
	}
}
