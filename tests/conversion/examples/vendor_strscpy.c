/* SPDX-License-Identifier: MIT */
/*
 * vendor_strncpy.c converted to strscpy bounded by dest: src is now read as a string, one byte
 * past the field when the field holds no NUL.
 */
#include "vendor_objects.h"

SITE(edev, reply)
{
	strscpy(edev->vendor_id, reply->vendor_id, sizeof(edev->vendor_id));
}
