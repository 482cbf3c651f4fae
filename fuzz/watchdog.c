/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "report.h"
#include "watchdog.h"

/* The limit is checked this many times per second of CPU time: it is met within a quarter second. */
#define TICKS_PER_SECOND 4

static const volatile unsigned long long *watched_index;
static unsigned long long last_seen;
static unsigned ticks_on_case, limit_ticks, limit_seconds;

static void on_tick(int sig)
{
	const struct run *r = run_in_progress();

	(void)sig;
	if (*watched_index != last_seen) {
		last_seen = *watched_index;
		ticks_on_case = 0;
		return;
	}
	if (++ticks_on_case >= limit_ticks && r)
		report_timeout(r, limit_seconds);
}

void watchdog_start(const volatile unsigned long long *case_index, unsigned cpu_seconds)
{
	struct sigaction action;
	struct itimerval every = { .it_interval = { .tv_usec = 1000000 / TICKS_PER_SECOND } };

	if (cpu_seconds == 0)
		return;
	watched_index = case_index;
	last_seen = *case_index;
	limit_seconds = cpu_seconds;
	limit_ticks = cpu_seconds * TICKS_PER_SECOND;
	memset(&action, 0, sizeof(action));
	action.sa_handler = on_tick;
	/* The report jumps out of the handler (the sweep's triage): keep the signal unblocked. */
	action.sa_flags = SA_RESTART | SA_NODEFER;
	sigemptyset(&action.sa_mask);
	every.it_value = every.it_interval;
	if (sigaction(SIGPROF, &action, NULL) != 0 || setitimer(ITIMER_PROF, &every, NULL) != 0)
		abort();
}
