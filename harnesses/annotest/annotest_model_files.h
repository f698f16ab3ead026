/* Model files as objects of the aNNoTest family: a model trained here, saved by the library to
 * a fresh temporary file and then at most one token of it changed, written back in the format
 * the library's saver writes (valid by construction: the change stays inside the saver's own
 * grammar). An annotest_model_file is handed to a loader as its file name: the path is its
 * first member, so the object's address is the name's, and an oracle that gets the name back
 * reaches the model the file was saved from. Also what the round-trip oracles need: a file's
 * bytes, and the first byte where two files differ. */
#ifndef ANNOTEST_MODEL_FILES_H
#define ANNOTEST_MODEL_FILES_H
#include <stddef.h>
#include "annotest_model_mutants.h"
#include "annotest_runtime.h"

typedef struct annotest_model_file {
  char path[256];     /* first member: (const char *)file is the file name */
  const void *source; /* the model the file was saved from */
  int edited;         /* 1 when a token was changed after the save, inside its saved range */
  int mutant;         /* 1 when a field was changed anyhow within the grammar (annotest_model_mutants.h) */
  char change[160];   /* the mutant's change, "nr_sv[1] 3 -> 4" */
} annotest_model_file;

/* A fresh path (no file yet) in this process's temporary directory ($TMPDIR or /tmp); 0 on
 * success. The directory is removed at exit. */
int annotest_temp_path(char *path, size_t n);
/* A new model file object for path (the caller has saved the model there); NULL on failure. */
annotest_model_file *annotest_model_file_new(const char *path, const void *source);
/* 1 when the loader may refuse the file (a grammatical mutant; README: NULL "if the model could
 * not be loaded"): for the @ensure of the loaders. */
int annotest_model_file_refusable(const char *model_file_name);
/* Rewrites file as a mutant of itself (annotest_mutate_text with grammar g and choices m); 0
 * on success, also when the file has no candidate field (then it stays unchanged). */
int annotest_model_file_mutate(annotest_model_file *file, const annotest_text_grammar *g, long long field,
                               long long value, double t);
/* Reading a keyword text model as its loader does (a later header line overrides an earlier
 * one), for the @known conditions of the mutants: the numbers after the last header line of
 * keyword (up to max into out; their count, -1 without such a line), its first word (into
 * word; -1 without such a line), how many header lines the keyword begins, and the number of
 * lines after the line `body`. */
int annotest_header_numbers(const char *text, const char *body, const char *keyword, double *out, int max);
int annotest_header_line_count(const char *text, const char *body, const char *keyword);
int annotest_header_word(const char *text, const char *body, const char *keyword, char *word, size_t n);
long annotest_body_lines(const char *text, const char *body);

/* A library's saver, loader and destructor, for annotest_fixed_point. */
typedef struct {
  int (*save)(const char *path, const void *model); /* 0 on success */
  void *(*load)(const char *path);                 /* NULL when refused */
  void (*destroy)(void *model);
} annotest_model_io;
/* save(model) = A, load(A) = m2 and save(m2) = B: 0 when A and B have the same bytes (one round
 * of the library's own save and load reaches a fixed point); else -1 with why (n bytes) said. */
int annotest_fixed_point(const annotest_model_io *io, const void *model, char *why, size_t n);
/* A loaded mutant's save and load reach a fixed point (annotest_fixed_point); else a finding of
 * kind mutant-fixed-point naming the mutant's change. */
void annotest_check_mutant_fixed_point(at_ctx *ctx, const annotest_model_io *io, const annotest_model_file *file,
                                       const void *model);
/* Saving model with io reproduces file byte for byte: 0 when it does, else -1 and a finding of
 * kind round-trip naming the first differing byte. */
int annotest_round_trip(at_ctx *ctx, const annotest_model_io *io, const char *file, const void *model);
/* Removes the file and frees the object. */
void annotest_model_file_free(annotest_model_file *file);
/* The file's bytes, NUL-terminated (free them); NULL when it cannot be read. */
char *annotest_file_read(const char *path, size_t *len);
/* -1 when the files have the same bytes, else the offset of the first difference (or of the
 * end of the shorter one); -2 when one cannot be read. */
long annotest_files_differ(const char *a, const char *b);

/* How an edit formats its new token (the library's own printf conversions). */
typedef enum { AT_TOKEN_REAL17, AT_TOKEN_REAL8, AT_TOKEN_INT } annotest_token_format;
/* A token the edit may change: line and token (0-based, space-separated), its format, and for
 * "index:value" tokens the offset of the value part (0 for a whole token). */
typedef struct {
  size_t line, token, value_at;
  annotest_token_format format;
  double lo, hi; /* the new value: lo + t (hi - lo), integers rounded down */
} annotest_editable;
/* Replaces the candidate the edit picks (which modulo n) by the value at t (0 <= t <= 1) of its
 * range, printed in its format; 0 on success (n = 0: nothing changes). */
int annotest_file_edit(const char *path, const annotest_editable *candidates, size_t n, long long which, double t);
/* Line `line` of text (0-based): its start and length (without the newline); -1 past the end. */
int annotest_text_line(const char *text, size_t line, const char **start, size_t *len);
/* A model file object for a model a generator trained: saved by io to a fresh path, then for
 * edit 1 one of the tokens editable lists changed (which, t: annotest_file_edit), for edit 2
 * one field changed within grammar g (which, pick, t: annotest_model_file_mutate); NULL on
 * failure. */
annotest_model_file *annotest_model_file_saved(const annotest_model_io *io,
                                               size_t (*editable)(const char *text, const void *model,
                                                                  annotest_editable **out),
                                               const annotest_text_grammar *g, const void *model, int edit, int which,
                                               int pick, double t);
#endif
