/* SPDX-License-Identifier: MIT */
/*
 * Prints the targets of contracts[], one a line, for the test contracts.listed
 * (cmake/check_contracts_listed.cmake): corpus/targets.list must list the same.
 */
#include <stdio.h>

#include "contract.h"

int main(void)
{
	size_t i;

	for (i = 0; i < contract_count; i++)
		printf("%s\n", contracts[i].target);
	return 0;
}
