/* SPDX-License-Identifier: MIT */
/*
 * name_strncpy_terminated.c converted to the two-argument strscpy_pad: the size from dest's
 * type, dest padded with NULs as strncpy padded it.
 */
#include "name_objects.h"

SITE(port, info)
{
	strscpy_pad(port->name, info->name);
}
