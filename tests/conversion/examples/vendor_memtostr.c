/* SPDX-License-Identifier: MIT */
/*
 * vendor_strncpy.c converted to memtostr, the form the kernel's fixes of the strscpy conversion
 * used: the field is read as a field, up to its 8 bytes, and dest is a terminated string.
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
	memtostr(edev->vendor_id, reply->vendor_id);
}
