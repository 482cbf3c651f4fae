/* SPDX-License-Identifier: MIT */
/* Before the conversion: strncpy bounded by the field, then terminated by hand. */
#include "vendor_objects.h"

SITE(edev, reply)
{
	strncpy(edev->vendor_id, reply->vendor_id, VENDOR_ID_LEN);
	edev->vendor_id[VENDOR_ID_LEN] = '\0';
}
