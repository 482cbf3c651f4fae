/* SPDX-License-Identifier: MIT */
/* The name kernels before v6.12 include for <linux/unaligned.h>. */
#ifndef STRSCPY_KCOMPAT_ASM_UNALIGNED_H
#define STRSCPY_KCOMPAT_ASM_UNALIGNED_H

#include <linux/unaligned.h>

#endif
