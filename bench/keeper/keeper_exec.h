/* One Keeper input end to end in a forked child with a timeout: the pseudo-inverse makes the
 * input (text rendered and decoded, or spoken and resampled), the real API reads it (Tesseract
 * or ocrad; PocketSphinx with its language model or a grammar), the subject branches on the
 * result. The engines are loaded once in the parent and inherited, so a child costs one
 * recognition. A signal or a hang in the child is a finding, attributed to the stage it
 * happened in: the pseudo-inverse's or the API's library, or the subject. */
#ifndef KEEPER_EXEC_H
#define KEEPER_EXEC_H
#include <stdint.h>
#include "render_params.h"
#include "speech_render.h"
#include "subject.h"

typedef enum { KEEPER_STAGE_PSEUDO_INVERSE, KEEPER_STAGE_API, KEEPER_STAGE_SUBJECT, KEEPER_STAGE_DONE } keeper_stage;
typedef enum {
  KEEPER_RAN,           /* the subject returned an outcome */
  KEEPER_NOT_GENERATED, /* the pseudo-inverse refused the input (why says which step) */
  KEEPER_API_FAILED,    /* the API call reported an error (why) */
  KEEPER_CRASHED,       /* the child died on a signal in stage */
  KEEPER_HUNG,          /* the child passed the timeout in stage and was killed */
} keeper_status;

#define KEEPER_API_TEXT_MAX 512
typedef struct {
  keeper_status status;
  keeper_stage stage;
  int signal;
  char api_text[KEEPER_API_TEXT_MAX]; /* what the API returned (OCR text, or the hypothesis) */
  double confidence;                  /* Tesseract's mean confidence / 100, PocketSphinx's
                                         posterior, -1 for ocrad (it reports none) */
  int outcome;                        /* index into the subject's outcomes, -1 when not among them */
  char outcome_text[64];
  char why[160];
  double seconds;                     /* wall time of the child */
} keeper_result;

/* Seconds on the monotonic clock (the children's wall times, a bench's budget). */
double keeper_now(void);
/* Loads what the children inherit: Tesseract (one thread), the PocketSphinx decoder with its
 * grammars, the renderer's fonts. 0, or -1 with why. */
int keeper_exec_init(const char **why);
/* Makes the input for text (the clause's target API output) with the rendering or voice of
 * seed, and runs API and subject. */
void keeper_exec_input(const keeper_subject *s, const char *text, uint64_t seed, int degraded, double timeout_s,
                       keeper_result *out);
/* The subject alone on a recorded API output (a repair re-runs the subject this way). */
void keeper_exec_subject(const keeper_subject *s, const char *api_text, double confidence, double timeout_s,
                         keeper_result *out);
/* The API alone, no subject (the engine-pair bench): the OCR engine (KEEPER_TESSERACT or
 * KEEPER_OCRAD) on the image of p (p->text is the scene's text), or PocketSphinx on text
 * spoken as r asks, with r->listening's search. out->api_text is what it returned. */
void keeper_exec_read(int engine, const render_params *p, double timeout_s, keeper_result *out);
void keeper_exec_hear(const speech_rendering *r, const char *text, double timeout_s, keeper_result *out);
#endif
