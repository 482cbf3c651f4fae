/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_KCOMPAT_LINUX_EXPORT_H
#define STRSCPY_KCOMPAT_LINUX_EXPORT_H

/* A declaration again, so that the ';' after it stays a declaration's. */
#define EXPORT_SYMBOL(sym) extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym) EXPORT_SYMBOL(sym)

#endif
