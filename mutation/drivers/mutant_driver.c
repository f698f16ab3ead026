/* Command line and violation report shared by the mutation-score drivers. */
#include "mutant_driver.h"
#include <stdio.h>
#include <string.h>

int mutant_parse_args(int argc, char **argv, mutant_args *a) {
  a->only = NULL;
  a->list = 0;
  if (argc == 2 && strcmp(argv[1], "--list-relations") == 0) {
    a->list = 1;
    return 1;
  }
  if (argc == 3 && strcmp(argv[1], "--only") == 0 && argv[2][0] != '\0') {
    a->only = argv[2];
    return 1;
  }
  if (argc == 1) return 1;
  fprintf(stderr, "usage: %s [--only RELATION | --list-relations]\n", argv[0]);
  return 0;
}

/* The relation field of a finding tag, copied into out (empty when the tag has fewer
 * fields). */
static void relation_of(const char *tag, char *out, size_t len) {
  const char *p = tag;
  for (int field = 0; field < 3 && p; field++) {
    p = strchr(p, ':');
    if (p) p++;
  }
  size_t n = p ? strcspn(p, ":") : 0;
  if (n >= len) n = len - 1;
  memcpy(out, p ? p : "", n);
  out[n] = '\0';
}

size_t mutant_print_violations(const char *case_name, const mlf_run *run) {
  for (size_t i = 0; i < run->n_findings; i++) {
    char relation[MLF_TAG_MAX];
    relation_of(run->findings[i].tag, relation, sizeof relation);
    printf("violated %s %s %s: %s\n", relation[0] ? relation : "?", case_name,
           run->findings[i].tag, run->findings[i].detail);
  }
  if (run->n_raised > run->n_findings)
    printf("violated ? %s (%zu more findings not recorded)\n", case_name,
           run->n_raised - run->n_findings);
  return run->n_raised;
}

size_t mutant_logged_relations(const mlf_run *run, const char *subject,
                               char names[][MUTANT_NAME_MAX], size_t max) {
  size_t count = 0, prefix = strlen(subject);
  for (const char *line = run->log; *line;) {
    size_t end = strcspn(line, "\n");
    const char *name = line + prefix + 1;
    size_t len = strncmp(line, subject, prefix) == 0 && line[prefix] == ' '
                     ? strcspn(name, ":\n") : 0;
    if (len > 0 && len < MUTANT_NAME_MAX && name[len] == ':') {
      size_t i = 0;
      while (i < count && (strlen(names[i]) != len || strncmp(names[i], name, len) != 0)) i++;
      if (i == count && count < max) {
        memcpy(names[count], name, len);
        names[count++][len] = '\0';
      }
    }
    line += end + (line[end] == '\n');
  }
  return count;
}
