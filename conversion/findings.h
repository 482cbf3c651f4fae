/* SPDX-License-Identifier: MIT */
/*
 * What the checker found: per difference class, the cases that hit it and the smallest of
 * them with both outcomes; and the report of it all.
 */
#ifndef CONVERSION_FINDINGS_H
#define CONVERSION_FINDINGS_H

#include "classes.h"

/* Compare from and to on c and record what differs; false when c could not be compared. */
bool findings_check(const struct site *from, const struct site *to, const struct conversion_case *c,
		    bool from_sweep);

/* A large dest size the sweep did not run, and why (a string that outlives the report). */
void findings_large_size_not_run(size_t dest_size, const char *why);

/* When a sanitizer ends the process in a site, name the site and print its case on stderr. */
void findings_report_deaths(void);

/*
 * The report on stdout: each class found with its smallest example, one line per class, and
 * the verdict ("check-conversion: verdict: EQUIVALENT" or "DIFFERENT: class...").
 */
void findings_report(const struct site *from, const struct site *to);

#endif
