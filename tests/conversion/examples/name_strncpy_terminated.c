/* SPDX-License-Identifier: MIT */
/* Before the conversion: strncpy, then the last byte cleared by hand. */
#include "name_objects.h"

SITE(port, info)
{
	strncpy(port->name, info->name, sizeof(port->name));
	port->name[sizeof(port->name) - 1] = '\0';
}
