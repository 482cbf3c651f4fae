/* SPDX-License-Identifier: MIT */
/*
 * A strlcat that, finding no NUL in dest[0..size), terminates dest anyway at
 * dest[size - 1] "to be safe": dest was not a string of this size, and its last
 * byte is the caller's (copied-bytes: dest[0..size) must be left as it was).
 */
#include <string.h>

size_t strlcat_terminates_full_dest(char *dest, const char *src, size_t size);

size_t strlcat_terminates_full_dest(char *dest, const char *src, size_t size)
{
	char *end = memchr(dest, '\0', size);
	size_t len = strlen(src), room;

	if (!end) {
		if (size != 0)
			dest[size - 1] = '\0';
		return size + len;
	}
	room = size - (size_t)(end - dest) - 1;
	if (room > len)
		room = len;
	memcpy(end, src, room);
	end[room] = '\0';
	return (size_t)(end - dest) + len;
}
