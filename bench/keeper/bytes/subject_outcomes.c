/* The byte-level baselines' subject and outcome record (subject_outcomes.h). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include "subject_outcomes.h"

static const keeper_subject *subject;
static const char *outcomes_file;
static unsigned reached;

const keeper_subject *subject_outcomes_init(const char *tool) {
  const char *name = getenv("KEEPER_SUBJECT");
  subject = name ? keeper_subject_find(name) : NULL;
  outcomes_file = getenv("KEEPER_OUTCOMES_FILE");
  if (!subject || !outcomes_file) {
    fprintf(stderr, "%s: set KEEPER_SUBJECT to a subject and KEEPER_OUTCOMES_FILE to a file\n", tool);
    exit(2);
  }
  return subject;
}

/* ORs mask into the file's mask under a lock (the file outlives fork mode's children). */
static void record(unsigned mask) {
  int fd = open(outcomes_file, O_RDWR | O_CREAT, 0644);
  if (fd < 0) return;
  flock(fd, LOCK_EX);
  char buf[32] = {0};
  ssize_t got = pread(fd, buf, sizeof buf - 1, 0);
  unsigned old = got > 0 ? (unsigned)strtoul(buf, NULL, 10) : 0;
  int len = snprintf(buf, sizeof buf, "%u\n", old | mask);
  if (ftruncate(fd, 0) == 0 && pwrite(fd, buf, (size_t)len, 0) != len) perror("keeper bytes baseline: write");
  flock(fd, LOCK_UN);
  close(fd);
}

void subject_outcomes_take(const char *outcome) {
  for (size_t i = 0; outcome && i < subject->n_outcomes; i++)
    if (!strcmp(outcome, subject->outcomes[i]) && !(reached & (1u << i))) {
      reached |= 1u << i;
      record(reached);
    }
}
