/* The Keeper evaluation subjects (bench/keeper/subjects/): small C programs that branch on an
 * OCR or speech recogniser's output the way the applications of the Keeper paper do. They are
 * EVALUATION SUBJECTS for the Keeper loop (bench/keeper/keeper_loop.c), like the mutation-score
 * subjects: code written here, with planted defects, never a fuzz target standing in for a
 * library. subjects.c is the machine-readable table: per subject its medium and engine, its
 * outcomes (one per code branch), and per branch clause the text the pseudo-inverse must make
 * the API return, the intended outcome, and the defect the clause exposes. */
#ifndef KEEPER_SUBJECT_H
#define KEEPER_SUBJECT_H
#include <stddef.h>

typedef enum { KEEPER_OCR, KEEPER_SPEECH } keeper_medium;
#include "speech_grammar_ids.h"

/* OCR engines; a speech subject's engine is its PocketSphinx search, a SpeechRendering.Listening
 * value: SPEECH_LANGUAGE_MODEL (the full language model) or its own JSGF grammar
 * (SPEECH_GRAMMAR_ASR_<subject>, mutators/keeper/speech_grammar.c). */
enum { KEEPER_TESSERACT = 0, KEEPER_OCRAD = 1 };

/* The defect patterns of the Keeper paper and its predecessor study (Wan et al., ICSE'21). */
typedef enum {
  KEEPER_DEFECT_NONE,
  KEEPER_DEFECT_INCOMPLETE_LABEL,  /* a label set misses a word the API returns for the intent */
  KEEPER_DEFECT_NONEXISTENT_LABEL, /* a label the API never returns (typo, wrong case, out of grammar) */
  KEEPER_DEFECT_ALWAYS_TRUE,       /* `x == a || "b"`: the condition holds for every input */
  KEEPER_DEFECT_EMPTY_INDEX,       /* the first element of an empty or short result is read */
  KEEPER_DEFECT_THRESHOLD,         /* a confidence threshold the API's confidences do not reach */
  KEEPER_DEFECT_CASE,              /* compares with the wrong letter case */
  KEEPER_DEFECT_WHITESPACE,        /* compares without trimming the API's white space */
  KEEPER_DEFECT_NUMBER_PARSE,      /* parses a number the API returns in a form it does not handle */
  KEEPER_DEFECT_TOKEN_POSITION,    /* reads a word at a fixed position the transcript need not have */
} keeper_defect;

/* The failure a defect should make the loop report (the paper's section 4.1). */
typedef enum { KEEPER_FAIL_NONE, KEEPER_FAIL_ACCURACY, KEEPER_FAIL_DEAD_CODE, KEEPER_FAIL_CRASH } keeper_failure;

/* A label set a subject compares API words with; the label repair extends it in place. */
#define KEEPER_MAX_LABELS 16
typedef struct {
  const char *words[KEEPER_MAX_LABELS];
  size_t n;
} keeper_labels;

/* Intended outcome of a clause whose correct behaviour is any outcome without crashing. */
#define KEEPER_ANY_OUTCOME (-1)
#define KEEPER_MAX_TEXTS 3

typedef struct {
  const char *texts[KEEPER_MAX_TEXTS]; /* what the API should return ("" = blank image, silence) */
  int outcome;                         /* index into the subject's outcomes, or KEEPER_ANY_OUTCOME */
  keeper_defect defect;                /* the defect this clause exposes, or NONE */
  keeper_failure expected;             /* the failure that defect should cause */
  keeper_labels *labels;               /* the label set the clause's condition checks, or NULL */
  int degraded;                        /* render/speak it badly: the API should not read it right */
} keeper_clause;

#define KEEPER_MAX_OUTCOMES 4
#define KEEPER_MAX_CLAUSES 5
typedef struct {
  const char *name;
  keeper_medium medium;
  int engine;
  const char *(*run)(const char *api_text, double confidence);
  const char *outcomes[KEEPER_MAX_OUTCOMES]; /* what run returns, one per code branch */
  size_t n_outcomes;
  keeper_clause clauses[KEEPER_MAX_CLAUSES];
  size_t n_clauses;
  double *threshold; /* the confidence threshold run compares with (threshold repair), or NULL */
  const char *intended;
} keeper_subject;

extern const keeper_subject keeper_subjects[];
extern const size_t keeper_n_subjects;
const keeper_subject *keeper_subject_find(const char *name);
const char *keeper_defect_name(keeper_defect d);
const char *keeper_failure_name(keeper_failure f);

/* Whitespace-separated words of text (case kept), at most max of them, each truncated to
 * KEEPER_WORD_MAX - 1 bytes; the rest of words is left zeroed by the caller. Returns the count. */
#define KEEPER_WORD_MAX 32
size_t keeper_split_words(const char *text, char words[][KEEPER_WORD_MAX], size_t max);
/* 1 when word equals a label (case-insensitively when fold_case). */
int keeper_labels_has(const keeper_labels *labels, const char *word, int fold_case);

/* The subjects (one file each) and the label sets and thresholds the repairs change. */
#define KEEPER_SUBJECT(name) const char *subject_##name(const char *api_text, double confidence)
KEEPER_SUBJECT(ocr_stop_sign);
KEEPER_SUBJECT(ocr_total_label);
KEEPER_SUBJECT(ocr_killfeed);
KEEPER_SUBJECT(ocr_invoice_total);
KEEPER_SUBJECT(ocr_due_date);
KEEPER_SUBJECT(ocr_price_tag);
KEEPER_SUBJECT(ocr_hazard_sign);
KEEPER_SUBJECT(ocr_shop_hours);
KEEPER_SUBJECT(ocr_animal_sign);
KEEPER_SUBJECT(ocr_confidence_gate);
KEEPER_SUBJECT(ocr_ocrad_gate);
KEEPER_SUBJECT(ocr_phone_match);
KEEPER_SUBJECT(ocr_menu_vegan);
KEEPER_SUBJECT(asr_smart_light);
KEEPER_SUBJECT(asr_yes_no);
KEEPER_SUBJECT(asr_assistant);
KEEPER_SUBJECT(asr_pin_unlock);
KEEPER_SUBJECT(asr_confidence_confirm);
KEEPER_SUBJECT(asr_music_player);
KEEPER_SUBJECT(asr_device_position);
KEEPER_SUBJECT(asr_extension_dial);
KEEPER_SUBJECT(asr_lamp_always_true);
KEEPER_SUBJECT(asr_navigator);
KEEPER_SUBJECT(asr_answer_ok);
extern keeper_labels ocr_hazard_sign_labels, ocr_shop_hours_labels, ocr_menu_vegan_labels, asr_smart_light_labels,
    asr_music_player_labels, asr_answer_ok_labels, asr_yes_no_labels;
extern double ocr_confidence_gate_threshold, asr_confidence_confirm_threshold;
#endif
