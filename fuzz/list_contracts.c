/* SPDX-License-Identifier: MIT */
/*
 * Prints the targets of contracts[], one a line, for the test contracts.listed
 * (cmake/check_contracts_listed.cmake): corpus/targets.list must list the same;
 * exit 1 when a function's CHECK_RACE and its race target disagree.
 * With --functions: the functions a user can check (scripts/check-impl.sh
 * --function), the rows whose target is the function itself, one a line:
 *   <function> <checks, comma-separated> <race target or -> <C prototype>
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "contract.h"

/* The target that runs function under a changing src, NULL when there is none. */
static const char *race_target_of(const char *function)
{
	size_t i;

	for (i = 0; i < contract_count; i++)
		if (contracts[i].race && strcmp(contracts[i].function, function) == 0)
			return contracts[i].target;
	return NULL;
}

static void print_function(const struct contract *k)
{
	const char *race = race_target_of(k->function);

	printf("%s ", k->function);
	print_checks(k->checks);
	printf(" %s ", race ? race : "-");
	print_prototype(k->reference.shape, k->function);
	printf("\n");
}

/*
 * Whether each function's CHECK_RACE and its race target agree: a function that
 * promises the race check has a race target (else check-impl would have no tools
 * to run it with), and a race target's function promises it.  Says each that does not.
 */
static bool race_targets_agree(void)
{
	bool agree = true;
	size_t i;

	for (i = 0; i < contract_count; i++) {
		const struct contract *k = &contracts[i];
		const struct contract *row = contract_named(k->function);
		bool promised = row && (row->checks & CHECK_RACE);

		if (k->race && !promised) {
			fprintf(stderr, "%s: a race target, but %s's checks lack CHECK_RACE\n",
				k->target, k->function);
			agree = false;
		}
		if (k == row && promised && !race_target_of(k->function)) {
			fprintf(stderr, "%s: its checks hold CHECK_RACE, but no row has .race = true "
					"and .function = \"%s\"\n", k->target, k->function);
			agree = false;
		}
	}
	return agree;
}

int main(int argc, char **argv)
{
	size_t i;
	int functions = argc == 2 && strcmp(argv[1], "--functions") == 0;

	if (argc > 1 && !functions) {
		fprintf(stderr, "usage: %s [--functions]\n", argv[0]);
		return 2;
	}
	if (!functions && !race_targets_agree())
		return 1;
	for (i = 0; i < contract_count; i++) {
		if (!functions)
			printf("%s\n", contracts[i].target);
		else if (strcmp(contracts[i].target, contracts[i].function) == 0)
			print_function(&contracts[i]);
	}
	return 0;
}
