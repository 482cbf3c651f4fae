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

/*
 * The contract lets a callee zero all of dest up to count: 2 GiB at INT_MAX,
 * seconds of page faults on a busy machine.  Such a case gets a second more for
 * every PADDING_BYTES_PER_SECOND of count, so legal padding never times out; a
 * callee that does O(count) work instead is the work budget's to catch.
 */
#define PADDING_BYTES_PER_SECOND ((size_t)256 << 20)

static unsigned padding_ticks(const struct run *r)
{
	if (count_rejected(r->c.count))
		return 0;
	return (unsigned)(r->c.count / PADDING_BYTES_PER_SECOND * TICKS_PER_SECOND);
}

static void on_tick(int sig)
{
	const struct run *r = run_in_progress();

	(void)sig;
	if (*watched_index != last_seen) {
		last_seen = *watched_index;
		ticks_on_case = 0;
		return;
	}
	if (r && ++ticks_on_case >= limit_ticks + padding_ticks(r))
		report_timeout(r, limit_seconds + (unsigned)(padding_ticks(r) / TICKS_PER_SECOND));
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
