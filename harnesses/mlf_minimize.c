/* --minimize [--budget S] [--timeout S] [--tag PATTERN] IN OUT: makes the input in IN
 * (encoded or .textproto) as small as it can while its verdict holds, and writes it to OUT
 * (text format when OUT ends in .textproto). The verdict: for an input that crashes, the kind
 * of crash (crash_verdict: crash:asan:SEGV:blis:B), or "timeout" for a run over the per-run
 * timeout; otherwise a finding among the run's findings whose tag matches PATTERN (fnmatch;
 * default: the input's first finding's tag). Runs are judged with MLF_REPORT_KNOWN=1 unless it
 * is set, so a known crash is the crash itself, not the harness's prediction of it (with
 * MLF_REPORT_KNOWN=0 known findings are judged as the fuzzers see them: some harnesses name a
 * known finding only then, raising their generic tag when they call the library anyway).
 * First message level (mlf_shrink_step: blocks and elements removed, values simplified), then
 * byte level (chunks of the encoding deleted, halving the chunk), again while the byte level
 * still gains. Every candidate is what runs: parsed and post-processed as the fuzzers do,
 * encoded again, and run in a forked child (its own process group, killed at the timeout) so
 * a crash or a hang never stops the minimiser. A candidate is kept when it is smaller
 * (mlf_shrink_compare: fewer encoded bytes, a shorter text, the text that sorts first) and
 * keeps the verdict.
 * SIGTERM or SIGINT ends it early, writing the best found so far (as `timeout` sends).
 * Exit 0 written; 1 the input has no finding (matching PATTERN) to keep; 2 unusable input or
 * arguments; 3 the minimised input did not keep the verdict when run again (a flaky verdict),
 * written anyway. */
#include "mlf_minimize.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "mlf_entry.h"
#include "mlf_mutator.h"
#include "mlf_target.h"
#include "mlf_textproto.h"

#define VERDICT_MAX (MLF_MAX_FINDINGS * MLF_TAG_MAX + 16)
#define TRIED_SLOTS (1u << 16)

typedef struct {
  const char *who;
  double budget, timeout, started;
  char verdict[VERDICT_MAX]; /* the one to keep: a crash, "timeout" or a tag pattern */
  int crashed;               /* the input crashes or hangs: verdict is that outcome */
  uint8_t *best;             /* encoding of the smallest input with that verdict */
  size_t best_size;
  char *best_text;           /* its text (mlf_text_string) */
  size_t runs;
  int err_fd, null_fd;
  uint64_t *tried; /* hashes of candidates already judged */
} minimizer;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* SIGTERM or SIGINT (a caller's timeout): stop, and write the best input found so far. */
static volatile sig_atomic_t stop_requested;
static void request_stop(int sig) { (void)sig, stop_requested = 1; }

static int over_budget(const minimizer *m) {
  return stop_requested || now() - m->started > m->budget;
}

/* Copies into out (size n) the text of report after marker up to a character of stop; ""
 * when the report has no marker. */
static void text_after(const char *report, const char *marker, const char *stop, char *out,
                       size_t n) {
  const char *p = strstr(report, marker);
  p = p ? p + strlen(marker) : "";
  snprintf(out, n, "%.*s", (int)strcspn(p, stop), p);
}

/* Cuts a sanitizer's description before " on " (the address) and trailing blanks. */
static void words_only(char *text) {
  char *on = strstr(text, " on ");
  if (on) *on = '\0';
  for (size_t n = strlen(text); n && text[n - 1] == ' ';) text[--n] = '\0';
}

/* The verdict of a run that died: crash:<kind>[:<backend>][:<guarded buffer>], the kind being
 * what the sanitizer names (asan:SEGV, asan:heap-buffer-overflow, ubsan:<words of its
 * message>, leak), else the signal or the exit status; the backend and the buffer are those
 * the harness's crash report names. */
static void crash_verdict(const char *report, int status, char *verdict) {
  char kind[96], backend[64], buffer[64];
  text_after(report, "ERROR: AddressSanitizer: ", "0123456789'\"\n:(", kind + 5, sizeof kind - 5);
  memcpy(kind, "asan:", 5);
  words_only(kind + 5);
  if (!kind[5]) {
    text_after(report, "runtime error: ", "0123456789'\"\n:(", kind + 6, sizeof kind - 6);
    memcpy(kind, "ubsan:", 6);
    words_only(kind + 6);
    if (!kind[6]) {
      if (strstr(report, "ERROR: LeakSanitizer"))
        snprintf(kind, sizeof kind, "leak");
      else if (WIFSIGNALED(status))
        snprintf(kind, sizeof kind, "signal:%s", sigabbrev_np(WTERMSIG(status)));
      else
        snprintf(kind, sizeof kind, "exit:%d", WEXITSTATUS(status));
    }
  }
  text_after(report, " while running backend ", " \n", backend, sizeof backend);
  text_after(report, "mlf: guard buffer '", "'\n", buffer, sizeof buffer);
  snprintf(verdict, VERDICT_MAX, "crash:%s%s%s%s%s", kind, *backend ? ":" : "", backend,
           *buffer ? ":" : "", buffer);
}

/* Runs data in a forked child; its outcome into verdict (its findings' tags one per line,
 * "ok", "unusable", a crash_verdict or "timeout"), its time into *seconds. */
static void run_child(minimizer *m, const uint8_t *data, size_t size, double timeout,
                      char *verdict, double *seconds) {
  int fds[2];
  if (ftruncate(m->err_fd, 0) != 0 || lseek(m->err_fd, 0, SEEK_SET) != 0 || pipe(fds) != 0) {
    snprintf(verdict, VERDICT_MAX, "error:%s", strerror(errno));
    return;
  }
  m->runs++;
  fflush(NULL);
  double start = now();
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    close(fds[0]);
    dup2(m->null_fd, 1);
    dup2(m->err_fd, 2);
    static mlf_run run;
    static char tags[VERDICT_MAX];
    if (mlf_entry_run(data, size, &run, NULL) < 0) strcpy(tags, "unusable");
    for (size_t i = 0; i < run.n_findings; i++)
      strcat(strcat(tags, run.findings[i].tag), i + 1 < run.n_findings ? "\n" : "");
    ssize_t ignored = write(fds[1], *tags ? tags : "ok", *tags ? strlen(tags) : 2);
    (void)ignored;
    _exit(0);
  }
  close(fds[1]);
  int status = 0, timed_out = 0;
  struct timespec pause = {0, 100000};
  while (pid > 0 && waitpid(pid, &status, WNOHANG) == 0) {
    if (now() - start > timeout || stop_requested) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      timed_out = 1;
      break;
    }
    nanosleep(&pause, NULL);
    if (pause.tv_nsec < 10000000) pause.tv_nsec *= 2;
  }
  if (pid > 0) kill(-pid, SIGKILL); /* what the run left behind */
  *seconds = now() - start;
  fcntl(fds[0], F_SETFL, O_NONBLOCK);
  ssize_t got = read(fds[0], verdict, VERDICT_MAX - 1);
  close(fds[0]);
  verdict[got > 0 ? got : 0] = '\0';
  if (pid < 0) {
    snprintf(verdict, VERDICT_MAX, "error:fork");
  } else if (timed_out) {
    snprintf(verdict, VERDICT_MAX, "timeout");
  } else if (!(got > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
    static char report[1 << 16];
    ssize_t n = pread(m->err_fd, report, sizeof report - 1, 0);
    report[n > 0 ? n : 0] = '\0';
    crash_verdict(report, status, verdict);
  }
}

static int is_crash(const char *outcome) {
  return strncmp(outcome, "crash:", 6) == 0 || strcmp(outcome, "timeout") == 0 ||
         strncmp(outcome, "error:", 6) == 0;
}

/* 1 when a run's outcome keeps the verdict: the same crash, or a finding matching it. */
static int keeps_verdict(const minimizer *m, const char *outcome) {
  if (m->crashed || is_crash(outcome)) return strcmp(outcome, m->verdict) == 0;
  if (strcmp(outcome, "ok") == 0 || strcmp(outcome, "unusable") == 0) return 0;
  for (const char *line = outcome; *line;) {
    size_t n = strcspn(line, "\n");
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, "%.*s", (int)n, line);
    if (fnmatch(m->verdict, tag, 0) == 0) return 1;
    line += n + (line[n] == '\n');
  }
  return 0;
}

/* 1 when the hash of data was not judged before (and records it). */
static int first_try(minimizer *m, const uint8_t *data, size_t size) {
  uint64_t h = 1469598103934665603u;
  for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 1099511628211u;
  h |= 1; /* 0 marks an empty slot */
  for (uint32_t i = (uint32_t)h % TRIED_SLOTS, probes = 0; probes < TRIED_SLOTS;
       i = (i + 1) % TRIED_SLOTS, probes++) {
    if (m->tried[i] == h) return 0;
    if (m->tried[i] == 0) {
      m->tried[i] = h;
      return 1;
    }
  }
  return 1;
}

/* Judges msg as it runs (post-processed, encoded again): kept in m->best when it is smaller
 * than the best and gives the verdict. Takes msg. 1 when kept. */
static int try_message(minimizer *m, ProtobufCMessage *msg) {
  mlf_post_process(msg);
  size_t size = protobuf_c_message_get_packed_size(msg);
  char *text = mlf_text_string(msg);
  int kept = 0;
  if (text && m->best_text && mlf_shrink_compare(size, text, m->best_size, m->best_text) < 0) {
    uint8_t *data = malloc(size ? size : 1);
    protobuf_c_message_pack(msg, data);
    char verdict[VERDICT_MAX];
    double seconds;
    if (first_try(m, data, size)) {
      run_child(m, data, size, m->timeout, verdict, &seconds);
      kept = keeps_verdict(m, verdict);
    }
    if (kept) {
      free(m->best);
      free(m->best_text);
      m->best = data, m->best_size = size, m->best_text = text;
      text = NULL;
    } else {
      free(data);
    }
  }
  free(text);
  protobuf_c_message_free_unpacked(msg, NULL);
  return kept;
}

static ProtobufCMessage *parse_best(const minimizer *m) {
  return mlf_parse(mlf_this_target.message, m->best, m->best_size);
}

/* Message level: every simplification step, again while one was kept. */
static void minimize_messages(minimizer *m) {
  for (int progress = 1; progress && !over_budget(m);) {
    progress = 0;
    for (size_t idx = 0; !over_budget(m);) {
      ProtobufCMessage *msg = parse_best(m);
      if (!mlf_shrink_step(msg, idx)) {
        protobuf_c_message_free_unpacked(msg, NULL);
        break;
      }
      if (try_message(m, msg))
        progress = 1; /* the same idx is now the next element or a simpler value */
      else
        idx++;
    }
  }
}

/* Byte level: deletes chunks of the encoding, halving the chunk; 1 when anything was kept. */
static int minimize_bytes(minimizer *m) {
  int gained = 0;
  for (size_t chunk = m->best_size / 2; chunk >= 1 && !over_budget(m); chunk /= 2) {
    for (size_t start = 0; start < m->best_size && !over_budget(m);) {
      size_t end = start + chunk < m->best_size ? start + chunk : m->best_size;
      uint8_t *cut = malloc(m->best_size);
      memcpy(cut, m->best, start);
      memcpy(cut + start, m->best + end, m->best_size - end);
      ProtobufCMessage *msg = mlf_parse(mlf_this_target.message, cut, m->best_size - (end - start));
      free(cut);
      if (msg && try_message(m, msg))
        gained = 1;
      else
        start += chunk;
    }
  }
  return gained;
}

static int write_output(const minimizer *m, const char *path, const char *origin) {
  FILE *out = fopen(path, "w");
  if (!out) {
    fprintf(stderr, "%s: cannot write %s: %s\n", m->who, path, strerror(errno));
    return -1;
  }
  if (mlf_is_textproto(path)) {
    ProtobufCMessage *msg = parse_best(m);
    char note[4200];
    snprintf(note, sizeof note, "%s, minimised keeping verdict %s", origin, m->verdict);
    mlf_textproto_write(out, msg, note);
    protobuf_c_message_free_unpacked(msg, NULL);
  } else {
    fwrite(m->best, 1, m->best_size, out);
  }
  return fclose(out) == 0 ? 0 : -1;
}

static int same_file(const char *a, const char *b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Sanitizer options for the runs: reports unsymbolized (the verdict reads no frame, and
 * symbolizing each crash would cost more than the run) and no leak check at exit. They are
 * read at start-up, so the minimiser starts itself again with them. */
static void restart_with_sanitizer_options(char **argv) {
  static const char wanted[] = "symbolize=0:detect_leaks=0";
  const char *current = getenv("ASAN_OPTIONS");
  if (current && strstr(current, wanted)) return;
  char options[4096];
  snprintf(options, sizeof options, "%s%s%s", current ? current : "", current ? ":" : "", wanted);
  setenv("ASAN_OPTIONS", options, 1);
  execv("/proc/self/exe", argv);
}

int mlf_minimize_main(int argc, char **argv) {
  restart_with_sanitizer_options(argv);
  const char *who = argv[0];
  static minimizer m;
  m.who = who, m.budget = 60, m.timeout = 10;
  const char *tag = NULL;
  int i = 2;
  for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
    if (strcmp(argv[i], "--budget") == 0)
      m.budget = atof(argv[i + 1]);
    else if (strcmp(argv[i], "--timeout") == 0)
      m.timeout = atof(argv[i + 1]);
    else if (strcmp(argv[i], "--tag") == 0)
      tag = argv[i + 1];
    else
      break;
  }
  if (argc - i != 2 || m.budget <= 0 || m.timeout <= 0) {
    fprintf(stderr, "usage: %s --minimize [--budget SECONDS (60)] [--timeout SECONDS (10)] "
                    "[--tag PATTERN] IN OUT\n"
                    "  IN: an encoded input or a .textproto; OUT: the minimised input, as text "
                    "when it ends in .textproto\n", who);
    return 2;
  }
  const char *in = argv[i], *out = argv[i + 1];
  if (same_file(in, out)) {
    fprintf(stderr, "%s: OUT is IN (%s); the input is kept, give another OUT\n", who, in);
    return 2;
  }
  size_t size;
  uint8_t *data = mlf_input_read(who, in, mlf_this_target.message, &size);
  if (!data) return 2;
  ProtobufCMessage *msg = mlf_parse(mlf_this_target.message, data, size);
  if (!msg) {
    fprintf(stderr, "%s: %s is not an encoded %s\n", who, in, mlf_this_target.message->name);
    free(data);
    return 2;
  }
  /* What actually runs: known findings run the library too (a known crash crashes), unless
   * the caller says otherwise (MLF_REPORT_KNOWN=0: as the fuzzers run). */
  setenv("MLF_REPORT_KNOWN", "1", 0);
  mlf_entry_init(who); /* once, in the parent: every child starts initialised */
  signal(SIGTERM, request_stop);
  signal(SIGINT, request_stop);
  m.started = now();
  m.tried = calloc(TRIED_SLOTS, sizeof *m.tried);
  m.err_fd = fileno(tmpfile());
  m.null_fd = open("/dev/null", O_WRONLY);
  double seconds;
  char outcome[VERDICT_MAX];
  run_child(&m, data, size, m.timeout, outcome, &seconds);
  m.crashed = is_crash(outcome);
  const char *keep = tag && !m.crashed ? tag : outcome; /* a crash, the pattern or the first tag */
  snprintf(m.verdict, sizeof m.verdict, "%.*s", keep == outcome && !m.crashed ? (int)strcspn(outcome, "\n") : VERDICT_MAX, keep);
  if (!m.crashed && !keeps_verdict(&m, outcome)) {
    fprintf(stderr, "%s: %s has %s: no finding %s to keep\n", who, in,
            strcmp(outcome, "ok") == 0 ? "no finding" : "the findings below", tag ? tag : "");
    if (strcmp(outcome, "ok") != 0) fprintf(stderr, "%s\n", outcome);
    free(data);
    protobuf_c_message_free_unpacked(msg, NULL);
    return strcmp(outcome, "unusable") == 0 ? 2 : 1;
  }
  /* Candidates run at most a few times as long as the input did, unless it is a hang. */
  if (strcmp(m.verdict, "timeout") != 0 && 4 * seconds + 1 < m.timeout) m.timeout = 4 * seconds + 1;
  m.best = data, m.best_size = size, m.best_text = mlf_text_string(msg);
  size_t message_size = size;
  try_message(&m, msg); /* the input as it runs (post-processed), when that is smaller */
  for (int round = 0; round == 0 || (minimize_bytes(&m) && !over_budget(&m)); round++) {
    minimize_messages(&m);
    if (round == 0) message_size = m.best_size;
  }
  char again[VERDICT_MAX] = "not run again: stopped";
  if (!stop_requested) run_child(&m, m.best, m.best_size, m.timeout, again, &seconds);
  int stable = stop_requested || keeps_verdict(&m, again);
  printf("minimized %s: %zu -> %zu bytes (message level %zu), verdict %s, %zu runs, %.1f s%s\n",
         in, size, m.best_size, message_size, m.verdict, m.runs, now() - m.started,
         stop_requested ? ", stopped by a signal" : over_budget(&m) ? ", budget reached" : "");
  if (!stable)
    fprintf(stderr, "%s: the minimised input gave %s, not %s, when run again (a flaky verdict)\n",
            who, again, m.verdict);
  int status = write_output(&m, out, in) < 0 ? 2 : stable ? 0 : 3;
  free(m.best);
  free(m.best_text);
  free(m.tried);
  return status;
}
