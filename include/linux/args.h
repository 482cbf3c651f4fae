/* SPDX-License-Identifier: MIT */
#ifndef STRSCPY_KCOMPAT_LINUX_ARGS_H
#define STRSCPY_KCOMPAT_LINUX_ARGS_H

/*
 * COUNT_ARGS(...): how many arguments it is given, 0 to 8, as a literal (the kernel's macros
 * with an optional argument pick their form by it); CONCATENATE pastes two tokens after
 * expanding them.
 */
#define COUNT_ARGS(...) __count_args_pick(, ##__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define __count_args_pick(_0, _1, _2, _3, _4, _5, _6, _7, _8, n, ...) n
#define CONCATENATE(a, b) __concatenate(a, b)
#define __concatenate(a, b) a##b

#endif
