/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_KCOMPAT_LINUX_WORDPART_H
#define STRSCPY_KCOMPAT_LINUX_WORDPART_H

/* The byte x in every byte of an unsigned long, whatever its width. */
#define REPEAT_BYTE(x) ((~0UL / 0xff) * (x))

#endif
