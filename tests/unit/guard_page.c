/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "guard_page.h"

static uint8_t *guard;
static size_t page_size;
static sigjmp_buf fault_exit;
static volatile sig_atomic_t catching;
static struct sigaction previous_segv, previous_bus;

static void on_fault(int sig, siginfo_t *info, void *context)
{
	uint8_t *at = info->si_addr;

	(void)context;
	if (catching && at >= guard && at < guard + page_size) {
		catching = 0;
		siglongjmp(fault_exit, 1);
	}
	/* Not ours: put the old handler back; the access faults again, into it. */
	sigaction(sig, sig == SIGSEGV ? &previous_segv : &previous_bus, NULL);
}

static void map_guard_page(void)
{
	struct sigaction action;
	uint8_t *base;

	page_size = (size_t)sysconf(_SC_PAGESIZE);
	base = mmap(NULL, 3 * page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (base == MAP_FAILED) {
		perror("unit: mapping the guard page");
		exit(EXIT_FAILURE);
	}
	/*
	 * The guard starts at an odd multiple of the page size, never at a
	 * multiple of two pages, so an implementation that assumes pages larger
	 * than they are reads into it whatever address mmap returned.
	 */
	guard = base + page_size;
	if ((uintptr_t)guard % (2 * page_size) == 0)
		guard += page_size;
	if (mprotect(guard, page_size, PROT_NONE) != 0) {
		perror("unit: mapping the guard page");
		exit(EXIT_FAILURE);
	}

	memset(&action, 0, sizeof(action));
	action.sa_sigaction = on_fault;
	/*
	 * SA_NODEFER: the handler leaves by siglongjmp, and without the flag
	 * SIGSEGV would stay blocked after it.  So no call needs to save and
	 * restore the signal mask (sigsetjmp(.., 1)): that was two
	 * rt_sigprocmask system calls per call, millions per run.
	 */
	action.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigemptyset(&action.sa_mask);
	if (sigaction(SIGSEGV, &action, &previous_segv) != 0 ||
	    sigaction(SIGBUS, &action, &previous_bus) != 0) {
		perror("unit: catching faults on the guard page");
		exit(EXIT_FAILURE);
	}
}

uint8_t *guard_page_start(void)
{
	if (!guard)
		map_guard_page();
	return guard;
}

size_t guard_page_size(void)
{
	guard_page_start();
	return page_size;
}

bool call_catching_guard_faults(strscpy_fn *fn, char *dest, const char *src, size_t count,
				ssize_t *ret)
{
	guard_page_start();
	if (sigsetjmp(fault_exit, 0))
		return false;
	catching = 1;
	*ret = fn(dest, src, count);
	catching = 0;
	return true;
}
