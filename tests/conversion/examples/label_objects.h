/* SPDX-License-Identifier: MIT */
/*
 * A volume label: a field of LABEL_LEN bytes on disk, a string one byte longer in memory, in a
 * struct allocated zeroed (the sites zero it first).  The objects of the label_*.c sites.
 */
#include <linux/string.h>
#include <call_site.h>

#define LABEL_LEN 11

struct super_block_disk {
	char label[LABEL_LEN];
	u8 flags;
};

struct volume {
	char label[LABEL_LEN + 1];
};

SITE_OBJECTS(struct volume, struct super_block_disk);
