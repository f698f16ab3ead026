/* Grammatical mutants of saved models: a model file a generator trained and saved here, with
 * exactly one field changed inside the format's grammar (the fuzzer's choices pick the field and
 * the new value): a real to another real (ordinary or a boundary value: 0, -0, negative, huge,
 * subnormal, NaN, infinities, where the format's reader takes them), an integer to another
 * integer, a count to another count (>= 0, up to INT_MAX), a keyword to another of its set, or
 * one element of a list (a line, a JSON array element) removed or duplicated. The change is
 * recorded as text ("nr_sv[1] 3 -> 4") for the reports; the harness's crash report names the
 * mutant in use (annotest_mutant_in_use, through mlf_set_crash_note), and
 * MLF_ANNOTEST_SHOW_MUTANTS=1 prints every mutant made (to see what a replayed @known input holds). */
#ifndef ANNOTEST_MODEL_MUTANTS_H
#define ANNOTEST_MODEL_MUTANTS_H
#include <stddef.h>

/* The fuzzer's choices: field picks the candidate (modulo their number), value the new value
 * (a boundary value or, for value % 16 == 0, one at t in the field's ordinary range). */
typedef struct {
  long long field, value;
  double t; /* 0 .. 1 */
} annotest_mutation;

typedef enum { AT_FIELD_REAL, AT_FIELD_INT, AT_FIELD_COUNT, AT_FIELD_KEYWORD } annotest_field_kind;

/* A header line "keyword v1 v2 ..." of a keyword text format: its values' kind, the keyword
 * set of a KEYWORD value (NULL-terminated; empty strings are unused slots), and whether the
 * saver may leave the line out (then the mutant may remove it). */
typedef struct {
  const char *keyword;
  annotest_field_kind kind;
  const char *const *set;
  int optional;
} annotest_line_rule;

/* A keyword text format (LIBSVM, LIBLINEAR): header lines by rules, then the line `body` alone,
 * then the body: one list element a line, each token a real or an "index:value" pair (an
 * index, a count, and a real), named body_name[line][token] in the reports. */
typedef struct {
  const annotest_line_rule *rules;
  size_t nrules;
  const char *body, *body_name;
} annotest_text_grammar;

/* The text with one field changed (malloc'd, NUL-terminated), the change described in change;
 * NULL when text has no candidate field or memory runs out. */
char *annotest_mutate_text(const char *text, const annotest_text_grammar *g, annotest_mutation m, char *change,
                           size_t n);
/* The same for a JSON document (XGBoost's model JSON, doc/model.schema): a number keeps its
 * type (integer or real; reals may become NaN or +-Infinity, which XGBoost's reader and writer
 * use), a string holding a number stays a string holding one of the same type, a string from
 * one of keyword_sets (NULL-terminated lists, the whole list NULL-terminated) becomes another of
 * its set, an array element is removed or duplicated. *out_len gets the new length. */
char *annotest_mutate_json(const char *json, size_t len, const char *const *const *keyword_sets, annotest_mutation m,
                           size_t *out_len, char *change, size_t n);
/* While a mutant is in use (NULL: none), the harness's crash report names its change. */
void annotest_mutant_in_use(const char *change);
#endif
