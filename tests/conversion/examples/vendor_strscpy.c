/* SPDX-License-Identifier: MIT */
/*
 * vendor_strncpy.c converted to strscpy bounded by dest: src is now read as a string, one byte
 * past the field when the field holds no NUL.
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
SITE(edev, reply)
{
	strscpy(edev->vendor_id, reply->vendor_id, sizeof(edev->vendor_id));
}
