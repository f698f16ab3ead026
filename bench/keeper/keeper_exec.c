/* The forked execution of one Keeper input (keeper_exec.h). The child writes its stage and
 * results into a shared page as it goes, so the parent knows where a crash or hang happened
 * and what the API had returned by then. */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "keeper_exec.h"
#include "keeper_inputs.h"
#include "ocrad_engine.h"
#include "scene_image.h"
#include "speech_recognise.h"
#include "tess_engine.h"

static keeper_result *shared;

double keeper_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int keeper_exec_init(const char **why) {
  shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) return *why = "mmap of the shared result page failed", -1;
  /* Tesseract's OpenMP threads would not survive fork(); one thread per process. */
  setenv("OMP_THREAD_LIMIT", "1", 1);
  image_decode_init();
  tess_engine_init();
  if (speech_recogniser_ready(why) < 0) return -1;
  mlf_run run;
  mlf_run_reset(&run);
  render_params warm = keeper_image_input("warm", 1, 0); /* fontconfig's cache, once */
  PIX *pix = scene_image(&warm, "keeper_loop", &run);
  if (!pix) return *why = "the renderer did not render a plain word", -1;
  pixDestroy(&pix);
  return 0;
}

/* OCR: render, encode, decode, read with engine (KEEPER_TESSERACT or KEEPER_OCRAD). */
static void read_image(int engine, const render_params *p) {
  mlf_run run;
  mlf_run_reset(&run);
  PIX *pix = scene_image(p, "keeper_loop", &run);
  if (!pix) {
    shared->status = KEEPER_NOT_GENERATED;
    snprintf(shared->why, sizeof shared->why, "%s", run.n_findings ? run.findings[0].tag : run.log);
    return;
  }
  shared->stage = KEEPER_STAGE_API;
  static ocr_reading reading;
  const char *failed = NULL;
  int rc = engine == KEEPER_OCRAD ? ocrad_engine_read(pix, &reading, &failed) : tess_engine_read(pix, &reading, &failed);
  pixDestroy(&pix);
  if (rc < 0) {
    shared->status = KEEPER_API_FAILED;
    snprintf(shared->why, sizeof shared->why, "%s failed", failed);
    return;
  }
  snprintf(shared->api_text, sizeof shared->api_text, "%s", reading.text);
  shared->confidence = reading.has_confidences ? reading.mean_confidence / 100.0 : -1;
}

/* Speech: speak (or, for "", a second of silence and faint noise: nothing said), recognise
 * with r's search. */
static void hear_speech(speech_rendering r, const char *text) {
  speech_utterance u = {0};
  const char *why = NULL;
  int rc = 0;
  if (*text) {
    rc = speech_render(&r, text, &u, &why);
  } else {
    speech_audio nothing;
    speech_audio_open(&nothing, SPEECH_RATE, 0, "keeper silence");
    r.distortion.lead_ms = r.distortion.trail_ms = 500;
    u.pcm = speech_distort(&nothing, &r.distortion);
    speech_audio_close(&nothing);
  }
  if (rc != 0) {
    shared->status = KEEPER_NOT_GENERATED;
    snprintf(shared->why, sizeof shared->why, "%s", why ? why : "the resampler call was avoided");
    speech_utterance_free(&u);
    return;
  }
  shared->stage = KEEPER_STAGE_API;
  static speech_hearing hearing;
  speech_recognise(r.listening, &u.pcm, &hearing);
  speech_utterance_free(&u);
  if (!hearing.decoded) {
    shared->status = KEEPER_API_FAILED;
    snprintf(shared->why, sizeof shared->why, "%s", hearing.why);
    return;
  }
  snprintf(shared->api_text, sizeof shared->api_text, "%s", hearing.has_hyp ? hearing.hyp : "");
  /* ps_get_prob is a log posterior in the decoder's log base (-logbase, 1.0001 by default). */
  shared->confidence = pow(1.0001, hearing.prob);
}

static void run_subject(const keeper_subject *s) {
  shared->stage = KEEPER_STAGE_SUBJECT;
  const char *outcome = s->run(shared->api_text, shared->confidence);
  snprintf(shared->outcome_text, sizeof shared->outcome_text, "%s", outcome ? outcome : "(null)");
  shared->outcome = -1;
  for (size_t i = 0; outcome && i < s->n_outcomes; i++)
    if (!strcmp(outcome, s->outcomes[i])) shared->outcome = (int)i;
  shared->stage = KEEPER_STAGE_DONE;
}

/* Forks; the child makes the input and runs the API, then the subject (none: the API alone),
 * or the subject alone on a recorded API output, then _exit (no exit handlers: the leak
 * checker and the libraries' atexit code belong to the parent). The parent waits up to
 * timeout_s. */
typedef struct {
  const keeper_subject *subject; /* NULL: the API alone */
  keeper_medium medium;
  int engine;                    /* the OCR engine (speech: speech.listening) */
  const char *text;              /* NULL: the subject alone on api_text and confidence */
  render_params image;
  speech_rendering speech;
  const char *api_text;
  double confidence;
} child_args;

static void in_child(const child_args *a) {
  if (a->text) {
    if (a->medium == KEEPER_OCR) read_image(a->engine, &a->image);
    else hear_speech(a->speech, a->text);
  } else {
    snprintf(shared->api_text, sizeof shared->api_text, "%s", a->api_text);
    shared->confidence = a->confidence;
  }
  if (shared->status == KEEPER_RAN) {
    if (a->subject) run_subject(a->subject);
    else shared->stage = KEEPER_STAGE_DONE;
  }
  _exit(0);
}

static void run_forked(const child_args *a, double timeout_s, keeper_result *out) {
  memset(shared, 0, sizeof *shared);
  shared->status = KEEPER_RAN, shared->stage = KEEPER_STAGE_PSEUDO_INVERSE, shared->outcome = -1;
  double start = keeper_now();
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    shared->status = KEEPER_API_FAILED;
    snprintf(shared->why, sizeof shared->why, "fork: %s", strerror(errno));
  } else if (pid == 0) {
    in_child(a);
  } else {
    int status = 0;
    pid_t done;
    while ((done = waitpid(pid, &status, WNOHANG)) == 0 && keeper_now() - start < timeout_s) usleep(1000);
    if (done == 0) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      shared->status = KEEPER_HUNG;
    } else if (WIFSIGNALED(status)) {
      shared->status = KEEPER_CRASHED, shared->signal = WTERMSIG(status);
    } else if (WEXITSTATUS(status) != 0) {
      shared->status = KEEPER_CRASHED; /* a sanitizer report exits non-zero */
      snprintf(shared->why, sizeof shared->why, "exit status %d", WEXITSTATUS(status));
    }
  }
  *out = *shared;
  out->seconds = keeper_now() - start;
}

void keeper_exec_input(const keeper_subject *s, const char *text, uint64_t seed, int degraded, double timeout_s,
                       keeper_result *out) {
  child_args a = {.subject = s, .medium = s->medium, .engine = s->engine, .text = text};
  if (s->medium == KEEPER_OCR) a.image = keeper_image_input(text, seed, degraded);
  else a.speech = keeper_speech_input(s->engine, seed, degraded);
  run_forked(&a, timeout_s, out);
}

void keeper_exec_subject(const keeper_subject *s, const char *api_text, double confidence, double timeout_s,
                         keeper_result *out) {
  child_args a = {.subject = s, .medium = s->medium, .api_text = api_text, .confidence = confidence};
  run_forked(&a, timeout_s, out);
}

void keeper_exec_read(int engine, const render_params *p, double timeout_s, keeper_result *out) {
  child_args a = {.medium = KEEPER_OCR, .engine = engine, .text = p->text, .image = *p};
  run_forked(&a, timeout_s, out);
}

void keeper_exec_hear(const speech_rendering *r, const char *text, double timeout_s, keeper_result *out) {
  child_args a = {.medium = KEEPER_SPEECH, .engine = r->listening, .text = text, .speech = *r};
  run_forked(&a, timeout_s, out);
}
