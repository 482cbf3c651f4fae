/* SPDX-License-Identifier: MIT */
/* A name copied between two fields of one size: the objects of the name_*.c sites. */
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
