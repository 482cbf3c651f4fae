/* SPDX-License-Identifier: MIT */
/*
 * vendor_strncpy.c converted to memtostr, the form the kernel's fixes of the strscpy conversion
 * used: the field is read as a field, up to its 8 bytes, and dest is a terminated string.
 */
#include "vendor_objects.h"

SITE(edev, reply)
{
	memtostr(edev->vendor_id, reply->vendor_id);
}
