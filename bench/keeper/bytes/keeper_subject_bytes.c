/* Byte-level baseline of the Keeper bench (the paper's "Fuzzing" column): libFuzzer feeds raw
 * bytes straight to one evaluation subject as its API output, bypassing the pseudo-inverse and
 * the API (a yardstick, not a target: the subjects are code written here). The subject is
 * named by KEEPER_SUBJECT; the first byte is the confidence (byte / 255), the rest the text
 * (at most 511 bytes). Each outcome the subject takes is recorded as a bit in the file
 * KEEPER_OUTCOMES_FILE (rewritten when a new one appears, so fork mode's children add up), the
 * branch coverage the bench compares with Keeper's. Crashes of the subject are libFuzzer's
 * crash artifacts. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>
#include "subject.h"

static const keeper_subject *subject;
static const char *outcomes_file;
static unsigned reached;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  const char *name = getenv("KEEPER_SUBJECT");
  subject = name ? keeper_subject_find(name) : NULL;
  outcomes_file = getenv("KEEPER_OUTCOMES_FILE");
  if (!subject || !outcomes_file) {
    fprintf(stderr, "keeper_subject_bytes: set KEEPER_SUBJECT to a subject and KEEPER_OUTCOMES_FILE\n");
    exit(2);
  }
  return 0;
}

/* ORs mask into the file's mask under a lock (fork mode runs children one after another, but
 * the file outlives them). */
static void record(unsigned mask) {
  int fd = open(outcomes_file, O_RDWR | O_CREAT, 0644);
  if (fd < 0) return;
  flock(fd, LOCK_EX);
  char buf[32] = {0};
  ssize_t got = pread(fd, buf, sizeof buf - 1, 0);
  unsigned old = got > 0 ? (unsigned)strtoul(buf, NULL, 10) : 0;
  int len = snprintf(buf, sizeof buf, "%u\n", old | mask);
  if (ftruncate(fd, 0) == 0 && pwrite(fd, buf, (size_t)len, 0) != len) perror("keeper_subject_bytes: write");
  flock(fd, LOCK_UN);
  close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  char text[512];
  size_t len = size - 1 < sizeof text - 1 ? size - 1 : sizeof text - 1;
  memcpy(text, data + 1, len), text[len] = 0;
  const char *outcome = subject->run(text, data[0] / 255.0);
  for (size_t i = 0; i < subject->n_outcomes; i++)
    if (outcome && !strcmp(outcome, subject->outcomes[i]) && !(reached & (1u << i))) {
      reached |= 1u << i;
      record(reached);
    }
  return 0;
}
