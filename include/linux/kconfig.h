/* SPDX-License-Identifier: MIT */
/*
 * IS_ENABLED(CONFIG_FOO): 1 when CONFIG_FOO is defined as 1, else 0, usable in
 * C and in #if.  No option is set here, so kernel code takes its generic path
 * (a -DCONFIG_FOO=1 in the build sets one).
 *
 * How: an option defined as 1 pastes into the name of a macro that expands to
 * "0,", which shifts a 1 into the second argument of the picker; any other
 * spelling pastes into an unknown name and leaves the 0 there.
 */
#ifndef STRSCPY_KCOMPAT_LINUX_KCONFIG_H
#define STRSCPY_KCOMPAT_LINUX_KCONFIG_H

#define KCONFIG_SET_WHEN_1 0,
#define KCONFIG_SECOND(first, second, ...) second
#define KCONFIG_PICK(maybe_comma) KCONFIG_SECOND(maybe_comma 1, 0, 0)
#define KCONFIG_PASTE(value) KCONFIG_PICK(KCONFIG_SET_WHEN_##value)
#define IS_ENABLED(option) KCONFIG_PASTE(option)

#endif
