/* The independent judge of the generated glue (annotation_checker.h). */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "annotation_checker.h"

typedef struct {
  const at_header *h;
  const at_function *fn;
  const at_slot *slots;
  const annotation_model *model;
  size_t *computed;
  char *why;
  size_t n;
} judge;

/* A term's value: integral when every operand is (C's integer division then applies). */
typedef struct {
  double v;
  int integral, ok;
} value;

static int fail(judge *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(judge *j, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(j->why, j->n, fmt, ap);
  va_end(ap);
  return -1;
}

static int is_real_var(const at_var *v) {
  return v->strategy->kind == AT_FLOATS || (v->strategy->kind == AT_CONST && at_is_real(v->strategy));
}

static value eval(judge *j, const at_term *t) {
  value r = {0, 1, 1}, a, b;
  int v;
  switch (t->kind) {
  case AT_NUM:
    r.v = t->num;
    r.integral = t->num == floor(t->num) && !strpbrk(t->text, ".eE");
    return r;
  case AT_IDENT:
    v = at_var_index(j->fn, t->text);
    if (v >= 0 && j->fn->vars[v].strategy->kind == AT_CONST && j->fn->vars[v].strategy->constant->kind != AT_NUM)
      return eval(j, j->fn->vars[v].strategy->constant); /* a computed variable: its expression */
    if (v < 0) { /* a C constant: the test's model of it (a call without arguments) */
      int known = 1;
      r.v = j->model->call(t->text, NULL, 0, &known);
      r.integral = r.v == floor(r.v);
      if (!known) {
        fail(j, "term %s: not a variable or constant this judge can read", t->text);
        r.ok = 0;
      }
      return r;
    }
    if (j->fn->vars[v].strategy->kind == AT_FROMS && j->slots[v].pick >= 0 &&
        (size_t)j->slots[v].pick < j->fn->vars[v].strategy->nvalues &&
        j->fn->vars[v].strategy->values[j->slots[v].pick]->kind != AT_STR)
      return eval(j, j->fn->vars[v].strategy->values[j->slots[v].pick]); /* the value picked; a string: its index */
    r.integral = !is_real_var(&j->fn->vars[v]);
    r.v = r.integral ? (double)j->slots[v].i : j->slots[v].d;
    return r;
  case AT_NEG:
    r = eval(j, t->args[0]);
    r.v = -r.v;
    return r;
  case AT_BINOP:
    a = eval(j, t->args[0]);
    b = eval(j, t->args[1]);
    r.ok = a.ok && b.ok;
    r.integral = a.integral && b.integral;
    switch (t->text[0]) {
    case '+': r.v = a.v + b.v; break;
    case '-': r.v = a.v - b.v; break;
    case '*': r.v = a.v * b.v; break;
    case '/': r.v = r.integral ? (b.v ? trunc(a.v / b.v) : NAN) : a.v / b.v; break;
    default: r.v = fmod(a.v, b.v); break;
    }
    return r;
  case AT_CALL: {
    double args[8];
    int known = 1;
    if (t->nargs > 8) {
      r.ok = 0;
      fail(j, "term %s: too many arguments", t->text);
      return r;
    }
    for (size_t i = 0; i < t->nargs; i++) {
      a = eval(j, t->args[i]);
      if (!a.ok) return a;
      args[i] = a.v;
    }
    r.v = j->model->call(t->text, args, t->nargs, &known);
    r.integral = r.v == floor(r.v);
    if (!known) {
      r.ok = 0;
      fail(j, "term %s(...): the test has no model of this function", t->text);
    }
    return r;
  }
  default:
    r.ok = 0;
    fail(j, "a term this judge cannot evaluate (line %d)", t->line);
    return r;
  }
}

/* An integer bound: the term, or the default; +1 / -1 for an excluded end. */
static int int_bound(judge *j, const at_term *t, int64_t absent, int exclude, int sign, int64_t *out) {
  if (!t) {
    *out = absent;
  } else {
    value v = eval(j, t);
    if (!v.ok) return -1;
    *out = (int64_t)v.v;
  }
  *out += exclude ? sign : 0;
  return 0;
}

static int check_int(judge *j, const char *what, const at_strategy *s, int64_t x) {
  int64_t lo, hi;
  if (int_bound(j, s->min, INT32_MIN, s->exclude_min, 1, &lo) || int_bound(j, s->max, INT32_MAX, s->exclude_max, -1, &hi))
    return -1;
  if (x < lo || x > hi) return fail(j, "%s = %lld outside [%lld, %lld]", what, (long long)x, (long long)lo, (long long)hi);
  return 0;
}

static int check_real(judge *j, const char *what, const at_strategy *s, double x) {
  double lo = -INFINITY, hi = INFINITY;
  value v;
  if (s->min) {
    if (!(v = eval(j, s->min)).ok) return -1;
    lo = v.v;
  }
  if (s->max) {
    if (!(v = eval(j, s->max)).ok) return -1;
    hi = v.v;
  }
  if (isnan(x)) return s->allow_nan ? 0 : fail(j, "%s is NaN, not allowed", what);
  if (isinf(x) && !s->allow_inf) return fail(j, "%s = %g, infinities not allowed", what, x);
  if (x < lo || x > hi || (s->exclude_min && x == lo) || (s->exclude_max && x == hi))
    return fail(j, "%s = %.17g outside %c%.17g, %.17g%c", what, x, s->exclude_min ? '(' : '[', lo, hi,
                s->exclude_max ? ')' : ']');
  return 0;
}

/* A scalar strategy's value in slot. */
static int check_scalar(judge *j, const char *what, const at_strategy *s, const at_slot *slot) {
  switch (s->kind) {
  case AT_INTS: return check_int(j, what, s, slot->i);
  case AT_FLOATS:
    if (!slot->real) return fail(j, "%s: a real without its real mark", what);
    return check_real(j, what, s, slot->d);
  case AT_BOOLS: return slot->i == 0 || slot->i == 1 ? 0 : fail(j, "%s = %lld is not a bool", what, (long long)slot->i);
  case AT_FROMS:
    if (slot->pick < 0 || (size_t)slot->pick >= s->nvalues) return fail(j, "%s picks value %lld of %zu", what, (long long)slot->pick, s->nvalues);
    return 0;
  case AT_FLAGS:
    if (s->nvalues < 63 && (uint64_t)slot->i >> s->nvalues) return fail(j, "%s = 0x%llx sets a flag past the %zu given", what, (unsigned long long)slot->i, s->nvalues);
    return 0;
  default: return fail(j, "%s: not a scalar strategy", what);
  }
}

/* Element k of a buffer of C type dtype, as a double (the types annotations here use). */
static int element(judge *j, const char *dtype, const void *p, size_t k, double *out) {
  if (!strcmp(dtype, "double")) *out = ((const double *)p)[k];
  else if (!strcmp(dtype, "float")) *out = ((const float *)p)[k];
  else if (!strcmp(dtype, "int") || !strcmp(dtype, "lapack_int")) *out = ((const int *)p)[k]; /* LAPACKE's 32-bit lapack_int */
  else if (!strcmp(dtype, "char")) *out = ((const char *)p)[k];
  else return fail(j, "arrays of %s are not judged", dtype);
  return 0;
}

static int check_array(judge *j, const at_var *v, const at_slot *slot) {
  const at_strategy *s = v->strategy, *el = s->items[0];
  value d0 = eval(j, s->shape[0]), d1 = {1, 1, 1}, pitch;
  if (!d0.ok) return -1;
  if (s->rank == 2 && !(d1 = eval(j, s->shape[1])).ok) return -1;
  const at_term *pitch_term = s->rank == 2 ? s->ld : s->stride;
  if (pitch_term) {
    if (!(pitch = eval(j, pitch_term)).ok) return -1;
  } else {
    pitch = s->rank == 2 ? d1 : (value){1, 1, 1};
  }
  if (slot->rank != s->rank) return fail(j, "%s: rank %zu, annotated %zu", v->name, slot->rank, s->rank);
  if ((double)slot->dims[0] != d0.v || (s->rank == 2 && (double)slot->dims[1] != d1.v))
    return fail(j, "%s: shape %zu x %zu, annotated %g x %g", v->name, slot->dims[0], slot->dims[1], d0.v, d1.v);
  size_t got_pitch = s->rank == 2 ? slot->ld : slot->stride;
  if ((double)got_pitch != pitch.v) return fail(j, "%s: pitch %zu, annotated %g", v->name, got_pitch, pitch.v);
  if (s->rank == 2 && slot->ld < slot->dims[1]) return fail(j, "%s: ld %zu below the %zu columns", v->name, slot->ld, slot->dims[1]);
  if (s->rank == 1 && slot->stride < 1) return fail(j, "%s: stride 0", v->name);
  size_t rows = slot->dims[0], cols = s->rank == 2 ? slot->dims[1] : 1;
  size_t span = rows == 0 ? 0 : s->rank == 2 ? rows * slot->ld : (rows - 1) * slot->stride + 1;
  if (slot->count < span) return fail(j, "%s: %zu elements stored, the shape spans %zu", v->name, slot->count, span);
  if (span && !slot->p) return fail(j, "%s: no buffer", v->name);
  for (size_t r = 0; r < rows; r++)
    for (size_t c = 0; c < cols; c++) {
      size_t k = s->rank == 2 ? r * slot->ld + c : r * slot->stride;
      double x;
      char what[160];
      if (element(j, s->dtype, slot->p, k, &x)) return -1;
      snprintf(what, sizeof what, "%s[%zu]", v->name, k);
      if (el->kind == AT_INTS ? check_int(j, what, el, (int64_t)x) : check_real(j, what, el, x)) return -1;
    }
  return 0;
}

static int check_outs(judge *j, const at_var *v, const at_slot *slot) {
  value c = {1, 1, 1};
  if (v->strategy->count && !(c = eval(j, v->strategy->count)).ok) return -1;
  if ((double)slot->count != c.v) return fail(j, "%s: room for %zu elements, annotated %g", v->name, slot->count, c.v);
  return slot->p ? 0 : fail(j, "%s: no storage", v->name);
}

static int check_object(judge *j, const at_var *v, const at_slot *slot) {
  const at_strategy *s = v->strategy;
  const at_function *g = at_find_function(j->h, s->generator);
  if (!g || !slot->sub || slot->nsub != g->nvars) return fail(j, "%s: not built by generator %s", v->name, s->generator);
  for (size_t b = 0; b < s->nbind; b++) { /* the caller's fixed parameters */
    int gv = at_var_index(g, s->bind_names[b]);
    value want = eval(j, s->bind_values[b]);
    if (!want.ok) return -1;
    double got = is_real_var(&g->vars[gv]) ? slot->sub[gv].d : (double)slot->sub[gv].i;
    if (got != (is_real_var(&g->vars[gv]) ? want.v : trunc(want.v)))
      return fail(j, "%s: %s(%s = %.17g), the annotation fixes it to %.17g", v->name, g->name, s->bind_names[b], got, want.v);
  }
  char inner[400];
  if (annotation_check(j->h, g, slot->sub, j->model, j->computed, inner, sizeof inner))
    return fail(j, "%s: %s: %s", v->name, g->name, inner);
  if (j->model->object(g, slot, inner, sizeof inner)) return fail(j, "%s: the %s object: %s", v->name, g->name, inner);
  return 0;
}

static int check_sparse(judge *j, const at_var *v, const at_slot *slot) {
  const at_strategy *s = v->strategy, *el = s->items[0];
  value max_index = eval(j, s->max_index), max_len = eval(j, s->max_len), min_len = {0, 1, 1};
  if (!max_index.ok || !max_len.ok || (s->min_len && !(min_len = eval(j, s->min_len)).ok)) return -1;
  if (!j->model->node) return fail(j, "%s: the test has no model of sparse nodes", v->name);
  double longest = fmin(max_len.v, max_index.v);
  if ((double)slot->count < min_len.v || (double)slot->count > longest)
    return fail(j, "%s: %zu nodes, annotated %g .. %g", v->name, slot->count, min_len.v, longest);
  long long index, previous = 0;
  double x;
  for (size_t k = 0; k < slot->count; k++) {
    char what[160];
    if (j->model->node(s->dtype, slot->p, k, &index, &x)) return fail(j, "%s: nodes of %s are not judged", v->name, s->dtype);
    if (index <= previous || (double)index > max_index.v)
      return fail(j, "%s: node %zu has index %lld after %lld (ascending from 1 up to %g)", v->name, k, index, previous,
                  max_index.v);
    previous = index;
    snprintf(what, sizeof what, "%s node %zu's value", v->name, k);
    if (el->kind == AT_INTS ? check_int(j, what, el, (int64_t)x) : check_real(j, what, el, x)) return -1;
  }
  if (j->model->node(s->dtype, slot->p, slot->count, &index, &x) || index != -1)
    return fail(j, "%s: node %zu (after the last) has index %lld, not the terminator -1", v->name, slot->count, index);
  return 0;
}

static int check_variable(judge *j, size_t i) {
  const at_var *v = &j->fn->vars[i];
  const at_slot *slot = &j->slots[i];
  const at_strategy *s = v->strategy;
  switch (s->kind) {
  case AT_ARRAYS: return check_array(j, v, slot);
  case AT_OUTS: return check_outs(j, v, slot);
  case AT_OBJS: return check_object(j, v, slot);
  case AT_CONST:
    if (s->constant->kind != AT_NUM) {
      if (j->computed) (*j->computed)++;
      return 0;
    }
    if ((at_is_real(s) ? slot->d : (double)slot->i) != s->constant->num)
      return fail(j, "%s: not the constant %s", v->name, s->constant->text);
    return 0;
  case AT_DICTS: /* each field a scalar, built into slot->sub */
    if (!slot->p || !slot->sub || slot->nsub != s->nitems) return fail(j, "%s: not a dict of %zu fields", v->name, s->nitems);
    for (size_t f = 0; f < s->nitems; f++) {
      char what[160];
      snprintf(what, sizeof what, "%s.%s", v->name, s->names[f]);
      const at_strategy *field = s->items[f];
      if (field->kind == AT_CONST) { /* a number is built into its slot; a C name is emitted as written */
        if (field->constant->kind == AT_NUM &&
            (at_is_real(field) ? slot->sub[f].d : (double)slot->sub[f].i) != field->constant->num)
          return fail(j, "%s: not the constant %s", what, field->constant->text);
      } else if (check_scalar(j, what, field, &slot->sub[f])) {
        return -1;
      }
    }
    return 0;
  case AT_SPARSE: return check_sparse(j, v, slot);
  case AT_LISTS: case AT_TUPLES: case AT_ANYS:
    return fail(j, "%s: this judge does not check lists, tuples or anys yet", v->name);
  default: return check_scalar(j, v->name, s, slot);
  }
}

int annotation_check(const at_header *h, const at_function *fn, const at_slot *slots, const annotation_model *model,
                     size_t *computed, char *why, size_t n) {
  judge j = {h, fn, slots, model, computed, why, n};
  for (size_t i = 0; i < fn->nvars; i++)
    if (check_variable(&j, i)) return -1;
  return 0;
}

const at_slot *annotation_var(const at_function *g, const at_slot *slot, const char *name) {
  int v = at_var_index(g, name);
  return v < 0 ? NULL : &slot->sub[v];
}

int annotation_why(char *out, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out, n, fmt, ap);
  va_end(ap);
  return -1;
}
