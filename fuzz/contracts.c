/* SPDX-License-Identifier: MIT */
/*
 * The one list of fuzz targets.  Adding a function is a row here, its
 * reference in reference/, its implementation in src/ and a line in
 * corpus/targets.list (the test contracts.listed holds the two lists equal).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "contract.h"
#include "strscpy_ref.h"

/* strscpy and strscpy_pad: the same promises but for the tail after the terminator. */
#define STRSCPY_FAMILY_RULES(name, tail_rule)                                                   \
	.function = #name, .reference = CALLABLE(ref_##name),                                   \
	.counts = REFUSES_ZERO_AND_OVER_INT_MAX, .reads = READS_UP_TO_COUNT,                    \
	.dest = DEST_OVERWRITTEN, .returns = RETURNS_LENGTH_OR_E2BIG, .tail = tail_rule,        \
	.terminates = TERMINATES_ALWAYS, .checks = CHECK_CONTRACT | CHECK_TRANSIENT | CHECK_RACE
#define STRSCPY_RULES STRSCPY_FAMILY_RULES(strscpy, TAIL_LEFT_OR_ZEROED)
#define STRSCPY_PAD_RULES STRSCPY_FAMILY_RULES(strscpy_pad, TAIL_ZEROED)

const struct contract contracts[] = {
	{ .target = "strscpy", STRSCPY_RULES },
	{ .target = "strscpy_pad", STRSCPY_PAD_RULES },
	/* src/strscpy_sse2.c, whatever STRSCPY_MODE builds for strscpy. */
	{ .target = "strscpy_sse2", STRSCPY_RULES },
	/* The functions whose checks hold CHECK_RACE, while src changes under them (race.h). */
	{ .target = "strscpy_race", STRSCPY_RULES, .race = true },
	{ .target = "strscpy_pad_race", STRSCPY_PAD_RULES, .race = true },
	{
		.target = "strlcpy",
		.function = "strlcpy",
		.reference = CALLABLE(ref_strlcpy),
		.counts = REFUSES_ZERO,
		.reads = READS_WHOLE_STRING,
		.dest = DEST_OVERWRITTEN,
		.returns = RETURNS_SOURCE_LENGTH,
		.tail = TAIL_LEFT_OR_ZEROED,
		.terminates = TERMINATES_ALWAYS,
		.checks = CHECK_CONTRACT,
	},
	{
		.target = "strlcat",
		.function = "strlcat",
		.reference = CALLABLE(ref_strlcat),
		.counts = REFUSES_ZERO,
		.reads = READS_WHOLE_STRING,
		.dest = DEST_APPENDED,
		.returns = RETURNS_TOTAL_LENGTH,
		.tail = TAIL_LEFT_OR_ZEROED,
		.terminates = TERMINATES_ALWAYS,
		/* It overwrites dest's NUL with src's first byte before it writes the new one. */
		.checks = CHECK_CONTRACT,
	},
	{
		.target = "strncpy",
		.function = "strncpy",
		.reference = CALLABLE(ref_strncpy),
		.counts = REFUSES_ZERO,
		.reads = READS_UP_TO_COUNT,
		.dest = DEST_OVERWRITTEN,
		.returns = RETURNS_DEST,
		.tail = TAIL_ZEROED,
		.terminates = TERMINATES_IF_ROOM,
		.checks = CHECK_CONTRACT,
	},
	/* The fixed-width field functions (the kernel's macros, with sizeof made explicit). */
	{
		.target = "memtostr",
		.function = "memtostr",
		.reference = CALLABLE(ref_memtostr),
		.counts = REFUSES_ZERO,
		.reads = READS_FIELD,
		.dest = DEST_OVERWRITTEN,
		.returns = RETURNS_NOTHING,
		.tail = TAIL_LEFT,
		.terminates = TERMINATES_ALWAYS,
		.checks = CHECK_CONTRACT,
	},
	{
		.target = "memtostr_pad",
		.function = "memtostr_pad",
		.reference = CALLABLE(ref_memtostr_pad),
		.counts = REFUSES_ZERO,
		.reads = READS_FIELD,
		.dest = DEST_OVERWRITTEN,
		.returns = RETURNS_NOTHING,
		.tail = TAIL_ZEROED,
		.terminates = TERMINATES_ALWAYS,
		.checks = CHECK_CONTRACT,
	},
	{
		.target = "strtomem",
		.function = "strtomem",
		.reference = CALLABLE(ref_strtomem),
		.counts = REFUSES_ZERO,
		.reads = READS_UP_TO_COUNT,
		.dest = DEST_OVERWRITTEN,
		.returns = RETURNS_NOTHING,
		.tail = TAIL_LEFT,
		.terminates = TERMINATES_NEVER,
		.checks = CHECK_CONTRACT,
	},
	{
		.target = "strtomem_pad",
		.function = "strtomem_pad",
		.reference = CALLABLE(ref_strtomem_pad),
		.counts = REFUSES_ZERO,
		.reads = READS_UP_TO_COUNT,
		.dest = DEST_OVERWRITTEN,
		.returns = RETURNS_NOTHING,
		.tail = TAIL_PADDED,
		.terminates = TERMINATES_NEVER,
		.checks = CHECK_CONTRACT,
	},
};

const size_t contract_count = sizeof(contracts) / sizeof(contracts[0]);

const struct contract *contract_named(const char *target)
{
	size_t i;

	for (i = 0; i < contract_count; i++)
		if (strcmp(contracts[i].target, target) == 0)
			return &contracts[i];
	return NULL;
}

bool contract_refuses(const struct contract *k, size_t count)
{
	return count == 0 || (k->counts == REFUSES_ZERO_AND_OVER_INT_MAX && count > INT_MAX);
}

bool contract_takes_field(const struct contract *k)
{
	return k->reference.shape == SHAPE_SRC_SIZE || k->reference.shape == SHAPE_PAD;
}

bool contract_fixes_tail(const struct contract *k)
{
	return k->tail != TAIL_LEFT_OR_ZEROED;
}

void print_prototype(enum call_shape shape, const char *name)
{
	const char *returned = NULL, *parameters = NULL;

#define CALL_SHAPE_PARTS(shape_, type, returned_, parameters_)                                   \
	if (shape == shape_) {                                                                   \
		returned = #returned_;                                                           \
		parameters = #parameters_;                                                       \
	}
	CALL_SHAPES(CALL_SHAPE_PARTS)
#undef CALL_SHAPE_PARTS
	/* "char *name", "void name" */
	printf("%s%s%s%s", returned, returned[strlen(returned) - 1] == '*' ? "" : " ", name, parameters);
}

void print_checks(unsigned checks)
{
	const char *separator = "";

#define PRINT_CHECK(check, name)                                                                 \
	if (checks & check) {                                                                    \
		printf("%s%s", separator, name);                                                 \
		separator = ",";                                                                 \
	}
	CHECKS(PRINT_CHECK)
#undef PRINT_CHECK
}
