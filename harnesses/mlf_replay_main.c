/* Replay driver: runs saved inputs (crash files, corpus entries, known-finding reproducers)
 * and prints for each the decoded message, what each backend returned, the findings and the
 * verdict. Exit status: 0 no finding, 1 some input had a finding, 2 unusable input.
 * A FILE is an encoded input or a .textproto (mlf_textproto.c encodes it with protoc).
 * Usage: <target> [--message-name] FILE...
 *        <target> --reproducer TAG FILE   writes a standalone C program for finding TAG of FILE
 *        <target> --export DIR|- FILE...  writes each input as readable text format
 *        <target> --encode DIR|- FILE...  writes each input encoded (from .textproto)
 *        <target> --minimize [--budget S] [--timeout S] IN OUT   (mlf_minimize.c)
 *        <target> --exponents FILE...     lists each real scalar's binary exponent
 *                                         (mlf_exponents.c) */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_emit.h"
#include "mlf_entry.h"
#include "mlf_exponents.h"
#include "mlf_minimize.h"
#include "mlf_target.h"
#include "mlf_textproto.h"

__attribute__((weak)) int mlf_emit_reproducer(const ProtobufCMessage *msg, const char *tag,
                                               FILE *out) {
  (void)msg, (void)tag, (void)out;
  return -1;
}

/* --reproducer: runs the input, and when one of its findings matches tag (a registry tag or
 * pattern) writes the target's standalone program for it. Exit 0 written, 1 the input does
 * not raise the tag, 2 unusable input, 3 the target cannot generate one for it. */
static int emit_reproducer(const char *argv0, const char *tag, const char *path) {
  size_t size;
  uint8_t *data = mlf_input_read(argv0, path, mlf_this_target.message, &size);
  if (!data) return 2;
  static mlf_run run;
  ProtobufCMessage *msg = NULL;
  int status = 2;
  if (mlf_entry_run(data, size, &run, &msg) < 0) {
    fprintf(stderr, "%s: %s is not an encoded %s\n", argv0, path, mlf_this_target.message->name);
  } else {
    const char *raised = NULL;
    for (size_t i = 0; i < run.n_findings && !raised; i++)
      if (fnmatch(tag, run.findings[i].tag, 0) == 0) raised = run.findings[i].tag;
    if (!raised) {
      fprintf(stderr, "%s: %s does not raise %s (verdict %s)\n", argv0, path, tag,
              mlf_run_verdict(&run));
      status = 1;
    } else if (mlf_emit_reproducer(msg, raised, stdout) < 0) {
      fprintf(stderr, "%s: target %s cannot generate a reproducer for %s\n", argv0,
              mlf_this_target.name, raised);
      status = 3;
    } else {
      status = 0;
    }
    protobuf_c_message_free_unpacked(msg, NULL);
  }
  free(data);
  return status;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--message-name") == 0) {
    puts(mlf_this_target.message->name);
    return 0;
  }
  if (argc == 4 && strcmp(argv[1], "--reproducer") == 0) {
    mlf_entry_init(argv[0]);
    return emit_reproducer(argv[0], argv[2], argv[3]);
  }
  if (argc >= 2 && (strcmp(argv[1], "--export") == 0 || strcmp(argv[1], "--encode") == 0))
    return mlf_textproto_convert_main(argv[0], mlf_this_target.message,
                                      strcmp(argv[1], "--export") == 0, argc - 2, argv + 2);
  if (argc >= 2 && strcmp(argv[1], "--minimize") == 0) return mlf_minimize_main(argc, argv);
  if (argc >= 2 && strcmp(argv[1], "--exponents") == 0)
    return mlf_exponents_main(argv[0], mlf_this_target.message, argc - 2, argv + 2);
  if (argc < 2 || argv[1][0] == '-') {
    fprintf(stderr, "usage: %s [--message-name] FILE...\n"
                    "       %s --reproducer TAG FILE\n"
                    "       %s --export|--encode DIR|- FILE...\n"
                    "       %s --minimize [--budget SECONDS] [--timeout SECONDS] IN OUT\n"
                    "       %s --exponents FILE...\n"
                    "  replays %s inputs (encoded, or .textproto) of target %s and prints the\n"
                    "  verdict of each; --reproducer writes a standalone C program for finding\n"
                    "  TAG of FILE; --export / --encode write inputs as text format / encoded;\n"
                    "  --minimize writes the smallest input it finds with the same verdict;\n"
                    "  --exponents lists the binary exponent of every real scalar\n",
            argv[0], argv[0], argv[0], argv[0], argv[0], mlf_this_target.message->name,
            mlf_this_target.name);
    return 2;
  }
  mlf_entry_init(argv[0]);
  int status = 0;
  for (int i = 1; i < argc; i++) {
    size_t size;
    uint8_t *data = mlf_input_read(argv[0], argv[i], mlf_this_target.message, &size);
    if (!data) {
      status = 2;
      continue;
    }
    static mlf_run run;
    ProtobufCMessage *msg = NULL;
    printf("=== %s ===\n", argv[i]);
    if (mlf_entry_run(data, size, &run, &msg) < 0) {
      fprintf(stderr, "%s: %s is not an encoded %s (a text-format input must end in .textproto)\n",
              argv[0], argv[i], mlf_this_target.message->name);
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
