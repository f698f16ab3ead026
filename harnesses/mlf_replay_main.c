/* Replay driver: runs saved inputs (crash files, corpus entries, known-finding reproducers)
 * and prints for each the decoded message, what each backend returned, the findings and the
 * verdict. Exit status: 0 no finding, 1 some input had a finding, 2 unusable input.
 * Usage: <target> [--message-name] FILE... */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_entry.h"
#include "mlf_target.h"

static uint8_t *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  *size = n;
  return buf;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--message-name") == 0) {
    puts(mlf_this_target.message->name);
    return 0;
  }
  if (argc < 2 || argv[1][0] == '-') {
    fprintf(stderr, "usage: %s [--message-name] FILE...\n"
                    "  replays encoded %s inputs of target %s and prints the verdict of each\n",
            argv[0], mlf_this_target.message->name, mlf_this_target.name);
    return 2;
  }
  mlf_entry_init(argv[0]);
  int status = 0;
  for (int i = 1; i < argc; i++) {
    size_t size;
    uint8_t *data = read_file(argv[i], &size);
    if (!data) {
      fprintf(stderr, "%s: cannot read %s: %s\n", argv[0], argv[i], strerror(errno));
      status = 2;
      continue;
    }
    static mlf_run run;
    ProtobufCMessage *msg = NULL;
    printf("=== %s ===\n", argv[i]);
    if (mlf_entry_run(data, size, &run, &msg) < 0) {
      fprintf(stderr, "%s: %s is not an encoded %s (a .textproto seed must first be encoded: "
                      "protoc --encode=%s -Iproto proto/*.proto < FILE)\n",
              argv[0], argv[i], mlf_this_target.message->name, mlf_this_target.message->name);
      status = 2;
    } else {
      mlf_entry_print_report(stdout, msg, &run);
      if (run.n_findings && status == 0) status = 1;
      protobuf_c_message_free_unpacked(msg, NULL);
    }
    free(data);
    fflush(stdout);
  }
  return status;
}
