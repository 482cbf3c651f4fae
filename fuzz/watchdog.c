/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>

#include "fault.h"
#include "report.h"
#include "watchdog.h"

/* The limit is checked this many times per second of CPU time: it is met within a quarter second. */
#define TICKS_PER_SECOND 4

static const volatile unsigned long long *watched_progress;
static unsigned long long last_seen;
static unsigned ticks_on_case, limit_ticks, limit_seconds;

/*
 * The contract lets a callee zero all of dest up to count: 2 GiB at INT_MAX,
 * seconds of page faults on a busy machine, and minutes under an emulator.  Such
 * a case gets extra time in proportion to count, at the rate this machine writes fresh
 * pages one byte at a time, over PADDING_SLOWDOWN (and at least a second per
 * FASTEST_PADDING_BYTES_PER_SECOND), so legal padding never times out; a callee that does
 * O(count) work instead is the work budget's to catch.
 */
#define FASTEST_PADDING_BYTES_PER_SECOND ((size_t)256 << 20)
#define CALIBRATION_BYTES ((size_t)16 << 20)
#define PADDING_SLOWDOWN 3

static double cpu_seconds_now(void)
{
	struct timespec now;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) != 0)
		abort();
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Padding bytes allowed per tick: see above. */
static size_t measure_padding_rate(void)
{
	volatile unsigned char *fresh = mmap(NULL, CALIBRATION_BYTES, PROT_READ | PROT_WRITE,
					     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	double start, spent;
	size_t i, rate = FASTEST_PADDING_BYTES_PER_SECOND;

	if (fresh == MAP_FAILED)
		abort();
	start = cpu_seconds_now();
	for (i = 0; i < CALIBRATION_BYTES; i++)
		fresh[i] = 0;
	spent = cpu_seconds_now() - start;
	munmap((void *)fresh, CALIBRATION_BYTES);
	if (spent > 0 && CALIBRATION_BYTES / spent / PADDING_SLOWDOWN < (double)rate)
		rate = (size_t)(CALIBRATION_BYTES / spent / PADDING_SLOWDOWN);
	return rate / TICKS_PER_SECOND + 1;
}

/*
 * The rate is measured the first time a case outlasts the limit, not at start-up: most
 * processes never get there, and the measurement costs half a second under ASan and seconds
 * under an emulator, in every process that starts the watchdog.
 */
static size_t padding_bytes_per_tick(void)
{
	static size_t measured;
	sigset_t tick, before;

	if (!measured) {
		/* Called from the tick: the measurement's own CPU time must not tick into it again. */
		sigemptyset(&tick);
		sigaddset(&tick, SIGPROF);
		sigprocmask(SIG_BLOCK, &tick, &before);
		measured = measure_padding_rate();
		sigprocmask(SIG_SETMASK, &before, NULL);
	}
	return measured;
}

static unsigned padding_ticks(const struct run *r)
{
	if (count_rejected(r->c.count))
		return 0;
	return (unsigned)(r->c.count / padding_bytes_per_tick());
}

static void on_tick(int sig)
{
	const struct run *r = run_in_progress();

	(void)sig;
	if (*watched_progress != last_seen) {
		last_seen = *watched_progress;
		ticks_on_case = 0;
		return;
	}
	/* Within the limit, padding's extra time is not needed yet: nor is its rate. */
	if (!r || ++ticks_on_case < limit_ticks)
		return;
	if (ticks_on_case >= limit_ticks + padding_ticks(r))
		report_timeout(r, limit_seconds + (unsigned)(padding_ticks(r) / TICKS_PER_SECOND));
}

unsigned case_seconds_from_environment(unsigned otherwise)
{
	const char *value = getenv("STRSCPY_CASE_SECONDS");
	char *end;
	unsigned long seconds;

	if (!value)
		return otherwise;
	seconds = strtoul(value, &end, 10);
	if (*value < '0' || *value > '9' || *end || seconds > MAX_CASE_SECONDS) {
		fprintf(stderr, "STRSCPY_CASE_SECONDS wants whole seconds up to %u, not '%s'\n",
			MAX_CASE_SECONDS, value);
		exit(2);
	}
	return (unsigned)seconds;
}

void watchdog_start(const volatile unsigned long long *progress, unsigned cpu_seconds)
{
	struct sigaction action;
	struct itimerval every = { .it_interval = { .tv_usec = 1000000 / TICKS_PER_SECOND } };

	if (cpu_seconds == 0)
		return;
	watched_progress = progress;
	last_seen = *progress;
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
