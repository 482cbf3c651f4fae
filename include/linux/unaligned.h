/* SPDX-License-Identifier: MIT */
/*
 * get_unaligned() and put_unaligned(): a value at any address, through
 * memcpy, which compiles to one load or store where the CPU allows it and
 * has no undefined behaviour anywhere.  Kernels before v6.12 name this
 * header <asm/unaligned.h>.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_UNALIGNED_H
#define STRSCPY_KCOMPAT_LINUX_UNALIGNED_H

#include <string.h>

#define get_unaligned(ptr) __extension__({				\
	__typeof__(*(ptr)) unaligned_value_;				\
	memcpy(&unaligned_value_, (ptr), sizeof(unaligned_value_));	\
	unaligned_value_;						\
})
#define put_unaligned(val, ptr) do {					\
	__typeof__(*(ptr)) unaligned_value_ = (val);			\
	memcpy((ptr), &unaligned_value_, sizeof(unaligned_value_));	\
} while (0)

#endif
