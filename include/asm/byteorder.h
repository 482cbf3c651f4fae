/* SPDX-License-Identifier: MIT */
/*
 * Kernel code tests "#ifdef __BIG_ENDIAN": in the kernel only the byte order
 * of the machine is defined.  glibc's <endian.h>, which <sys/types.h> and many
 * others pull in, defines both as values for __BYTE_ORDER to be compared with;
 * the other one goes here, after it.  glibc's own tests compare, so they still
 * hold, and <endian.h> is not read twice.  This name shadows the system's
 * <asm/byteorder.h> (the kernel's user-space swab macros), read first.
 */
#ifndef STRSCPY_KCOMPAT_ASM_BYTEORDER_H
#define STRSCPY_KCOMPAT_ASM_BYTEORDER_H

#include_next <asm/byteorder.h>
#include <endian.h>

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#undef __LITTLE_ENDIAN
#else
#undef __BIG_ENDIAN
#endif

#endif
