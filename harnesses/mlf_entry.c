/* Engine entry points shared by every target: LLVMFuzzerInitialize/TestOneInput (used by
 * libFuzzer, AFL++'s driver and the replay driver). Reads the input as the mutator does
 * (mlf_parse: unknown fields dropped, undefined enum values replaced), restores validity with
 * the registered post-processors, runs the harness (a watched library call that hung becomes the
 * run's one finding, mlf_watchdog.h) and, when the run has a finding that is not known,
 * prints a report a person can act on and aborts so the engine saves the input. */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mlf_capture.h"
#include "mlf_entry.h"
#include "mlf_guard.h"
#include "mlf_profile.h"
#include "mlf_mutator.h"
#include "mlf_target.h"
#include "mlf_watchdog.h"

static const char *program_name = "<fuzzer>";
static const ProtobufCMessage *current_msg; /* the input being run, for crash reports */

static void print_reproduce_hint(void) {
  fprintf(stderr, "reproduce: %s/../replay/%s <the input the engine saves for this crash>\n",
          program_name, mlf_this_target.name);
}

void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/* Called by the sanitizer before it dies (a SEGV in a guard page, an ASan report, ...):
 * says which library was running and what the input was, which its report cannot. */
static void report_crash(void) {
  static int reported;
  if (!current_msg || reported++) return;
  const char *library = mlf_capture_current();
  fprintf(stderr, "\n==== mlfuzz: crash in %s%s%s ====\n", mlf_this_target.name,
          library ? " while running backend " : "", library ? library : "");
  fprintf(stderr, "--- message (%s) ---\n", current_msg->descriptor->name);
  mlf_print_text(stderr, current_msg);
  if (mlf_crash_note()) fprintf(stderr, "--- note ---\n%s\n", mlf_crash_note());
  print_reproduce_hint();
}

const ProtobufCMessageDescriptor *mlf_root_descriptor(void) { return mlf_this_target.message; }

void mlf_entry_init(const char *argv0) {
  static int done;
  if (done) return;
  done = 1;
  if (argv0) program_name = argv0;
  mlf_capture_install();
  mlf_guard_install_reporter();
  /* A SIGSEGV (guard page) reaches the guard reporter first, whatever the engine; other
   * sanitizer reports reach the death callback (libFuzzer replaces it with its own). */
  mlf_guard_set_fault_context(report_crash);
  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(report_crash);
  if (mlf_this_target.init) mlf_this_target.init();
  mlf_profile_init();
}

int mlf_entry_run(const uint8_t *data, size_t size, mlf_run *run, ProtobufCMessage **out_msg) {
  ProtobufCMessage *msg = mlf_parse(mlf_this_target.message, data, size);
  if (!msg) return -1;
  mlf_post_process(msg);
  mlf_run_reset(run);
  current_msg = msg;
  mlf_watchdog_reset();
  mlf_this_target.run(msg, run);
  mlf_watchdog_report(run, mlf_this_target.name); /* a watched call hung: that is the finding */
  current_msg = NULL;
  if (out_msg)
    *out_msg = msg;
  else
    protobuf_c_message_free_unpacked(msg, NULL);
  return 0;
}

void mlf_entry_print_report(FILE *out, const ProtobufCMessage *msg, const mlf_run *run) {
  fprintf(out, "--- message (%s) ---\n", msg->descriptor->name);
  mlf_print_text(out, msg);
  mlf_run_print(out, run);
  fprintf(out, "verdict: %s\n", mlf_run_verdict(run));
}

/* With MLF_KNOWN_FINDINGS_DIR set (scripts/campaign.sh sets it), every known finding that fires
 * leaves one file there, named after its tag ('/' as '_') and holding it, created by the first
 * process that raises it (its mtime: when the campaign first saw it). A campaign so counts the
 * known findings that fired without stopping on them. Each process tries a tag once. */
static void note_known_findings(const mlf_run *run) {
  static const char *dir;
  static int looked;
  static char tried[32][MLF_TAG_MAX];
  static size_t n_tried;
  if (!looked) looked = 1, dir = getenv("MLF_KNOWN_FINDINGS_DIR");
  if (!dir || !*dir) return;
  for (size_t i = 0; i < run->n_findings; i++) {
    const char *tag = run->findings[i].tag;
    if (!run->findings[i].known_explanation) continue;
    size_t t = 0;
    while (t < n_tried && strcmp(tried[t], tag) != 0) t++;
    if (t < n_tried) continue;
    if (n_tried < sizeof tried / sizeof tried[0]) snprintf(tried[n_tried++], MLF_TAG_MAX, "%s", tag);
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/", dir);
    if (n < 0 || (size_t)n >= sizeof path) return;
    for (const char *c = tag; *c && (size_t)n + 1 < sizeof path; c++) path[n++] = *c == '/' ? '_' : *c;
    path[n] = '\0';
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) continue;
    if (write(fd, tag, strlen(tag)) < 0 || write(fd, "\n", 1) < 0) perror(path);
    close(fd);
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv) {
  mlf_entry_init(argc && *argc > 0 ? (*argv)[0] : NULL);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlf_run run;
  ProtobufCMessage *msg = NULL;
  mlf_entry_init(NULL);
  if (mlf_entry_run(data, size, &run, &msg) < 0) return -1; /* not a message: reject */
  note_known_findings(&run);
  if (mlf_run_failed(&run)) {
    fprintf(stderr, "\n==== mlfuzz finding in %s ====\n", mlf_this_target.name);
    mlf_entry_print_report(stderr, msg, &run);
    print_reproduce_hint();
    mlf_profile_print();
    abort();
  }
  protobuf_c_message_free_unpacked(msg, NULL);
  return 0;
}
