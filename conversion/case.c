/* SPDX-License-Identifier: MIT */
#include "case.h"

/* Readable in a report: letters for the string, one junk byte after its NUL and past the object. */
#define JUNK_IN_OBJECT 0xee
#define JUNK_BEYOND 0xbb

void case_fill(struct conversion_case *c, const uint8_t *content, size_t content_size)
{
	size_t readable = case_readable(c);
	size_t i;

	for (i = 0; i < c->len; i++) {
		uint8_t byte = i < content_size ? content[i] : (uint8_t)('a' + i % 26);

		c->src[i] = byte ? byte : 'z';
	}
	for (; i < c->src_size; i++)
		c->src[i] = i == c->len ? 0 : JUNK_IN_OBJECT;
	for (; i < readable; i++)
		c->src[i] = i == readable - 1 ? 0 : JUNK_BEYOND;
}

size_t case_readable(const struct conversion_case *c)
{
	return c->src_size + CASE_BEYOND;
}

bool case_unterminated(const struct conversion_case *c)
{
	return c->len == c->src_size;
}

bool case_smaller(const struct conversion_case *a, const struct conversion_case *b)
{
	if (a->dest_size + a->src_size != b->dest_size + b->src_size)
		return a->dest_size + a->src_size < b->dest_size + b->src_size;
	if (a->len != b->len)
		return a->len < b->len;
	return a->dest_size < b->dest_size;
}

void case_print(FILE *out, const struct conversion_case *c)
{
	size_t i;

	fprintf(out, "case: dest size %zu (each byte 0x%02x before), src size %zu, src \"", c->dest_size,
		c->prior, c->src_size);
	for (i = 0; i < c->len; i++) {
		if (c->src[i] >= 0x20 && c->src[i] < 0x7f && c->src[i] != '"' && c->src[i] != '\\')
			fputc(c->src[i], out);
		else
			fprintf(out, "\\x%02x", c->src[i]);
	}
	if (case_unterminated(c))
		fprintf(out, "\" (no NUL in the object; 0x%02x bytes and a NUL follow it)\n", JUNK_BEYOND);
	else
		fprintf(out, "\" (strlen %zu)\n", c->len);
}
