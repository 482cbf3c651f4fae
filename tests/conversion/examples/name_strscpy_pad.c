/* SPDX-License-Identifier: MIT */
/*
 * name_strncpy_terminated.c converted to the two-argument strscpy_pad: the size from dest's
 * type, dest padded with NULs as strncpy padded it.
 */
#include <linux/string.h>
#include <call_site.h>

#define NAME_LEN 16

struct port_info {
	char name[NAME_LEN];
	u32 flags;
};

struct port {
	char name[NAME_LEN];
};

SITE_OBJECTS(struct port, struct port_info);
SITE(port, info)
{
	strscpy_pad(port->name, info->name);
}
