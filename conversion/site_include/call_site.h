/* SPDX-License-Identifier: MIT */
/*
 * A typed call site for scripts/check-conversion.sh: the two objects it works on, then its
 * lines as the kernel has them.
 *
 *	struct inquiry { u8 vendor_id[8]; u8 product_id[16]; };
 *	struct port { char vendor_id[9]; };
 *
 *	SITE_OBJECTS(struct port, struct inquiry);
 *	SITE(port, inq)
 *	{
 *		strscpy(port->vendor_id, inq->vendor_id);
 *	}
 *
 * SITE_OBJECTS(DEST_TYPE, SRC_TYPE) gives the objects' types, SITE(DEST, SRC) names pointers
 * to them.  The checker takes each object's size from sizeof, places it against a guard page,
 * fills src's with every pattern of its sweep and fuzzer (every string length, and no NUL at
 * all) and compares dest's bytes.  It reads dest as a string from its first byte: the string
 * is dest's first field, or dest's type is the field's own (char[9], then *port is the array).
 */
#ifndef CONVERSION_CALL_SITE_H
#define CONVERSION_CALL_SITE_H

#include <stddef.h>

struct site_types {
	size_t dest_size, src_size;
	const char *dest_type, *src_type; /* as written */
};

/*
 * site_objects and typed_site are each file's own: the build renames them
 * (conversion/CMakeLists.txt).  The types are taken through __typeof__ so that an array type
 * (char[9]) is written as it is spelled.
 */
#define SITE_OBJECTS(dest_type, src_type)                                                        \
	typedef __typeof__(dest_type) site_dest_type;                                            \
	typedef __typeof__(src_type) site_src_type;                                              \
	extern const struct site_types site_objects;                                             \
	const struct site_types site_objects = { sizeof(site_dest_type), sizeof(site_src_type), \
						 #dest_type, #src_type }

#define SITE(dest, src)                                                                         \
	static void site_lines(site_dest_type *dest, const site_src_type *src);                  \
	void typed_site(void *dest, const void *src);                                            \
	void typed_site(void *dest, const void *src)                                             \
	{                                                                                        \
		site_lines(dest, src);                                                           \
	}                                                                                        \
	static void site_lines(site_dest_type *dest, const site_src_type *src)

#endif
