/* SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "case.h"
#include "field.h"

#define WORD sizeof(unsigned long)
#define DEFAULT_FILL 0x5a

bool count_rejected(size_t count)
{
	return count == 0 || count > INT_MAX;
}

/* The tail in consumption order: tail[0] is the input's last byte. */
static void params_from_tail(const uint8_t tail[CASE_TAIL_SIZE], struct case_params *p)
{
	int i;

	p->count_class = tail[0];
	p->count_raw = 0;
	for (i = 0; i < 8; i++)
		p->count_raw |= (uint64_t)tail[1 + i] << (8 * i);
	p->src_placement = tail[9];
	p->src_skew = tail[10];
	p->dest_placement = tail[11];
	p->dest_skew = tail[12];
	p->fill = tail[13];
}

static void params_to_tail(const struct case_params *p, uint8_t tail[CASE_TAIL_SIZE])
{
	int i;

	tail[0] = p->count_class;
	for (i = 0; i < 8; i++)
		tail[1 + i] = (uint8_t)(p->count_raw >> (8 * i));
	tail[9] = p->src_placement;
	tail[10] = p->src_skew;
	tail[11] = p->dest_placement;
	tail[12] = p->dest_skew;
	tail[13] = p->fill;
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

static size_t decode_count(const struct case_params *p, size_t len, const struct layout *layout)
{
	uint64_t r = p->count_raw;

	switch (p->count_class) {
	case COUNT_ZERO:
		return 0;
	case COUNT_ONE:
		return 1;
	case COUNT_SMALL:
		return 2 + r % 32;
	case COUNT_WORD_MULTIPLE:
		return WORD * (1 + r % 8) + (r >> 8) % 3 - 1;
	case COUNT_NEAR_LENGTH:
		return len + r % 5 > 0 ? len + r % 5 - 1 : 0;
	case COUNT_PAGES:
		return layout->page * (1 + r % 3) + (r >> 8) % 17 - 8;
	case COUNT_INT_MAX:
		return (size_t)INT_MAX - 1 + r % 3;
	case COUNT_SIZE_MAX:
		return SIZE_MAX;
	case COUNT_RAW:
		/* Too big for a 32-bit size_t: keep it too big rather than keep its low bits. */
		return (uint64_t)(size_t)r == r ? (size_t)r : SIZE_MAX;
	default:
		return r % (4 * layout->page);
	}
}

/* Bytes from the string's start to its region's end. */
static size_t src_capacity(uint8_t placement, size_t skew, const struct layout *layout)
{
	if (placement == SRC_ACROSS_PAGES)
		return layout->region - (layout->page - CASE_SKEW_MAX + skew);
	return layout->region - skew;
}

/* Bytes from dest to its region's end, before count is known. */
static size_t dest_capacity(uint8_t placement, size_t skew, const struct layout *layout)
{
	if (placement == DEST_MID_PAGE)
		return layout->region - layout->page - skew;
	return layout->region - skew;
}

size_t dest_span(size_t end, const struct layout *layout)
{
	size_t rounded = (end + layout->page - 1) / layout->page * layout->page;

	return rounded > layout->dest_head ? rounded : layout->dest_head;
}

static size_t src_offset(const struct strscpy_case *c, const struct layout *layout)
{
	size_t skew = c->params.src_skew;

	switch (c->params.src_placement) {
	case SRC_BEFORE_GUARD:
		return layout->region - skew - c->window;
	case SRC_ACROSS_PAGES:
		return layout->page - CASE_SKEW_MAX + skew;
	default:
		return skew;
	}
}

static size_t dest_offset(const struct strscpy_case *c, const struct layout *layout)
{
	size_t skew = c->params.dest_skew;

	switch (c->params.dest_placement) {
	case DEST_BEFORE_GUARD:
		/* A count past INT_MAX cannot end before a guard: place it after the guard instead. */
		if (c->count > INT_MAX)
			return skew;
		return dest_span(c->count + skew, layout) - skew - c->count;
	case DEST_MID_PAGE:
		return layout->page + skew;
	default:
		return skew;
	}
}

/*
 * Where dest's string ends before the call, if it holds one: for an appending
 * contract, after the string the input gives it.  For the others (the transient
 * check), its one NUL is where no correct strscpy stores anything but a NUL,
 * from the terminator's place to count - 1, within what the region maps.
 * The skews' top two bits each, unused by the skews, choose it: 0 (the old
 * inputs) is no NUL, so a terminator or padding byte never written still
 * shows; 1 is dest[count - 1], as in a padded buffer such as Linux's
 * task->comm; 2..15 lie further down, towards the terminator's place.
 */
static size_t dest_nul(const struct strscpy_case *c, const struct contract *contract,
		       unsigned choice)
{
	uint64_t last, first;

	if (c->refused)
		return SIZE_MAX;
	if (contract->dest == DEST_APPENDED)
		return c->dest_len < c->count ? c->dest_len : SIZE_MAX;
	if (choice == 0)
		return SIZE_MAX;
	/* dest owns all of dest[0..count): the NUL may go anywhere in it. */
	last = c->count - 1;
	first = c->len < last ? c->len : last;
	return (size_t)(last - (last - first) * (choice - 1) / (DEST_NUL_CHOICES - 2));
}

/* Bytes of src the contract lets the callee read: never past a field's width. */
static size_t read_window(const struct strscpy_case *c, const struct contract *contract)
{
	size_t string = min_size(c->len + 1, c->src_size);

	switch (contract->reads) {
	case READS_WHOLE_STRING:
	case READS_FIELD:
		return string;
	default:
		return c->refused ? 0 : min_size(c->count, string);
	}
}

void decode_case(const uint8_t *data, size_t size, const struct layout *layout,
		 const struct contract *contract, struct strscpy_case *c)
{
	uint8_t tail[CASE_TAIL_SIZE];
	size_t k, src_cap, dest_cap;
	const uint8_t *nul, *end;
	unsigned nul_choice;
	struct field_params field = { .size_class = FIELD_UNKNOWN };

	if (contract_takes_field(contract))
		size = field_decode(data, size, &field);
	for (k = 0; k < CASE_TAIL_SIZE; k++)
		tail[k] = k < size ? data[size - 1 - k] : 0;
	params_from_tail(tail, &c->params);
	nul_choice = (unsigned)(c->params.src_skew >> 6 | (c->params.dest_skew >> 6) << 2);
	c->params.src_placement %= SRC_PLACEMENTS;
	c->params.src_skew %= CASE_SKEW_MAX;
	c->params.dest_placement %= DEST_PLACEMENTS;
	c->params.dest_skew %= CASE_SKEW_MAX;
	c->params.count_class %= COUNT_CLASSES;
	c->fill = c->params.fill ? c->params.fill : DEFAULT_FILL;

	c->payload = data;
	c->payload_len = size - min_size(size, CASE_TAIL_SIZE);
	nul = memchr(c->payload, 0, c->payload_len);
	c->len = nul ? (size_t)(nul - c->payload) : c->payload_len;
	c->dest_string = nul ? nul + 1 : c->payload + c->payload_len;
	c->dest_len = 0;
	if (contract->dest == DEST_APPENDED) {
		end = memchr(c->dest_string, 0, c->payload_len - (size_t)(c->dest_string - c->payload));
		c->dest_len = end ? (size_t)(end - c->dest_string)
				  : c->payload_len - (size_t)(c->dest_string - c->payload);
	}

	/*
	 * The string and its NUL must fit where src is placed, and in dest (after dest's own
	 * string) when count allows it all.
	 */
	src_cap = src_capacity(c->params.src_placement, c->params.src_skew, layout);
	dest_cap = dest_capacity(c->params.dest_placement, c->params.dest_skew, layout);
	c->len = min_size(c->len, min_size(src_cap, dest_cap) - 1);
	c->dest_len = min_size(c->dest_len, dest_cap - 1 - c->len);
	c->src_size = contract->reference.shape == SHAPE_SRC_SIZE ? field_src_size(&field, c->len)
								     : SIZE_MAX;
	c->pad = field.pad;

	/* A count near the length is near what the call tries to make: dest's string and src. */
	c->count = decode_count(&c->params, c->dest_len + c->len, layout);
	c->refused = contract_refuses(contract, c->count);
	if (!c->refused)
		c->count = min_size(c->count, layout->count_max);
	if (contract_fixes_tail(contract) && !c->refused)
		c->count = min_size(c->count, dest_cap);
	c->window = read_window(c, contract);
	c->dest_window = contract->dest == DEST_APPENDED && !c->refused
				 ? min_size(c->count, c->dest_len + 1)
				 : 0;
	c->src_offset = src_offset(c, layout);
	c->dest_offset = dest_offset(c, layout);
	c->dest_nul = dest_nul(c, contract, nul_choice);
}

size_t encode_case(const struct case_params *p, const uint8_t *payload, size_t payload_len,
		   uint8_t *out, size_t out_size)
{
	uint8_t tail[CASE_TAIL_SIZE];
	size_t k;

	if (payload_len + CASE_TAIL_SIZE > out_size)
		return 0;
	memcpy(out, payload, payload_len);
	params_to_tail(p, tail);
	for (k = 0; k < CASE_TAIL_SIZE; k++)
		out[payload_len + CASE_TAIL_SIZE - 1 - k] = tail[k];
	return payload_len + CASE_TAIL_SIZE;
}

const char *src_placement_name(uint8_t placement)
{
	static const char *const names[SRC_PLACEMENTS] = {
		"after-guard", "before-guard", "across-pages",
	};
	return placement < SRC_PLACEMENTS ? names[placement] : "?";
}

const char *dest_placement_name(uint8_t placement)
{
	static const char *const names[DEST_PLACEMENTS] = {
		"after-guard", "before-guard", "mid-page",
	};
	return placement < DEST_PLACEMENTS ? names[placement] : "?";
}

const char *count_class_name(uint8_t count_class)
{
	static const char *const names[COUNT_CLASSES] = {
		"zero", "one", "small", "word-multiple", "near-length",
		"pages", "int-max", "size-max", "raw", "moderate",
	};
	return count_class < COUNT_CLASSES ? names[count_class] : "?";
}
