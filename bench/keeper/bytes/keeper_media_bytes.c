/* Byte-level baseline of the Keeper bench, on the API input (the Keeper paper's "Fuzzing"
 * column: raw bytes as the image's pixels or the audio's samples): libFuzzer's bytes become an
 * 8-bit gray image 64 pixels wide (OCR subjects; at least 8 rows, at most 96) or 16-bit PCM
 * at 16 kHz (speech subjects; at most 4 s), the subject's real API reads it (Tesseract or
 * ocrad; PocketSphinx with the subject's language model or grammar), and the subject branches
 * on what it returned. Coverage guidance comes from the subject (and this file); the Debian
 * engines are not instrumented. A yardstick, not a target. Outcomes: subject_outcomes.h. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include "image_decode.h"
#include "mlf_guard.h"
#include "ocrad_engine.h"
#include "speech_recognise.h"
#include "subject_outcomes.h"
#include "tess_engine.h"

#define IMAGE_WIDTH 64
#define IMAGE_ROWS_MIN 8
#define IMAGE_ROWS_MAX 96
#define AUDIO_SAMPLES_MAX (4 * 16000)

static const keeper_subject *subject;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc, (void)argv;
  subject = subject_outcomes_init("keeper_media_bytes");
  const char *why = NULL;
  if (subject->medium == KEEPER_OCR) image_decode_init(), tess_engine_init();
  else if (speech_recogniser_ready(&why) < 0) return fprintf(stderr, "keeper_media_bytes: %s\n", why), 1;
  return 0;
}

static void read_pixels(const uint8_t *data, size_t size) {
  size_t rows = size / IMAGE_WIDTH;
  if (rows < IMAGE_ROWS_MIN) return;
  if (rows > IMAGE_ROWS_MAX) rows = IMAGE_ROWS_MAX;
  PIX *pix = pixCreate(IMAGE_WIDTH, (l_int32)rows, 8);
  for (size_t y = 0; y < rows; y++)
    for (size_t x = 0; x < IMAGE_WIDTH; x++) pixSetPixel(pix, (l_int32)x, (l_int32)y, data[y * IMAGE_WIDTH + x]);
  static ocr_reading reading;
  const char *failed = NULL;
  int rc = subject->engine == KEEPER_OCRAD ? ocrad_engine_read(pix, &reading, &failed) : tess_engine_read(pix, &reading, &failed);
  pixDestroy(&pix);
  if (rc == 0) subject_outcomes_take(subject->run(reading.text, reading.has_confidences ? reading.mean_confidence / 100.0 : -1));
}

static void hear_samples(const uint8_t *data, size_t size) {
  size_t n = size / 2 < AUDIO_SAMPLES_MAX ? size / 2 : AUDIO_SAMPLES_MAX;
  if (n == 0) return;
  speech_pcm pcm = {mlf_guard_alloc(n * sizeof(short), _Alignof(short), MLF_GUARD_TAIL, "keeper bytes audio"), n};
  memcpy(pcm.pcm, data, n * sizeof(short));
  static speech_hearing hearing;
  speech_recognise(subject->engine, &pcm, &hearing);
  speech_pcm_free(&pcm);
  /* ps_get_prob is a log posterior in the decoder's log base (-logbase, 1.0001 by default). */
  if (hearing.decoded) subject_outcomes_take(subject->run(hearing.has_hyp ? hearing.hyp : "", pow(1.0001, hearing.prob)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (subject->medium == KEEPER_OCR) read_pixels(data, size);
  else hear_samples(data, size);
  return 0;
}
