/* Model files as objects and the byte-level helpers of the round-trip oracles
 * (annotest_model_files.h). */
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "annotest_model_files.h"

static char temp_dir[200];

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

static void remove_temp_dir(void) {
  if (temp_dir[0]) nftw(temp_dir, remove_entry, 8, FTW_DEPTH | FTW_PHYS);
}

int annotest_temp_path(char *path, size_t n) {
  static unsigned long counter;
  if (!temp_dir[0]) {
    const char *base = getenv("TMPDIR");
    snprintf(temp_dir, sizeof temp_dir, "%s/mlf-annotest-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(temp_dir)) {
      temp_dir[0] = 0;
      return -1;
    }
    atexit(remove_temp_dir);
  }
  int len = snprintf(path, n, "%s/model-%lu", temp_dir, counter++);
  return len > 0 && (size_t)len < n ? 0 : -1;
}

annotest_model_file *annotest_model_file_new(const char *path, const void *source) {
  annotest_model_file *file = calloc(1, sizeof *file);
  if (!file) return NULL;
  snprintf(file->path, sizeof file->path, "%s", path);
  file->source = source;
  return file;
}

int annotest_model_file_refusable(const char *model_file_name) {
  return ((const annotest_model_file *)model_file_name)->mutant;
}

int annotest_model_file_mutate(annotest_model_file *file, const annotest_text_grammar *g, long long field,
                               long long value, double t) {
  char *text = annotest_file_read(file->path, NULL), *mutant = NULL;
  if (!text) return -1;
  mutant = annotest_mutate_text(text, g, (annotest_mutation){field, value, t}, file->change, sizeof file->change);
  free(text);
  if (!mutant) return 0;
  FILE *f = fopen(file->path, "wb");
  int rc = f && fputs(mutant, f) >= 0 ? 0 : -1;
  if (f && fclose(f)) rc = -1;
  free(mutant);
  file->mutant = rc == 0;
  if (file->mutant) annotest_mutant_in_use(file->change);
  return rc;
}

int annotest_fixed_point(const annotest_model_io *io, const void *model, char *why, size_t n) {
  char a[256], b[256];
  void *again = NULL;
  long at = -2;
  int rc = -1;
  if (annotest_temp_path(a, sizeof a) || annotest_temp_path(b, sizeof b) || io->save(a, model) != 0)
    snprintf(why, n, "saving the loaded model failed");
  else if (!(again = io->load(a)))
    snprintf(why, n, "the saved model does not load again");
  else if (io->save(b, again) != 0)
    snprintf(why, n, "saving the reloaded model failed");
  else if ((at = annotest_files_differ(a, b)) != -1)
    snprintf(why, n, "saving the reloaded model gives other bytes (from byte %ld)", at);
  else
    rc = 0;
  if (again) io->destroy(again);
  remove(a), remove(b);
  return rc;
}

annotest_model_file *annotest_model_file_saved(const annotest_model_io *io,
                                               size_t (*editable)(const char *text, const void *model,
                                                                  annotest_editable **out),
                                               const annotest_text_grammar *g, const void *model, int edit, int which,
                                               int pick, double t) {
  char path[256];
  if (annotest_temp_path(path, sizeof path) || io->save(path, model) != 0) return NULL;
  annotest_model_file *file = annotest_model_file_new(path, model);
  if (!file || !edit) return file;
  int rc = 0;
  if (edit == 2) {
    rc = annotest_model_file_mutate(file, g, which, pick, t);
  } else {
    char *text = annotest_file_read(path, NULL);
    annotest_editable *candidates = NULL;
    size_t n = text ? editable(text, model, &candidates) : 0;
    rc = text ? annotest_file_edit(path, candidates, n, which, t) : -1;
    file->edited = n > 0;
    free(candidates);
    free(text);
  }
  if (rc) {
    annotest_model_file_free(file);
    return NULL;
  }
  return file;
}

void annotest_check_mutant_fixed_point(at_ctx *ctx, const annotest_model_io *io, const annotest_model_file *file,
                                       const void *model) {
  char why[128];
  if (annotest_fixed_point(io, model, why, sizeof why))
    at_property_failed(ctx, "mutant-fixed-point", "mutant %s loads, but %s", file->change, why);
}

int annotest_round_trip(at_ctx *ctx, const annotest_model_io *io, const char *file, const void *model) {
  char again[256];
  long at = -2;
  if (!annotest_temp_path(again, sizeof again) && io->save(again, model) == 0) at = annotest_files_differ(file, again);
  remove(again);
  if (at == -1) return 0;
  at_property_failed(ctx, "round-trip", "saving the model loaded from %s does not reproduce it: %s%ld", file,
                     at == -2 ? "save or read failed" : "first difference at byte ", at);
  return -1;
}

void annotest_model_file_free(annotest_model_file *file) {
  if (file->mutant) annotest_mutant_in_use(NULL);
  unlink(file->path);
  free(file);
}

char *annotest_file_read(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0, got;
  char *buf = malloc(cap + 1);
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *bigger = realloc(buf, 2 * cap + 1);
      if (!bigger) free(buf);
      buf = bigger;
      cap *= 2;
    }
  }
  fclose(f);
  if (!buf) return NULL;
  buf[n] = 0;
  if (len) *len = n;
  return buf;
}

long annotest_files_differ(const char *a, const char *b) {
  size_t na, nb;
  char *x = annotest_file_read(a, &na), *y = annotest_file_read(b, &nb);
  long at = -2;
  if (x && y) {
    size_t i = 0;
    while (i < na && i < nb && x[i] == y[i]) i++;
    at = i == na && i == nb ? -1 : (long)i;
  }
  free(x);
  free(y);
  return at;
}

int annotest_text_line(const char *text, size_t line, const char **start, size_t *len) {
  const char *p = text;
  for (size_t i = 0; i < line; i++) {
    p = strchr(p, '\n');
    if (!p) return -1;
    p++;
  }
  if (!*p) return -1;
  const char *end = strchr(p, '\n');
  *start = p;
  *len = end ? (size_t)(end - p) : strlen(p);
  return 0;
}

/* The last header line (before the line body) starting with "keyword ": its values' start. */
static const char *last_header_line(const char *text, const char *body, const char *keyword) {
  const char *found = NULL, *line;
  size_t len, k = strlen(keyword);
  for (size_t i = 0; !annotest_text_line(text, i, &line, &len); i++) {
    if (len == strlen(body) && !strncmp(line, body, len)) break;
    if (len > k && !strncmp(line, keyword, k) && line[k] == ' ') found = line + k + 1;
  }
  return found;
}

int annotest_header_line_count(const char *text, const char *body, const char *keyword) {
  const char *line;
  size_t len, k = strlen(keyword);
  int n = 0;
  for (size_t i = 0; !annotest_text_line(text, i, &line, &len); i++) {
    if (len == strlen(body) && !strncmp(line, body, len)) break;
    n += len >= k && (len == k || line[k] == ' ') && !strncmp(line, keyword, k);
  }
  return n;
}

int annotest_header_numbers(const char *text, const char *body, const char *keyword, double *out, int max) {
  const char *p = last_header_line(text, body, keyword);
  if (!p) return -1;
  int n = 0;
  for (char *end; *p && *p != '\n'; p = end) {
    double v = strtod(p, &end);
    if (end == p) break;
    if (n < max) out[n] = v;
    n++;
  }
  return n;
}

int annotest_header_word(const char *text, const char *body, const char *keyword, char *word, size_t n) {
  const char *p = last_header_line(text, body, keyword);
  if (!p) return -1;
  size_t len = strcspn(p, " \n");
  snprintf(word, n, "%.*s", (int)len, p);
  return 0;
}

long annotest_body_lines(const char *text, const char *body) {
  const char *line;
  size_t len;
  long n = -1;
  for (size_t i = 0; !annotest_text_line(text, i, &line, &len); i++)
    if (n >= 0) n++;
    else if (len == strlen(body) && !strncmp(line, body, len)) n = 0;
  return n;
}

/* Start and length of token `token` of the line (tokens separated by single spaces). */
static int token_span(const char *line, size_t len, size_t token, size_t *at, size_t *n) {
  size_t i = 0;
  for (size_t k = 0; k < token; k++) {
    while (i < len && line[i] != ' ') i++;
    if (i++ >= len) return -1;
  }
  size_t j = i;
  while (j < len && line[j] != ' ') j++;
  if (j == i) return -1;
  *at = i;
  *n = j - i;
  return 0;
}

int annotest_file_edit(const char *path, const annotest_editable *candidates, size_t n, long long which, double t) {
  if (n == 0) return 0;
  const annotest_editable *c = &candidates[(size_t)(which < 0 ? -which : which) % n];
  size_t size, at, len;
  const char *line;
  size_t line_len;
  char *text = annotest_file_read(path, &size), token[64];
  if (!text || annotest_text_line(text, c->line, &line, &line_len) ||
      token_span(line, line_len, c->token, &at, &len) || c->value_at > len) {
    free(text);
    return -1;
  }
  double v = c->lo + t * (c->hi - c->lo);
  if (c->format == AT_TOKEN_INT) {
    v = floor(v);
    snprintf(token, sizeof token, "%lld", (long long)(v > c->hi ? c->hi : v));
  } else {
    snprintf(token, sizeof token, c->format == AT_TOKEN_REAL17 ? "%.17g" : "%.8g", v);
  }
  size_t prefix = (size_t)(line - text) + at + c->value_at, old = len - c->value_at;
  FILE *f = fopen(path, "wb");
  int rc = f && fwrite(text, 1, prefix, f) == prefix && fputs(token, f) >= 0 &&
                   fwrite(text + prefix + old, 1, size - prefix - old, f) == size - prefix - old
               ? 0 : -1;
  if (f && fclose(f)) rc = -1;
  free(text);
  return rc;
}
