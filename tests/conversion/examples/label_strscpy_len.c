/* SPDX-License-Identifier: MIT */
/*
 * label_strncpy_len.c converted to strscpy with the same length: strscpy's size counts the
 * NUL, so a label of LABEL_LEN bytes loses its last one.
 */
#include "label_objects.h"

SITE(vol, sb)
{
	memset(vol, 0, sizeof(*vol)); /* kzalloc() */
	strscpy(vol->label, sb->label, LABEL_LEN);
}
