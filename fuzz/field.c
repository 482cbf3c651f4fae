/* SPDX-License-Identifier: MIT */
#include "field.h"

size_t field_decode(const uint8_t *data, size_t size, struct field_params *f)
{
	size_t tail = size < FIELD_TAIL_SIZE ? size : FIELD_TAIL_SIZE, k;
	uint8_t bytes[FIELD_TAIL_SIZE];

	for (k = 0; k < FIELD_TAIL_SIZE; k++)
		bytes[k] = k < size ? data[size - 1 - k] : 0;
	f->size_class = bytes[0] % FIELD_SIZE_CLASSES;
	f->size_raw = bytes[1];
	f->pad = bytes[2];
	return size - tail;
}

void field_encode(const struct field_params *f, uint8_t out[FIELD_TAIL_SIZE])
{
	out[FIELD_TAIL_SIZE - 1] = f->size_class;
	out[FIELD_TAIL_SIZE - 2] = f->size_raw;
	out[FIELD_TAIL_SIZE - 3] = f->pad;
}

size_t field_src_size(const struct field_params *f, size_t len)
{
	size_t near = len + f->size_raw % 5;

	switch (f->size_class) {
	case FIELD_NEAR_LENGTH:
		return near > 2 ? near - 2 : 0;
	case FIELD_SMALL:
		return f->size_raw % 64;
	default:
		return SIZE_MAX;
	}
}

const char *field_size_class_name(uint8_t size_class)
{
	static const char *const names[FIELD_SIZE_CLASSES] = { "near-length", "small", "unknown" };

	return size_class < FIELD_SIZE_CLASSES ? names[size_class] : "?";
}
