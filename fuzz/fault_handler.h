/* SPDX-License-Identifier: MIT */
#ifndef FUZZ_FAULT_HANDLER_H
#define FUZZ_FAULT_HANDLER_H

#include <signal.h>

/*
 * Install handler for SIGSEGV and SIGBUS, in front of the handlers installed before (the
 * sanitizer's or the fuzzing engine's), which it hands a fault that is not its own with
 * fault_handler_pass_on().  SA_NODEFER: the handler may leave by a jump or by a trap.
 */
void fault_handler_install(void (*handler)(int, siginfo_t *, void *));

/* Put the previous handler of sig back: returning, the access faults again, into it. */
void fault_handler_pass_on(int sig);

#endif
