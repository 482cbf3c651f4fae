/* SPDX-License-Identifier: MIT */
/* Before the conversion: strncpy copies up to LABEL_LEN bytes; the byte after them is set by hand. */
#include "label_objects.h"

SITE(vol, sb)
{
	memset(vol, 0, sizeof(*vol)); /* kzalloc() */
	strncpy(vol->label, sb->label, LABEL_LEN);
	vol->label[LABEL_LEN] = '\0';
}
