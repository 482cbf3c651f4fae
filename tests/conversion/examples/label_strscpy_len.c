/* SPDX-License-Identifier: MIT */
/*
 * label_strncpy_len.c converted to strscpy with the same length: strscpy's size counts the
 * NUL, so a label of LABEL_LEN bytes loses its last one.
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
SITE(vol, sb)
{
	strscpy(vol->label, sb->label, LABEL_LEN);
}
