/* Grammatical one-field mutants of saved models (annotest_model_mutants.h): the candidate
 * fields of a keyword text file or a JSON document, the new value of a field, and the edit. */
#include <ctype.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "annotest_model_mutants.h"
#include "mlf_report.h"

/* A field the mutant may change: the bytes [at, at + len) of the text. A token is replaced by
 * a new value of kind; a list element (is_element) is removed or duplicated, removal taking
 * [cut_at, cut_at + cut_len) so that the list stays well formed. */
typedef struct {
  size_t at, len, cut_at, cut_len;
  int is_element, removable;
  annotest_field_kind kind;
  const char *const *set;
  char name[96];
} candidate;

typedef struct {
  candidate *c;
  size_t n, cap;
} candidates;

static candidate *add(candidates *cs) {
  if (cs->n == cs->cap) {
    size_t cap = cs->cap ? 2 * cs->cap : 64;
    candidate *bigger = realloc(cs->c, cap * sizeof *bigger);
    if (!bigger) return NULL;
    cs->c = bigger, cs->cap = cap;
  }
  candidate *c = &cs->c[cs->n++];
  memset(c, 0, sizeof *c);
  return c;
}

/* ---- new values ---------------------------------------------------------------------------- */

/* Prints real v: C printf's %.17g ("nan", "inf") or JSON as XGBoost writes reals ("NaN",
 * "Infinity", an exponent always: "2E0"; src/common/charconv.cc). */
static void print_real(double v, int json, char *out, size_t n) {
  if (json && isnan(v)) snprintf(out, n, "NaN");
  else if (json && isinf(v)) snprintf(out, n, v < 0 ? "-Infinity" : "Infinity");
  else snprintf(out, n, "%.17g", v);
  if (json && isfinite(v) && !strpbrk(out, ".eE") && strlen(out) + 3 <= n) strcat(out, "E0"); /* stays a real */
}

/* Candidate number k of the new values of a field of kind whose value was old (choice 0: the
 * ordinary value at t). */
static void nth_value(annotest_field_kind kind, double old, long long k, double t, int json, char *out, size_t n) {
  if (kind == AT_FIELD_REAL) {
    static const double bounds[] = {0.0, -0.0, -1.0, 1.0, 1e308, -1e308, 4.9406564584124654e-324, DBL_MIN, NAN, INFINITY,
                                    -INFINITY, 1e-300, -1e300};
    size_t nb = sizeof bounds / sizeof *bounds;
    double v = k == 0 ? -100 + 200 * t : (size_t)(k - 1) < nb ? bounds[k - 1] : -old;
    print_real(v, json, out, n);
  } else if (kind == AT_FIELD_INT) {
    long long o = (long long)old;
    long long vals[] = {o + (long long)floor(20 * t) - 10, 0, -1, 1, INT_MAX, INT_MIN, -o, o + 1, o - 1};
    snprintf(out, n, "%lld", vals[(size_t)k % (sizeof vals / sizeof *vals)]);
  } else {
    long long o = (long long)old;
    long long vals[] = {(long long)floor(100 * t), o + 1, o > 0 ? o - 1 : 2, 0, 1, 2 * o + 1, 1000000, INT_MAX};
    snprintf(out, n, "%lld", vals[(size_t)k % (sizeof vals / sizeof *vals)]);
  }
}

/* The new token of a value field: the value the choice names, or the next one that differs
 * from the old token; 0 when one does. */
static int new_value(const candidate *c, const char *old, annotest_mutation m, int json, char *out, size_t n) {
  if (c->kind == AT_FIELD_KEYWORD) {
    size_t k = 0, others = 0;
    while (c->set[k]) others += c->set[k][0] && !(strlen(c->set[k]) == c->len && !memcmp(c->set[k], old, c->len)), k++;
    if (!others) return -1;
    size_t want = (size_t)(m.value < 0 ? -m.value : m.value) % others;
    for (k = 0; c->set[k]; k++) {
      int other = c->set[k][0] && !(strlen(c->set[k]) == c->len && !memcmp(c->set[k], old, c->len));
      if (other && want-- == 0) return snprintf(out, n, "%s", c->set[k]) < (int)n ? 0 : -1;
    }
    return -1;
  }
  char text[64];
  snprintf(text, sizeof text, "%.*s", (int)(c->len < 63 ? c->len : 63), old);
  double was = strtod(text, NULL);
  long long k = (m.value < 0 ? -m.value : m.value) % 16;
  for (int tries = 0; tries < 16; tries++, k = (k + 1) % 16) {
    nth_value(c->kind, isfinite(was) ? was : 0, k, m.t, json, out, n);
    if (strlen(out) != c->len || memcmp(out, old, c->len)) return 0;
  }
  return -1;
}

/* The text with [at, at + len) replaced by insert (of ilen bytes). */
static char *splice(const char *text, size_t size, size_t at, size_t len, const char *insert, size_t ilen,
                    size_t *out_len) {
  char *out = malloc(size - len + ilen + 1);
  if (!out) return NULL;
  memcpy(out, text, at);
  memcpy(out + at, insert, ilen);
  memcpy(out + at + ilen, text + at + len, size - at - len);
  out[size - len + ilen] = 0;
  if (out_len) *out_len = size - len + ilen;
  return out;
}

/* Applies the choice to one of the candidates and describes it. */
static char *apply(const char *text, size_t size, const candidates *cs, annotest_mutation m, int json, size_t *out_len,
                   char *change, size_t n) {
  if (!cs->n) return NULL;
  const candidate *c = &cs->c[(size_t)(m.field < 0 ? -m.field : m.field) % cs->n];
  char value[128];
  if (c->is_element) {
    int remove = c->removable && (m.value & 1) == 0;
    snprintf(change, n, "%s %s", c->name, remove ? "removed" : "duplicated");
    if (remove) return splice(text, size, c->cut_at, c->cut_len, "", 0, out_len);
    char *copy = malloc(c->len + 2);
    if (!copy) return NULL;
    copy[0] = json ? ',' : 0;
    memcpy(copy + (json ? 1 : 0), text + c->at, c->len);
    char *out = splice(text, size, c->at + c->len, 0, copy, c->len + (json ? 1 : 0), out_len);
    free(copy);
    return out;
  }
  if (new_value(c, text + c->at, m, json, value, sizeof value)) return NULL;
  snprintf(change, n, "%s %.*s -> %s", c->name, (int)(c->len < 48 ? c->len : 48), text + c->at, value);
  return splice(text, size, c->at, c->len, value, strlen(value), out_len);
}

/* ---- keyword text formats ------------------------------------------------------------------ */

static const annotest_line_rule *rule_of(const annotest_text_grammar *g, const char *word, size_t len) {
  for (size_t i = 0; i < g->nrules; i++)
    if (strlen(g->rules[i].keyword) == len && !memcmp(g->rules[i].keyword, word, len)) return &g->rules[i];
  return NULL;
}

/* Adds a token of a line as a value field of kind named name (already formatted). */
static int add_token(candidates *cs, size_t at, size_t len, annotest_field_kind kind, const char *const *set,
                     const char *name) {
  candidate *c = add(cs);
  if (!c) return -1;
  c->at = at, c->len = len, c->kind = kind, c->set = set;
  snprintf(c->name, sizeof c->name, "%s", name);
  return 0;
}

/* The value fields of one line (tokens after the first for a header line, all for a body
 * line) and the line itself as a list element. */
static int text_line_candidates(candidates *cs, const char *text, size_t at, size_t len, size_t next,
                                const annotest_text_grammar *g, const annotest_line_rule *rule, long body_line) {
  size_t tokens = 0, k = 0, i = at, end = at + len;
  for (size_t j = at; j < end; j++) tokens += (j == at || text[j - 1] == ' ') && text[j] != ' ';
  for (; i < end; k++) {
    size_t s = i;
    while (i < end && text[i] != ' ') i++;
    size_t tlen = i - s;
    i++;
    if (!tlen || (rule && k == 0)) continue;
    char name[96];
    const char *colon = memchr(text + s, ':', tlen);
    if (rule && tokens > 2) snprintf(name, sizeof name, "%s[%zu]", rule->keyword, k - 1);
    else if (rule) snprintf(name, sizeof name, "%s", rule->keyword);
    else snprintf(name, sizeof name, "%s[%ld][%zu]", g->body_name, body_line, k);
    int rc;
    if (rule) {
      rc = add_token(cs, s, tlen, rule->kind, rule->set, name);
    } else if (colon) {
      size_t idx = (size_t)(colon - (text + s));
      char part[104];
      snprintf(part, sizeof part, "%s.index", name);
      rc = add_token(cs, s, idx, AT_FIELD_COUNT, NULL, part);
      snprintf(part, sizeof part, "%s.value", name);
      rc = rc ? rc : add_token(cs, s + idx + 1, tlen - idx - 1, AT_FIELD_REAL, NULL, part);
    } else {
      rc = add_token(cs, s, tlen, AT_FIELD_REAL, NULL, name);
    }
    if (rc) return -1;
  }
  candidate *line = add(cs);
  if (!line) return -1;
  line->is_element = 1, line->at = at, line->len = next - at, line->cut_at = at, line->cut_len = next - at;
  line->removable = !rule || rule->optional;
  if (rule) snprintf(line->name, sizeof line->name, "line %s", rule->keyword);
  else snprintf(line->name, sizeof line->name, "line %s[%ld]", g->body_name, body_line);
  return 0;
}

char *annotest_mutate_text(const char *text, const annotest_text_grammar *g, annotest_mutation m, char *change,
                           size_t n) {
  candidates cs = {0};
  size_t size = strlen(text);
  long body_line = -1;
  int failed = 0;
  for (size_t at = 0; at < size && !failed;) {
    const char *nl = memchr(text + at, '\n', size - at);
    size_t len = nl ? (size_t)(nl - (text + at)) : size - at, next = nl ? at + len + 1 : size;
    if (body_line >= 0) {
      failed = text_line_candidates(&cs, text, at, len, next, g, NULL, body_line++);
    } else if (len == strlen(g->body) && !memcmp(text + at, g->body, len)) {
      body_line = 0;
    } else {
      size_t w = 0;
      while (w < len && text[at + w] != ' ') w++;
      const annotest_line_rule *rule = rule_of(g, text + at, w);
      if (rule) failed = text_line_candidates(&cs, text, at, len, next, g, rule, -1);
    }
    at = next;
  }
  char *out = failed ? NULL : apply(text, size, &cs, m, 0, NULL, change, n);
  free(cs.c);
  return out;
}

/* ---- JSON ---------------------------------------------------------------------------------- */

typedef struct {
  const char *s;
  size_t n, i;
  const char *const *const *sets;
  candidates *cs;
  char path[96];
} json_scan;

static void skip_space(json_scan *j) {
  while (j->i < j->n && isspace((unsigned char)j->s[j->i])) j->i++;
}

/* A string's content at s (len bytes) as a number: 1 integer, 2 real, 0 not a number. */
static int number_kind(const char *s, size_t len) {
  char text[64], *end;
  if (!len || len >= sizeof text) return 0;
  memcpy(text, s, len);
  text[len] = 0;
  strtod(text, &end);
  if (*end || isspace((unsigned char)text[0])) return 0;
  return strspn(text + (text[0] == '-'), "0123456789") == len - (text[0] == '-') ? 1 : 2;
}

static const char *const *keyword_set(const json_scan *j, const char *s, size_t len) {
  for (size_t k = 0; j->sets && j->sets[k]; k++)
    for (size_t w = 0; j->sets[k][w]; w++)
      if (strlen(j->sets[k][w]) == len && !memcmp(j->sets[k][w], s, len)) return j->sets[k];
  return NULL;
}

static int scan_value(json_scan *j);

/* Adds the current value [at, j->i) as a field of kind (a scalar at the current path). */
static int add_scalar(json_scan *j, size_t at, size_t len, annotest_field_kind kind, const char *const *set) {
  return add_token(j->cs, at, len, kind, set, j->path);
}

static int scan_string(json_scan *j, size_t *at, size_t *len) {
  j->i++;
  *at = j->i;
  while (j->i < j->n && j->s[j->i] != '"') j->i += j->s[j->i] == '\\' ? 2 : 1;
  if (j->i >= j->n) return -1;
  *len = j->i - *at;
  j->i++;
  return 0;
}

static int scan_members(json_scan *j, int array) {
  size_t base = strlen(j->path), k = 0, prev = 0;
  j->i++;
  skip_space(j);
  if (j->i < j->n && j->s[j->i] == (array ? ']' : '}')) return j->i++, 0;
  for (;; k++) {
    skip_space(j);
    if (array) {
      snprintf(j->path + base, sizeof j->path - base, "[%zu]", k);
    } else {
      size_t at, len;
      if (j->i >= j->n || j->s[j->i] != '"' || scan_string(j, &at, &len)) return -1;
      snprintf(j->path + base, sizeof j->path - base, "%s%.*s", base ? "." : "", (int)len, j->s + at);
      skip_space(j);
      if (j->i >= j->n || j->s[j->i++] != ':') return -1;
      skip_space(j);
    }
    size_t start = j->i;
    if (scan_value(j)) return -1;
    if (array) { /* removal takes an element with the comma after it, the last one with the comma before */
      candidate *e = add(j->cs);
      if (!e) return -1;
      e->is_element = 1, e->removable = 1, e->at = start, e->len = j->i - start;
      e->cut_at = start, e->cut_len = j->i - start;
      snprintf(e->name, sizeof e->name, "%s", j->path);
      if (k > 0) {
        candidate *p = &j->cs->c[prev];
        e->cut_at = p->at + p->len, e->cut_len = j->i - e->cut_at;
        p->cut_at = p->at, p->cut_len = start - p->at;
      }
      prev = (size_t)(e - j->cs->c);
    }
    skip_space(j);
    if (j->i >= j->n) return -1;
    char c = j->s[j->i++];
    if (c == (array ? ']' : '}')) break;
    if (c != ',') return -1;
  }
  j->path[base] = 0;
  return 0;
}

static int scan_value(json_scan *j) {
  skip_space(j);
  if (j->i >= j->n) return -1;
  char c = j->s[j->i];
  size_t at = j->i, len;
  if (c == '{' || c == '[') return scan_members(j, c == '[');
  if (c == '"') {
    if (scan_string(j, &at, &len)) return -1;
    int kind = number_kind(j->s + at, len);
    const char *const *set = kind ? NULL : keyword_set(j, j->s + at, len);
    if (kind) return add_scalar(j, at, len, kind == 2 ? AT_FIELD_REAL : j->s[at] == '-' ? AT_FIELD_INT : AT_FIELD_COUNT, NULL);
    return set ? add_scalar(j, at, len, AT_FIELD_KEYWORD, set) : 0;
  }
  static const char *const words[] = {"true", "false", "null"};
  for (size_t w = 0; w < 3; w++)
    if (!strncmp(j->s + at, words[w], strlen(words[w]))) return j->i += strlen(words[w]), 0;
  while (j->i < j->n && (isalnum((unsigned char)j->s[j->i]) || strchr("+-.", j->s[j->i]))) j->i++;
  if (j->i == at) return -1;
  int kind = number_kind(j->s + at, j->i - at);
  if (!kind && strncmp(j->s + at, "NaN", 3) && strncmp(j->s + at, "Infinity", 8) && strncmp(j->s + at, "-Infinity", 9))
    return -1;
  return add_scalar(j, at, j->i - at, kind == 1 ? AT_FIELD_INT : AT_FIELD_REAL, NULL);
}

char *annotest_mutate_json(const char *json, size_t len, const char *const *const *keyword_sets, annotest_mutation m,
                           size_t *out_len, char *change, size_t n) {
  candidates cs = {0};
  json_scan j = {json, len, 0, keyword_sets, &cs, ""};
  char *out = scan_value(&j) ? NULL : apply(json, len, &cs, m, 1, out_len, change, n);
  free(cs.c);
  return out;
}

/* ---- reports ------------------------------------------------------------------------------- */

void annotest_mutant_in_use(const char *change) {
  static char note[256];
  if (change) snprintf(note, sizeof note, "the model in use is a mutant of a saved model: %s", change);
  mlf_set_crash_note(change ? note : NULL);
  if (change && getenv("MLF_ANNOTEST_SHOW_MUTANTS")) fprintf(stderr, "annotest: mutant: %s\n", change);
}
