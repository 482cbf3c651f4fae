/* SPDX-License-Identifier: MIT */
/* The kernel's <linux/bits.h>: BITS_PER_LONG, usable in #if as the kernel's is. */
#ifndef STRSCPY_KCOMPAT_LINUX_BITS_H
#define STRSCPY_KCOMPAT_LINUX_BITS_H

#define BITS_PER_LONG (__SIZEOF_LONG__ * __CHAR_BIT__)

#endif
