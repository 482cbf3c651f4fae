/* SPDX-License-Identifier: MIT */
/* The few sanitizer calls the harness makes, as no-ops where the sanitizer is absent. */
#ifndef FUZZ_SANITIZERS_H
#define FUZZ_SANITIZERS_H

#include <stdbool.h>
#include <stddef.h>

/* A harness function left out of the fuzzer's coverage (clang; gcc builds have none). */
#ifdef __clang__
#define HARNESS_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define HARNESS_NO_COVERAGE
#endif

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define HARNESS_MSAN 1
#endif
#endif

#ifdef HARNESS_MSAN
#include <sanitizer/msan_interface.h>

/* A harness function that reads bytes it poisoned for the callee: not checked, all defined. */
#define HARNESS_READS_POISON __attribute__((no_sanitize("memory")))

static inline void sanitizer_poison(const void *addr, size_t size)
{
	__msan_poison(addr, size);
}

static inline void sanitizer_unpoison(const void *addr, size_t size)
{
	__msan_unpoison(addr, size);
}

/* Reports (and stops) when the callee left a byte of its output uninitialised. */
static inline void sanitizer_check_initialized(const void *addr, size_t size)
{
	__msan_check_mem_is_initialized(addr, size);
}

/* True when a poisoned byte the callee reads is reported when its value is used. */
static inline bool sanitizer_tracks_initialization(void)
{
	return true;
}
#else
#define HARNESS_READS_POISON

static inline void sanitizer_poison(const void *addr, size_t size)
{
	(void)addr, (void)size;
}

static inline void sanitizer_unpoison(const void *addr, size_t size)
{
	(void)addr, (void)size;
}

static inline void sanitizer_check_initialized(const void *addr, size_t size)
{
	(void)addr, (void)size;
}

static inline bool sanitizer_tracks_initialization(void)
{
	return false;
}
#endif

#endif
