/* Seeds from @cc_example: each known-good call written as the textproto of the root message,
 * with raw choices that the glue folds to exactly the example's values (a value inside its
 * range folds to itself); a value outside a literal range is an error. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "at_emit.h"

typedef struct {
  const at_emit_ctx *c;
  FILE *out;
  int line;
  char *err;
  size_t errlen;
  int failed;
} seeder;

static void fail(seeder *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(seeder *s, const char *fmt, ...) {
  if (s->failed) return;
  s->failed = 1;
  int n = snprintf(s->err, s->errlen, "%s:%d: error: @cc_example: ", s->c->h->path, s->line);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < s->errlen) vsnprintf(s->err + n, s->errlen - (size_t)n, fmt, ap);
  va_end(ap);
}

static void number(seeder *s, double v) {
  if (isnan(v)) fprintf(s->out, "nan");
  else if (isinf(v)) fprintf(s->out, v > 0 ? "inf" : "-inf");
  else if (v == (double)(long long)v && fabs(v) < 9e15) fprintf(s->out, "%lld", (long long)v);
  else fprintf(s->out, "%.17g", v);
}

/* The numeric value of an example term: a number, -number, nan or inf. */
static int numeric(const at_term *t, double *v) {
  if (t->kind == AT_NUM) return *v = t->num, 1;
  if (t->kind == AT_IDENT && (strcmp(t->text, "nan") == 0 || strcmp(t->text, "NAN") == 0)) return *v = NAN, 1;
  if (t->kind == AT_IDENT && (strcmp(t->text, "inf") == 0 || strcmp(t->text, "INFINITY") == 0)) return *v = INFINITY, 1;
  if (t->kind == AT_NEG && numeric(t->args[0], v)) return *v = -*v, 1;
  if (t->kind == AT_IDENT && (strcmp(t->text, "true") == 0 || strcmp(t->text, "false") == 0))
    return *v = t->text[0] == 't', 1;
  return 0;
}

/* Checks v against a strategy's literal bounds (bounds over other variables are not checked). */
static void in_range(seeder *s, const at_strategy *st, double v, const char *name) {
  double lo, hi;
  if (isnan(v) && st->kind == AT_FLOATS && !st->allow_nan) fail(s, "%s = nan but the annotation does not allow NaN", name);
  if (isinf(v) && st->kind == AT_FLOATS && !st->allow_inf) fail(s, "%s is infinite but the annotation does not allow it", name);
  if (st->min && numeric(st->min, &lo) && (v < lo || (st->exclude_min && v == lo)))
    fail(s, "%s = %g is below the annotated minimum %s", name, v, st->min->text);
  if (st->max && numeric(st->max, &hi) && (v > hi || (st->exclude_max && v == hi)))
    fail(s, "%s = %g is above the annotated maximum %s", name, v, st->max->text);
}

static int index_of(const at_strategy *st, const at_term *t) {
  for (size_t j = 0; j < st->nvalues; j++)
    if (t->text && strcmp(st->values[j]->text, t->text) == 0) return (int)j;
  return -1;
}

/* field: value for one scalar strategy. */
static void scalar(seeder *s, const at_strategy *st, const char *field, const at_term *t, const char *name) {
  double v;
  if (st->kind == AT_CONST) return;
  fprintf(s->out, "%s: ", field);
  if (st->kind == AT_FROMS) {
    int j = index_of(st, t);
    if (j < 0) fail(s, "%s = %s is not one of the froms values", name, t->text ? t->text : "?");
    fprintf(s->out, "%d ", j);
    return;
  }
  if (st->kind == AT_FLAGS) {
    unsigned long long mask = 0;
    for (size_t k = 0; t->kind == AT_LIST && k < t->nargs; k++) {
      int j = index_of(st, t->args[k]);
      if (j < 0) fail(s, "%s: %s is not one of the flags", name, t->args[k]->text ? t->args[k]->text : "?");
      mask |= 1ull << j;
    }
    if (t->kind != AT_LIST) fail(s, "%s: flags are given as a list [A, B]", name);
    fprintf(s->out, "%llu ", mask);
    return;
  }
  if (!numeric(t, &v)) fail(s, "%s needs a number", name);
  in_range(s, st, v, name);
  number(s, v);
  fprintf(s->out, " ");
}

static void value(seeder *s, const at_function *fn, const at_var *var, const at_term *t);

static void object(seeder *s, const at_strategy *st, const char *field, const at_term *t, const char *name) {
  const at_function *g = at_find_function(s->c->h, st->generator);
  if (t->kind != AT_CALL || strcmp(t->text, g->name) != 0) {
    fail(s, "%s is built by %s: write %s(param = value, ...)", name, g->name, g->name);
    return;
  }
  fprintf(s->out, "%s { ", field);
  for (size_t i = 0; i < t->nargs && !s->failed; i++) {
    int gv = t->keys[i] ? at_var_index(g, t->keys[i]) : -1;
    if (gv < 0) fail(s, "%s has no parameter %s", g->name, t->keys[i] ? t->keys[i] : "(positional)");
    else value(s, g, &g->vars[gv], t->args[i]);
  }
  fprintf(s->out, "} ");
}

static void value(seeder *s, const at_function *fn, const at_var *var, const at_term *t) {
  const at_strategy *st = var->strategy;
  char f[128], sub[160];
  at_field_name(var->name, f, sizeof f);
  (void)fn;
  switch (st->kind) {
  case AT_OUTS:
    fail(s, "%s is an output: leave it out", var->name);
    break;
  case AT_LISTS:
  case AT_ARRAYS:
    if (t->kind != AT_LIST) fail(s, "%s takes a list [..]", var->name);
    for (size_t k = 0; k < t->nargs && !s->failed; k++) scalar(s, st->items[0], f, t->args[k], var->name);
    break;
  case AT_SPARSE: {
    long long prev = 0;
    for (size_t k = 0; t->kind == AT_LIST && k < t->nargs && !s->failed; k++) {
      const at_term *pair = t->args[k];
      double index;
      if (pair->kind != AT_LIST || pair->nargs != 2 || !numeric(pair->args[0], &index) || index <= (double)prev) {
        fail(s, "%s takes [[index, value], ...] with ascending indices from 1", var->name);
        break;
      }
      fprintf(s->out, "%s_gap: %lld ", f, (long long)index - prev - 1);
      prev = (long long)index;
      snprintf(sub, sizeof sub, "%s_value", f);
      scalar(s, st->items[0], sub, pair->args[1], var->name);
    }
    if (t->kind != AT_LIST) fail(s, "%s takes [[index, value], ...]", var->name);
    break;
  }
  case AT_TUPLES:
  case AT_ANYS:
  case AT_DICTS:
    fprintf(s->out, "%s { ", f);
    if (st->kind == AT_TUPLES) {
      if (t->kind != AT_LIST || t->nargs != st->nitems) fail(s, "%s takes a list of %zu values", var->name, st->nitems);
      for (size_t k = 0; k < st->nitems && !s->failed; k++) {
        snprintf(sub, sizeof sub, "e%zu", k);
        scalar(s, st->items[k], sub, t->args[k], var->name);
      }
    } else if (st->kind == AT_DICTS) {
      if (t->kind != AT_CALL) fail(s, "%s takes type(field = value, ...)", var->name);
      for (size_t k = 0; k < t->nargs && !s->failed; k++) {
        size_t j = 0;
        while (j < st->nitems && (!t->keys[k] || strcmp(st->names[j], t->keys[k]) != 0)) j++;
        if (j == st->nitems) fail(s, "%s has no field %s", var->name, t->keys[k] ? t->keys[k] : "(positional)");
        else at_field_name(st->names[j], sub, sizeof sub), scalar(s, st->items[j], sub, t->args[k], var->name);
      }
    } else { /* anys: the first alternative the value fits */
      double v;
      size_t j = 0;
      int num = numeric(t, &v);
      for (; j < st->nitems; j++) {
        const at_strategy *a = st->items[j];
        double c, lo, hi;
        if (a->kind == AT_CONST && ((num && numeric(a->constant, &c) && c == v) ||
                                    (a->constant->text && t->text && strcmp(a->constant->text, t->text) == 0))) break;
        if ((a->kind == AT_INTS || a->kind == AT_FLOATS) && num && (!a->min || (numeric(a->min, &lo) && v >= lo)) &&
            (!a->max || (numeric(a->max, &hi) && v <= hi))) break;
        if (a->kind == AT_FROMS && index_of(a, t) >= 0) break;
      }
      if (j == st->nitems) fail(s, "%s fits none of its anys alternatives", var->name);
      fprintf(s->out, "pick: %zu ", j);
      snprintf(sub, sizeof sub, "a%zu", j);
      if (!s->failed) scalar(s, st->items[j], sub, t, var->name);
    }
    fprintf(s->out, "} ");
    break;
  case AT_OBJS:
    object(s, st, f, t, var->name);
    break;
  default:
    scalar(s, st, f, t, var->name);
  }
}

int at_emit_seeds(const at_emit_ctx *c, const char *dir, char *err, size_t errlen) {
  for (size_t i = 0; i < c->h->nfns; i++) {
    const at_function *fn = &c->h->fns[i];
    if (!at_is_called(fn)) continue;
    for (size_t x = 0; x < fn->nexamples; x++) {
      const at_example *ex = &fn->examples[x];
      char path[1024], f[128];
      snprintf(path, sizeof path, "%s/%s_%zu.textproto", dir, fn->name, x + 1);
      seeder s = {c, fopen(path, "w"), ex->line, err, errlen, 0};
      if (!s.out) {
        snprintf(err, errlen, "%s: cannot write", path);
        return -1;
      }
      at_field_name(fn->name, f, sizeof f);
      fprintf(s.out, "# @cc_example of %s (%s:%d)\n%s { ", fn->name, c->h->path, ex->line, f);
      for (size_t k = 0; k < ex->n && !s.failed; k++)
        value(&s, fn, &fn->vars[at_var_index(fn, ex->names[k])], ex->values[k]);
      fprintf(s.out, "}\n");
      fclose(s.out);
      if (s.failed) return -1;
    }
  }
  return 0;
}
