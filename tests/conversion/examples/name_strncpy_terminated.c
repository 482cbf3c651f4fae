/* SPDX-License-Identifier: MIT */
/* A name copied between two fields of one size: strncpy, then the last byte cleared by hand. */
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
	strncpy(port->name, info->name, sizeof(port->name));
	port->name[sizeof(port->name) - 1] = '\0';
}
