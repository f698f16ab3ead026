/* What every mutation-score driver shares (mutation/README.md): its command line
 *   <driver>                    run the whole relation suite on the linked subject
 *   <driver> --only RELATION    run one relation
 *   <driver> --list-relations   print the suite's relation names, one a line
 * and its verdict: exit MUTANT_SURVIVED when every relation held, MUTANT_KILLED when one was
 * violated (each violation printed as "violated <relation> <case> <tag>: <detail>"). A crash
 * or a hang is judged by the runner (mutation/tool/execute.py). */
#ifndef MUTANT_DRIVER_H
#define MUTANT_DRIVER_H
#include "mlf_report.h"

enum { MUTANT_SURVIVED = 0, MUTANT_USAGE = 2, MUTANT_KILLED = 3 };

typedef struct {
  const char *only; /* NULL: every relation */
  int list;         /* --list-relations */
} mutant_args;

/* Parses the command line; prints the usage and returns 0 when it is malformed. */
int mutant_parse_args(int argc, char **argv, mutant_args *a);

#define MUTANT_NAME_MAX 64

/* The relations a suite checked, read from its log lines "<subject> <relation>: <verdict>"
 * (the log a relation suite writes for every relation it runs): their distinct names in
 * first-seen order into names (at most max); returns how many. */
size_t mutant_logged_relations(const mlf_run *run, const char *subject,
                               char names[][MUTANT_NAME_MAX], size_t max);

/* Prints the violations raised on run for one case (the relation is the fourth field of
 * the tag mlf:<target>:<subject>:<relation>:<kind>); returns how many there were. */
size_t mutant_print_violations(const char *case_name, const mlf_run *run);
#endif
