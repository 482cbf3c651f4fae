/* SPDX-License-Identifier: MIT */
/*
 * Replay saved inputs without a fuzzing engine: for each file (directories are
 * walked), print the decoded case, run it through the oracles and print the
 * verdict.  A divergence stops the run with its report and a non-zero exit.
 * Each input gets a buffer of exactly its size, so ASan sees any overread of
 * it; nothing here forks, and no timer runs unless asked for, so gdb and
 * valgrind run it as is.
 *
 * Usage: [STRSCPY_CASE_SECONDS=S] <target>_replay FILE|DIR...
 *   STRSCPY_CASE_SECONDS  CPU-time limit per input, as the sweep's --case-seconds:
 *                         past it the input is reported as class timeout (a hang
 *                         a fuzzer saved replays to a verdict, not forever)
 * Exit: 0 every input ran the same as the reference; 1 a divergence; 2 usage or
 * set-up error (an input that cannot be read), never taken for a divergence.
 */
#define _GNU_SOURCE /* asprintf */
/*
 * 64-bit file offsets and inode numbers on 32-bit platforms too: without them
 * scandir() fails with EOVERFLOW on a directory whose entries carry 64-bit
 * offsets (ext4's hashes, as qemu-user passes them through).
 */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fault.h"
#include "report.h"
#include "run.h"
#include "sanitizers.h"
#include "watchdog.h"


static void replay_path(const char *path);

/* A set-up error, not a divergence: exit 2. */
static _Noreturn void unreadable(const char *path)
{
	perror(path);
	exit(2);
}

/* Advanced before each input: the watchdog's "a new case started". */
static volatile unsigned long long files_started;

static uint8_t *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	long length;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (length = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		*size = (size_t)length;
		/* malloc(0) may return NULL: keep one byte, but hand over exactly size. */
		data = malloc(*size ? *size : 1);
		if (data && fread(data, 1, *size, f) != *size) {
			free(data);
			data = NULL;
		}
	}
	fclose(f);
	return data;
}

static void replay_file(const char *path)
{
	struct strscpy_case c;
	size_t size;
	uint8_t *data = read_file(path, &size);

	if (!data)
		unreadable(path);
	files_started++;
	describe_input(target_under_test(), data, size, &c);
	printf("%s (%zu bytes)\n", path, size);
	print_case(stdout, target_under_test()->contract, &c, &arena_get()->layout);
	fflush(stdout);
	run_input(target_under_test(), data, size);
	printf("verdict: same as the reference\n");
	free(data);
}


/* Entries in name order, so a directory replays the same way every time. */
static void replay_directory(const char *path)
{
	struct dirent **entries;
	int n = scandir(path, &entries, NULL, alphasort), i;
	char *child;

	if (n < 0)
		unreadable(path);
	for (i = 0; i < n; i++) {
		if (entries[i]->d_name[0] != '.' &&
		    asprintf(&child, "%s/%s", path, entries[i]->d_name) >= 0) {
			replay_path(child);
			free(child);
		}
		free(entries[i]);
	}
	free(entries);
}

static void replay_path(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		unreadable(path);
	/* MSan (clang 14) does not intercept the stat64() that 64-bit offsets select. */
	sanitizer_unpoison(&st, sizeof(st));
	if (S_ISDIR(st.st_mode))
		replay_directory(path);
	else
		replay_file(path);
}

int main(int argc, char **argv)
{
	int i;

	if (argc < 2 || strcmp(argv[1], "--help") == 0) {
		fprintf(argc < 2 ? stderr : stdout,
			"usage: [STRSCPY_CASE_SECONDS=S] %s FILE|DIR...\n"
			"Runs each saved input (a directory's in name order) against the reference.\n"
			"Exit: 0 all the same as the reference; 1 a divergence; 2 usage or an input"
			" that cannot be read.\n",
			argv[0]);
		return argc < 2 ? 2 : 0;
	}
	catch_sanitizer_findings(NULL);
	watchdog_start(&files_started, case_seconds_from_environment(0));
	for (i = 1; i < argc; i++)
		replay_path(argv[i]);
	return 0;
}
