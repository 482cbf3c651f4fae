/* SPDX-License-Identifier: MIT */
/*
 * A SAS expander's vendor id, as a driver copies it out of the device's reply: the reply's
 * field is 8 bytes that need not end in a NUL; the device's copy is a string one byte longer.
 * The objects of the vendor_*.c sites.
 */
#include <linux/string.h>
#include <call_site.h>

#define VENDOR_ID_LEN 8

struct manufacture_reply {
	u8 vendor_id[VENDOR_ID_LEN];
	u8 product_id[16];
};

struct expander {
	char vendor_id[VENDOR_ID_LEN + 1];
};

SITE_OBJECTS(struct expander, struct manufacture_reply);
