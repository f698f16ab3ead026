/* The C glue: per annotated function a build step that folds the message's raw choices into
 * the annotated strategies (variables in dependency order: shapes before the buffers of that
 * shape, generators' objects from their own annotations), a run step that checks @require (a
 * filter of last resort, counted), calls the function between at_call_begin/end, checks
 * @ensure and hands the result to the @check oracle; a dispatcher over the root message. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "at_emit.h"

typedef struct {
  const at_emit_ctx *c;
  FILE *out;
  char *err;
  size_t errlen;
  int failed;
} emitter;

static void fail(emitter *e, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(emitter *e, int line, const char *fmt, ...) {
  if (e->failed) return;
  e->failed = 1;
  int n = snprintf(e->err, e->errlen, "%s:%d: error: ", e->c->h->path, line);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < e->errlen) vsnprintf(e->err + n, e->errlen - (size_t)n, fmt, ap);
  va_end(ap);
}

#define OUT(...) fprintf(e->out, __VA_ARGS__)

/* The type with every "const" removed: storage the glue fills. */
static void without_const(const char *type, char *out, size_t n) {
  size_t o = 0;
  for (const char *s = type; *s && o + 1 < n;) {
    if (strncmp(s, "const", 5) == 0 && (s == type || s[-1] == ' ' || s[-1] == '*') &&
        (s[5] == ' ' || s[5] == '*' || !s[5])) {
      s += 5;
      while (*s == ' ') s++;
      continue;
    }
    out[o++] = *s++;
  }
  while (o && out[o - 1] == ' ') o--;
  out[o] = 0;
}

/* What a pointer type points to, without const ("const double *" -> "double"). */
static int pointee(const char *type, char *out, size_t n) {
  without_const(type, out, n);
  char *star = strrchr(out, '*');
  if (!star) return -1;
  *star = 0;
  size_t len = strlen(out);
  while (len && out[len - 1] == ' ') out[--len] = 0;
  return 0;
}

/* A local of the declared type that can be assigned: top-level const dropped. */
static void local_type(const char *type, char *out, size_t n) {
  if (strchr(type, '*')) snprintf(out, n, "%s", type);
  else without_const(type, out, n);
}

static void message_type(emitter *e, const char *function, char *out, size_t n) {
  char name[320];
  at_message_name(e->c, function, name, sizeof name);
  snprintf(out, n, "Mlf__Annotest__%s", name);
}

/* ---- expressions over the variables (build context: slots) ---------------------------- */

static void expr(emitter *e, const at_function *fn, const at_term *t) {
  int v;
  switch (t->kind) {
  case AT_NUM:
  case AT_STR:
    OUT("%s", t->text);
    break;
  case AT_IDENT:
    v = at_var_index(fn, t->text);
    if (v < 0) {
      OUT("%s", t->text);
    } else if (fn->vars[v].strategy->kind == AT_CONST && fn->vars[v].strategy->constant->kind != AT_NUM) {
      /* a computed variable has no slot value: its expression stands in (a shape [len] with
       * len: nrow used to read 0) */
      OUT("(");
      expr(e, fn, fn->vars[v].strategy->constant);
      OUT(")");
    } else if (fn->vars[v].strategy->kind == AT_FROMS) {
      /* a froms variable's built value is the value picked, not its index (ANNOTATIONS.md:
       * "an identifier naming a parameter or dim is its built value"; the index stood in
       * before, so a layout froms([LAPACK_ROW_MAJOR, LAPACK_COL_MAJOR]) read 0 or 1) */
      const at_strategy *s = fn->vars[v].strategy;
      OUT("(");
      for (size_t j = 0; j + 1 < s->nvalues; j++) OUT("at__v[%d].pick == %zu ? (%s) : ", v, j, s->values[j]->text);
      OUT("(%s))", s->values[s->nvalues - 1]->text);
    } else {
      OUT("at__v[%d].%s", v, at_is_real(fn->vars[v].strategy) ? "d" : "i");
    }
    break;
  case AT_NEG:
    OUT("(-");
    expr(e, fn, t->args[0]);
    OUT(")");
    break;
  case AT_BINOP:
    OUT("(");
    expr(e, fn, t->args[0]);
    OUT(" %s ", t->text);
    expr(e, fn, t->args[1]);
    OUT(")");
    break;
  case AT_CALL:
    OUT("%s(", t->text);
    for (size_t i = 0; i < t->nargs; i++) {
      if (i) OUT(", ");
      expr(e, fn, t->args[i]);
    }
    OUT(")");
    break;
  case AT_LIST:
    fail(e, t->line, "a list is not a number");
  }
}

static void bound(emitter *e, const at_function *fn, const at_term *t, const char *cast, const char *absent) {
  if (!t) {
    OUT("%s", absent);
    return;
  }
  OUT("(%s)(", cast);
  expr(e, fn, t);
  OUT(")");
}

/* ---- scalars ---------------------------------------------------------------------------- */

static unsigned real_flags(const at_strategy *s) {
  return (s->exclude_min ? 1u : 0) | (s->exclude_max ? 2u : 0) | (s->allow_nan ? 4u : 0) | (s->allow_inf ? 8u : 0);
}

/* Builds a scalar strategy into slot lvalue S from raw expression R. */
static void scalar(emitter *e, const at_function *fn, const at_strategy *s, const char *S, const char *R,
                   const char *what) {
  switch (s->kind) {
  case AT_INTS:
    OUT("    { int64_t at__lo = ");
    bound(e, fn, s->min, "int64_t", "INT32_MIN");
    OUT("%s, at__hi = ", s->exclude_min ? " + 1" : "");
    bound(e, fn, s->max, "int64_t", "INT32_MAX");
    OUT("%s;\n      if (at__lo > at__hi) { at_reject(at__ctx, \"empty range of %s\"); return -1; }\n", s->exclude_max ? " - 1" : "", what);
    OUT("      %s.i = at_fold_int(%s, at__lo, at__hi); }\n", S, R);
    break;
  case AT_FLOATS:
    OUT("    { double at__lo = ");
    bound(e, fn, s->min, "double", "-INFINITY");
    OUT(", at__hi = ");
    bound(e, fn, s->max, "double", "INFINITY");
    OUT(";\n      if (!at_real_range_ok(at__lo, at__hi, %uu)) { at_reject(at__ctx, \"empty range of %s\"); return -1; }\n",
        real_flags(s), what);
    OUT("      %s.d = at_fold_real(%s, at__lo, at__hi, %uu); %s.real = 1; }\n", S, R, real_flags(s), S);
    break;
  case AT_BOOLS:
    OUT("    %s.i = (%s) != 0;\n", S, R);
    break;
  case AT_FROMS:
    OUT("    %s.pick = %s.i = at_fold_int(%s, 0, %zu);\n", S, S, R, s->nvalues - 1);
    break;
  case AT_FLAGS:
    if (s->nvalues > 62) fail(e, s->line, "flags takes at most 62 values");
    OUT("    %s.i = (int64_t)((uint64_t)(%s) & 0x%llxull);\n", S, R, (1ull << s->nvalues) - 1);
    break;
  case AT_CONST:
    if (s->constant->kind != AT_NUM) break; /* a named constant goes straight to its parameter */
    if (at_is_real(s)) OUT("    %s.d = %s; %s.real = 1;\n", S, s->constant->text, S);
    else OUT("    %s.i = %s;\n", S, s->constant->text);
    break;
  default:
    fail(e, s->line, "%s: not a scalar strategy", what);
  }
}

/* Assigns the typed lvalue L from a scalar built into slot S (froms and flags by name). */
static void assign(emitter *e, const at_strategy *s, const char *L, const char *S) {
  if (s->kind == AT_FROMS) {
    OUT("    switch (%s.pick) {\n", S);
    for (size_t j = 0; j + 1 < s->nvalues; j++) OUT("    case %zu: %s = %s; break;\n", j, L, s->values[j]->text);
    OUT("    default: %s = %s; break;\n", L, s->values[s->nvalues - 1]->text);
    OUT("    }\n");
  } else if (s->kind == AT_FLAGS) {
    OUT("    %s = 0;\n", L);
    for (size_t j = 0; j < s->nvalues; j++) OUT("    if (%s.i >> %zu & 1) %s |= %s;\n", S, j, L, s->values[j]->text);
  } else if (s->kind == AT_CONST) {
    OUT("    %s = %s;\n", L, s->constant->text);
  } else {
    OUT("    %s = (__typeof__(%s))%s.%s;\n", L, L, S, at_is_real(s) ? "d" : "i");
  }
}

/* ---- composites ------------------------------------------------------------------------- */

/* Raw scalar k of a nested message field f (absent message: 0). */
static void nested_raw(char *out, size_t n, const char *f, const char *member) {
  snprintf(out, n, "(at__m->%s ? at__m->%s->%s : 0)", f, f, member);
}

static void tuple_or_dict(emitter *e, const at_function *fn, const at_var *v, const char *S, const char *f) {
  const at_strategy *s = v->strategy;
  char type[256];
  int pointer = strchr(fn->params[v - fn->vars].type, '*') != NULL;
  if (s->kind == AT_TUPLES && !pointer) {
    fail(e, v->line, "tuples: %s must be a pointer (to the tuple's first element)", v->name);
    return;
  }
  if (pointer) pointee(fn->params[v - fn->vars].type, type, sizeof type);
  else without_const(fn->params[v - fn->vars].type, type, sizeof type);
  OUT("    { %s *at__p = at_alloc(at__ctx, %zu, sizeof *at__p);\n", type, s->kind == AT_TUPLES ? s->nitems : 1);
  OUT("    at_slot *at__s = at_slots(at__ctx, %zu);\n", s->nitems);
  for (size_t j = 0; j < s->nitems; j++) {
    char raw[256], slot[64], lvalue[160], member[128], what[160];
    if (s->kind == AT_DICTS) at_field_name(s->names[j], member, sizeof member);
    else snprintf(member, sizeof member, "e%zu", j);
    nested_raw(raw, sizeof raw, f, member);
    snprintf(slot, sizeof slot, "at__s[%zu]", j);
    if (s->kind == AT_DICTS) snprintf(lvalue, sizeof lvalue, "at__p->%s", s->names[j]);
    else snprintf(lvalue, sizeof lvalue, "at__p[%zu]", j);
    snprintf(what, sizeof what, "%s.%s", v->name, s->kind == AT_DICTS ? s->names[j] : member);
    scalar(e, fn, s->items[j], slot, raw, what);
    assign(e, s->items[j], lvalue, slot);
  }
  OUT("    %s.p = at__p; %s.count = %zu; %s.sub = at__s; %s.nsub = %zu; }\n", S, S,
      s->kind == AT_TUPLES ? s->nitems : 1, S, S, s->nitems);
}

static void any(emitter *e, const at_function *fn, const at_var *v, const char *S, const char *f) {
  const at_strategy *s = v->strategy;
  char raw[256];
  nested_raw(raw, sizeof raw, f, "pick");
  OUT("    %s.pick = at_fold_int(%s, 0, %zu);\n    switch (%s.pick) {\n", S, raw, s->nitems - 1, S);
  for (size_t j = 0; j < s->nitems; j++) {
    const at_strategy *alt = s->items[j];
    char member[32], what[160];
    snprintf(member, sizeof member, "a%zu", j);
    nested_raw(raw, sizeof raw, f, member);
    snprintf(what, sizeof what, "%s alternative %zu", v->name, j);
    OUT("    case %zu: {\n    at_slot at__e = {0};\n", j);
    if (alt->kind == AT_CONST && alt->constant->kind != AT_NUM)
      OUT("    at__e.i = (int64_t)(%s);\n", alt->constant->text);
    else
      scalar(e, fn, alt, "at__e", raw, what);
    if (alt->kind == AT_FROMS) assign(e, alt, "at__e.i", "at__e");
    OUT("    %s.i = at__e.i; %s.d = at__e.d; %s.real = at__e.real; break; }\n", S, S, S);
  }
  OUT("    }\n");
}

static void list(emitter *e, const at_function *fn, const at_var *v, const char *S, const char *f) {
  const at_strategy *s = v->strategy;
  char type[256], raw[256], what[160];
  if (pointee(fn->params[v - fn->vars].type, type, sizeof type) < 0) {
    fail(e, v->line, "lists: %s must be a pointer", v->name);
    return;
  }
  OUT("    { int64_t at__n;\n");
  if (s->len) {
    OUT("    at__n = ");
    bound(e, fn, s->len, "int64_t", "0");
    OUT(";\n    if (at__n < 0) { at_reject(at__ctx, \"negative length of %s\"); return -1; }\n", v->name);
  } else {
    OUT("    int64_t at__lo = ");
    bound(e, fn, s->min_len, "int64_t", "0");
    OUT(", at__hi = ");
    bound(e, fn, s->max_len, "int64_t", "0");
    OUT(";\n    if (at__lo < 0 || at__lo > at__hi) { at_reject(at__ctx, \"empty length range of %s\"); return -1; }\n", v->name);
    OUT("    at__n = at_fold_int((int64_t)at__m->n_%s, at__lo, at__hi);\n", f);
  }
  OUT("    %s *at__p = at_alloc(at__ctx, (size_t)at__n, sizeof *at__p);\n", type);
  OUT("    for (int64_t at__k = 0; at__k < at__n; at__k++) {\n    at_slot at__e = {0};\n");
  snprintf(raw, sizeof raw, "((size_t)at__k < at__m->n_%s ? at__m->%s[at__k] : 0)", f, f);
  snprintf(what, sizeof what, "the elements of %s", v->name);
  scalar(e, fn, s->items[0], "at__e", raw, what);
  assign(e, s->items[0], "at__p[at__k]", "at__e");
  OUT("    }\n    %s.p = at__p; %s.count = (size_t)at__n; }\n", S, S);
}

/* Element range of arrays and sparse values: at__elo/at__ehi (and at__efl for reals). */
static void element_range(emitter *e, const at_function *fn, const at_var *v, const at_strategy *el) {
  if (el->kind != AT_INTS && el->kind != AT_FLOATS) {
    fail(e, el->line, "the elements of %s must be ints or floats", v->name);
    return;
  }
  int real = el->kind == AT_FLOATS;
  OUT("    %s at__elo = ", real ? "double" : "int64_t");
  bound(e, fn, el->min, real ? "double" : "int64_t", real ? "-INFINITY" : "INT32_MIN");
  OUT("%s, at__ehi = ", !real && el->exclude_min ? " + 1" : "");
  bound(e, fn, el->max, real ? "double" : "int64_t", real ? "INFINITY" : "INT32_MAX");
  OUT("%s;\n", !real && el->exclude_max ? " - 1" : "");
  if (real)
    OUT("    if (!at_real_range_ok(at__elo, at__ehi, %uu)) { at_reject(at__ctx, \"empty element range of %s\"); return -1; }\n",
        real_flags(el), v->name);
  else
    OUT("    if (at__elo > at__ehi) { at_reject(at__ctx, \"empty element range of %s\"); return -1; }\n", v->name);
}

static void array(emitter *e, const at_function *fn, const at_var *v, const char *S, const char *f) {
  const at_strategy *s = v->strategy, *el = s->items[0];
  OUT("    { int64_t at__d0 = ");
  bound(e, fn, s->shape[0], "int64_t", "0");
  OUT(", at__d1 = ");
  bound(e, fn, s->rank == 2 ? s->shape[1] : NULL, "int64_t", "1");
  OUT(", at__pitch = ");
  bound(e, fn, s->rank == 2 ? s->ld : s->stride, "int64_t", s->rank == 2 ? "at__d1" : "1");
  OUT(";\n    if (at__d0 < 0 || at__d1 < 0 || at__pitch < (%s) || at__d0 > (1 << 24) || at__pitch > (1 << 24))"
      " { at_reject(at__ctx, \"shape of %s out of range\"); return -1; }\n", s->rank == 2 ? "at__d1" : "1", v->name);
  if (s->rank == 2) OUT("    size_t at__n = (size_t)(at__d0 * at__pitch);\n");
  else OUT("    size_t at__n = at__d0 ? (size_t)((at__d0 - 1) * at__pitch + 1) : 0;\n");
  element_range(e, fn, v, el);
  OUT("    %s *at__p = at_alloc(at__ctx, at__n, sizeof *at__p);\n", s->dtype);
  OUT("    for (size_t at__k = 0; at__k < at__n; at__k++)\n");
  if (el->kind == AT_FLOATS)
    OUT("      at__p[at__k] = (%s)at_element_real(at__m->%s, at__m->n_%s, at__m->%s_seed, at__k, at__elo, at__ehi, %uu);\n",
        s->dtype, f, f, f, real_flags(el));
  else
    OUT("      at__p[at__k] = (%s)at_element_int(at__m->%s, at__m->n_%s, at__m->%s_seed, at__k, at__elo, at__ehi);\n",
        s->dtype, f, f, f);
  OUT("    %s.p = at__p; %s.count = at__n; %s.rank = %zu; %s.dims[0] = (size_t)at__d0; %s.dims[1] = (size_t)at__d1;\n", S, S,
      S, s->rank, S, S);
  OUT("    %s.%s = (size_t)at__pitch; }\n", S, s->rank == 2 ? "ld" : "stride");
}

static void sparse(emitter *e, const at_function *fn, const at_var *v, const char *S, const char *f) {
  const at_strategy *s = v->strategy, *el = s->items[0];
  OUT("    { int64_t at__max = ");
  bound(e, fn, s->max_index, "int64_t", "0");
  OUT(", at__lo = ");
  bound(e, fn, s->min_len, "int64_t", "0");
  OUT(", at__hi = ");
  bound(e, fn, s->max_len, "int64_t", "0");
  OUT(";\n    if (at__hi > at__max) at__hi = at__max;\n"
      "    if (at__lo < 0 || at__lo > at__hi) { at_reject(at__ctx, \"empty length range of %s\"); return -1; }\n", v->name);
  OUT("    size_t at__n = (size_t)at_fold_int((int64_t)at__m->n_%s_value, at__lo, at__hi);\n", f);
  element_range(e, fn, v, el);
  OUT("    %s *at__p = at_alloc(at__ctx, at__n + 1, sizeof *at__p);\n    int64_t at__idx = 0;\n", s->dtype);
  OUT("    for (size_t at__k = 0; at__k < at__n; at__k++) {\n");
  OUT("      uint64_t at__gap = at__k < at__m->n_%s_gap ? at__m->%s_gap[at__k] : 0;\n", f, f);
  OUT("      int64_t at__room = at__max - (int64_t)at__n + (int64_t)at__k - at__idx; /* extra gap leaving room for the rest */\n");
  OUT("      at__idx += 1 + (at__room > 0 ? (int64_t)(at__gap %% (uint64_t)(at__room + 1)) : 0);\n");
  OUT("      at__p[at__k].%s = (__typeof__(at__p[at__k].%s))at__idx;\n", s->index_field, s->index_field);
  if (el->kind == AT_FLOATS)
    OUT("      at__p[at__k].%s = (__typeof__(at__p[at__k].%s))at_element_real(at__m->%s_value, at__m->n_%s_value, 0, at__k, at__elo, at__ehi, %uu);\n",
        s->value_field, s->value_field, f, f, real_flags(el));
  else
    OUT("      at__p[at__k].%s = (__typeof__(at__p[at__k].%s))at_element_int(at__m->%s_value, at__m->n_%s_value, 0, at__k, at__elo, at__ehi);\n",
        s->value_field, s->value_field, f, f);
  OUT("    }\n    at__p[at__n].%s = -1;\n    %s.p = at__p; %s.count = at__n; }\n", s->index_field, S, S);
}

/* A froms parameter of a generator fixed by the caller: its slot's pick is the index of the
 * value given (the generator reads pick), and a value not among its froms is refused. */
static void bound_pick(emitter *e, const at_function *fn, const at_function *g, int gv, const char *name) {
  const at_strategy *s = g->vars[gv].strategy;
  for (size_t j = 0; j < s->nvalues; j++)
    if (s->values[j]->kind == AT_STR) {
      fail(e, fn->line, "objs(%s, %s=...): a froms of strings cannot be fixed by the caller", g->name, name);
      return;
    }
  OUT("   ");
  for (size_t j = 0; j < s->nvalues; j++)
    OUT(" if (at__s[%d].i == (int64_t)(%s)) at__s[%d].pick = %zu;\n    else", gv, s->values[j]->text, gv, j);
  OUT(" { at_reject(at__ctx, \"%s=: not a value of %s's froms\"); return -1; }\n", name, g->name);
}

static void object(emitter *e, const at_function *fn, const at_var *v, const char *S, const char *f) {
  const at_strategy *s = v->strategy;
  const at_function *g = at_find_function(e->c->h, s->generator);
  OUT("    { at_slot *at__s = at_slots(at__ctx, %zu);\n    uint64_t at__b = 0;\n", g->nvars);
  for (size_t j = 0; j < s->nbind; j++) {
    int gv = at_var_index(g, s->bind_names[j]);
    int real = at_is_real(g->vars[gv].strategy);
    OUT("    at__s[%d].%s = ", gv, real ? "d" : "i");
    bound(e, fn, s->bind_values[j], real ? "double" : "int64_t", "0");
    OUT(";\n    at__s[%d].real = %d;\n    at__b |= 1ull << %d;\n", gv, real, gv);
    if (g->vars[gv].strategy->kind == AT_FROMS) bound_pick(e, fn, g, gv, s->bind_names[j]);
  }
  OUT("    if (at_build_%s(at__m->%s, at__s, at__b, at__ctx) < 0) return -1;\n", g->name, f);
  OUT("    void *at__o = at_make_%s(at__s, at__ctx);\n    if (!at__o) return -1;\n", g->name);
  OUT("    %s.p = at__o; %s.sub = at__s; %s.nsub = %zu; }\n", S, S, S, g->nvars);
}

static void outs(emitter *e, const at_function *fn, const at_var *v, const char *S) {
  char type[256];
  if (pointee(fn->params[v - fn->vars].type, type, sizeof type) < 0) {
    fail(e, v->line, "outs: %s must be a pointer", v->name);
    return;
  }
  OUT("    { int64_t at__c = ");
  bound(e, fn, v->strategy->count, "int64_t", "1");
  OUT(";\n    if (at__c < 0 || at__c > (1 << 24)) { at_reject(at__ctx, \"count of %s out of range\"); return -1; }\n", v->name);
  OUT("    %s.p = at_alloc(at__ctx, (size_t)at__c, sizeof(%s)); %s.count = (size_t)at__c; }\n", S, type, S);
}

/* ---- functions -------------------------------------------------------------------------- */

static void build_variable(emitter *e, const at_function *fn, size_t i) {
  const at_var *v = &fn->vars[i];
  char S[32], f[128], raw[160];
  snprintf(S, sizeof S, "at__v[%zu]", i);
  at_field_name(v->name, f, sizeof f);
  snprintf(raw, sizeof raw, "at__m->%s", f);
  switch (v->strategy->kind) {
  case AT_TUPLES:
  case AT_DICTS:
    tuple_or_dict(e, fn, v, S, f);
    break;
  case AT_ANYS:
    any(e, fn, v, S, f);
    break;
  case AT_LISTS:
    list(e, fn, v, S, f);
    break;
  case AT_ARRAYS:
    array(e, fn, v, S, f);
    break;
  case AT_SPARSE:
    sparse(e, fn, v, S, f);
    break;
  case AT_OBJS:
    object(e, fn, v, S, f);
    break;
  case AT_OUTS:
    outs(e, fn, v, S);
    break;
  default:
    scalar(e, fn, v->strategy, S, raw, v->name);
  }
}

static void build_function(emitter *e, const at_function *fn) {
  char msg[320];
  message_type(e, fn->name, msg, sizeof msg);
  OUT("\n/* %s:%d %s: the variables in dependency order. */\n", e->c->h->path, fn->line, fn->name);
  OUT("static int at_build_%s(const %s *at__m, at_slot *at__v, uint64_t at__bound, at_ctx *at__ctx) {\n", fn->name, msg);
  OUT("  static const %s at__zero;\n  if (!at__m) at__m = &at__zero;\n  (void)at__v; (void)at__bound; (void)at__ctx;\n", msg);
  for (size_t k = 0; k < fn->nvars && !e->failed; k++) {
    size_t i = fn->order[k];
    OUT("  if (!(at__bound >> %zu & 1)) { /* %s */\n", i, fn->vars[i].name);
    build_variable(e, fn, i);
    OUT("  }\n");
  }
  OUT("  return 0;\n}\n");
}

/* A computed argument's expression as C over the typed locals (named prefix + variable). */
static void local_expr(emitter *e, const at_function *fn, const at_term *t, const char *prefix) {
  switch (t->kind) {
  case AT_IDENT:
    OUT("%s%s", at_var_index(fn, t->text) >= 0 ? prefix : "", t->text);
    break;
  case AT_NEG:
  case AT_BINOP:
    OUT("(");
    if (t->kind == AT_NEG) OUT("-");
    local_expr(e, fn, t->args[0], prefix);
    if (t->kind == AT_BINOP) OUT(" %s ", t->text), local_expr(e, fn, t->args[1], prefix);
    OUT(")");
    break;
  case AT_CALL:
    OUT("%s(", t->text);
    for (size_t i = 0; i < t->nargs; i++) {
      if (i) OUT(", ");
      local_expr(e, fn, t->args[i], prefix);
    }
    OUT(")");
    break;
  case AT_LIST:
    fail(e, t->line, "a list is not a C value");
    break;
  default:
    OUT("%s", t->text);
  }
}

/* Typed locals named like the parameters (and @dim variables), from slots at__<slots>, in
 * build order so that a computed argument can use the variables it depends on. */
static void prologue(emitter *e, const at_function *fn, const char *slots, const char *prefix) {
  for (size_t k = 0; k < fn->nvars; k++) {
    size_t i = fn->order[k];
    const at_var *v = &fn->vars[i];
    const at_strategy *s = v->strategy;
    char S[64], local[256], name[160];
    snprintf(S, sizeof S, "%s[%zu]", slots, i);
    snprintf(name, sizeof name, "%s%s", prefix, v->name);
    if (i >= fn->nparams && s->kind == AT_CONST && s->constant->kind != AT_NUM) {
      OUT("  double %s = (double)(", name); /* a computed shape variable */
      local_expr(e, fn, s->constant, prefix);
      OUT("); (void)%s;\n", name);
      continue;
    }
    if (i >= fn->nparams) {
      OUT("  %s %s = %s.%s; (void)%s;\n", at_is_real(s) ? "double" : "long long", name, S, at_is_real(s) ? "d" : "i", name);
      continue;
    }
    const char *type = fn->params[i].type;
    local_type(type, local, sizeof local);
    int pointer = strchr(type, '*') != NULL;
    switch (s->kind) {
    case AT_INTS:
    case AT_BOOLS:
      OUT("  %s %s = (%s)%s.i;\n", local, name, local, S);
      break;
    case AT_FLOATS:
      OUT("  %s %s = (%s)%s.d;\n", local, name, local, S);
      break;
    case AT_ANYS:
      OUT("  %s %s = %s.real ? (%s)%s.d : (%s)%s.i;\n", local, name, S, local, S, local, S);
      break;
    case AT_CONST:
      OUT("  %s %s = (%s)(", local, name, local);
      local_expr(e, fn, s->constant, prefix);
      OUT(");\n");
      break;
    case AT_FROMS:
    case AT_FLAGS:
      OUT("  %s %s;\n", local, name);
      assign(e, s, name, S);
      break;
    case AT_DICTS:
      if (!pointer) {
        OUT("  %s %s = *(%s *)%s.p;\n", local, name, local, S);
        break;
      }
      /* fall through */
    default:
      OUT("  %s %s = (%s)%s.p;\n", local, name, local, S);
    }
    OUT("  (void)%s;\n", name);
  }
}

static void call_arguments(emitter *e, const at_function *fn, const char *prefix) {
  for (size_t i = 0; i < fn->nparams; i++) OUT("%s%s%s", i ? ", " : "", prefix, fn->params[i].name);
}

static int returns_value(const at_function *fn) { return strcmp(fn->ret_type, "void") != 0; }

/* A generator: the object from its typed arguments, owned by the arena. */
static void make_function(emitter *e, const at_function *fn) {
  OUT("\nstatic void *at_make_%s(at_slot *at__v, at_ctx *at__ctx) {\n  (void)at__v;\n", fn->name);
  prologue(e, fn, "at__v", "");
  for (size_t r = 0; r < fn->nrequires; r++)
    OUT("  if (!(%s)) { at_reject(at__ctx, \"@require(%s) of %s\"); return NULL; }\n", fn->requires[r], fn->requires[r], fn->name);
  for (size_t k = 0; k < fn->nknown; k++)
    OUT("  if ((%s) && !at_known(at__ctx, \"%s\", \"%s\")) return NULL;\n", fn->known_conditions[k], fn->known_kinds[k],
        fn->known_conditions[k]);
  OUT("  %s at__o = %s(", fn->ret_type, fn->name);
  call_arguments(e, fn, "");
  OUT(");\n  if (!at__o) { at_reject(at__ctx, \"%s returned NULL\"); return NULL; }\n", fn->name);
  if (fn->free_fn) OUT("  at_own(at__ctx, (void *)at__o, at_free_%s);\n", fn->name);
  OUT("  return (void *)at__o;\n}\n");
}

static void run_function(emitter *e, const at_function *fn, size_t index) {
  char msg[320];
  message_type(e, fn->name, msg, sizeof msg);
  OUT("\nstatic void at_run_%s(const %s *at__m, at_ctx *at__ctx) {\n", fn->name, msg);
  OUT("  at__ctx->stats = &at__stats[%zu];\n  at__ctx->stats->calls++;\n", index);
  OUT("  at_slot *at__v = at_slots(at__ctx, %zu);\n  if (at_build_%s(at__m, at__v, 0, at__ctx) < 0) return;\n", fn->nvars, fn->name);
  if (fn->check)
    OUT("  at_slot *at__w = at_slots(at__ctx, %zu); /* the arguments as they were before the call */\n"
        "  if (at_build_%s(at__m, at__w, 0, at__ctx) < 0) return;\n", fn->nvars, fn->name);
  prologue(e, fn, "at__v", "");
  if (fn->check) prologue(e, fn, "at__w", "at__before_");
  for (size_t r = 0; r < fn->nrequires; r++)
    OUT("  if (!(%s)) { at_reject(at__ctx, \"@require(%s)\"); return; }\n", fn->requires[r], fn->requires[r]);
  for (size_t k = 0; k < fn->nknown; k++)
    OUT("  if ((%s) && !at_known(at__ctx, \"%s\", \"%s\")) return;\n", fn->known_conditions[k], fn->known_kinds[k],
        fn->known_conditions[k]);
  OUT("  at_call_begin(at__ctx, %g);\n  ", fn->timeout);
  if (returns_value(fn)) OUT("%s ret = ", fn->ret_type);
  OUT("%s(", fn->name);
  call_arguments(e, fn, "");
  OUT(");\n  at_call_end(at__ctx);\n");
  const char *status = !returns_value(fn) ? "0" : strchr(fn->ret_type, '*') ? "(long long)(ret != NULL)" : "(long long)ret";
  for (size_t r = 0; r < fn->nensures; r++)
    OUT("  if (!(%s)) at_ensure_failed(at__ctx, \"%s\", %s);\n", fn->ensures[r], fn->ensures[r], status);
  if (fn->check) {
    OUT("  %s(at__ctx, %s", fn->check, returns_value(fn) ? "ret, " : "");
    call_arguments(e, fn, "");
    OUT(", ");
    call_arguments(e, fn, "at__before_");
    OUT(");\n");
  }
  if (returns_value(fn)) OUT("  (void)ret;\n");
  OUT("}\n");
}

static void dispatcher(emitter *e) {
  char root[320];
  at_message_name(e->c, "", root, sizeof root);
  root[strlen(root) - 4] = 0;
  const char *lib = e->c->lib;
  OUT("\nvoid annotest_%s_run(const Mlf__Annotest__%sAnnotatedCall *at__m, at_ctx *at__ctx) {\n"
      "  switch ((int)at__m->call_case) {\n", lib, root);
  size_t k = 0;
  for (size_t i = 0; i < e->c->h->nfns; i++) {
    const at_function *fn = &e->c->h->fns[i];
    if (!at_is_called(fn)) continue;
    char f[128];
    at_field_name(fn->name, f, sizeof f);
    OUT("  case %zu: at_run_%s(at__m->%s, at__ctx); break;\n", ++k, fn->name, f);
  }
  OUT("  default: break;\n  }\n}\n");
  OUT("\nint annotest_%s_build(const Mlf__Annotest__%sAnnotatedCall *at__m, at_ctx *at__ctx, const char **function,\n"
      "                    at_slot **slots) {\n  switch ((int)at__m->call_case) {\n", lib, root);
  k = 0;
  for (size_t i = 0; i < e->c->h->nfns; i++) {
    const at_function *fn = &e->c->h->fns[i];
    if (!at_is_called(fn)) continue;
    char f[128];
    at_field_name(fn->name, f, sizeof f);
    OUT("  case %zu: *function = \"%s\"; *slots = at_slots(at__ctx, %zu); at__ctx->stats = &at__stats[%zu];\n"
        "    return at_build_%s(at__m->%s, *slots, 0, at__ctx);\n", k + 1, fn->name, fn->nvars, k, fn->name, f);
    k++;
  }
  OUT("  default: return -2;\n  }\n}\n");
  OUT("\nat_function_stats *annotest_%s_stats(size_t *n) {\n  *n = %zu;\n  return at__stats;\n}\n", lib, k);
}

int at_emit_glue(const at_emit_ctx *c, FILE *out, char *err, size_t errlen) {
  emitter em = {c, out, err, errlen, 0}, *e = &em;
  OUT("/* Generated by annotest-gen from %s: do not edit. */\n#include <math.h>\n#include <stdint.h>\n"
      "#include \"annotest_runtime.h\"\n#include \"%s.pb-c.h\"\n#include \"%s\"\n#include \"%s_glue.h\"\n",
      c->h->path, c->proto_name, c->include, c->proto_name);
  OUT("\nstatic at_function_stats at__stats[] = {\n");
  size_t ncalled = 0;
  for (size_t i = 0; i < c->h->nfns; i++)
    if (at_is_called(&c->h->fns[i])) OUT("  {.name = \"%s\"},\n", c->h->fns[i].name), ncalled++;
  OUT("};\n");
  for (size_t i = 0; i < c->h->nfns; i++) { /* forward declarations: objs may name a later generator */
    const at_function *fn = &c->h->fns[i];
    if (!at_has_message(fn)) continue;
    char msg[320];
    message_type(e, fn->name, msg, sizeof msg);
    OUT("static int at_build_%s(const %s *at__m, at_slot *at__v, uint64_t at__bound, at_ctx *at__ctx);\n", fn->name, msg);
    if (fn->is_generator) OUT("static void *at_make_%s(at_slot *at__v, at_ctx *at__ctx);\n", fn->name);
    if (fn->is_generator && fn->free_fn)
      OUT("static void at_free_%s(void *at__o) { %s((%s)at__o); }\n", fn->name, fn->free_fn, fn->ret_type);
  }
  size_t index = 0;
  for (size_t i = 0; i < c->h->nfns && !e->failed; i++) {
    const at_function *fn = &c->h->fns[i];
    if (!at_has_message(fn)) continue;
    build_function(e, fn);
    if (fn->is_generator) make_function(e, fn);
    else run_function(e, fn, index++);
  }
  if (!ncalled) fail(e, 1, "no function to call: every annotated function is a generator or excluded");
  if (!e->failed) dispatcher(e);
  return e->failed ? -1 : 0;
}

/* The glue's interface for the harness and the tests. */
int at_emit_glue_header(const at_emit_ctx *c, FILE *out) {
  char root[320];
  at_message_name(c, "", root, sizeof root);
  root[strlen(root) - 4] = 0;
  fprintf(out, "/* Generated by annotest-gen from %s: do not edit. The glue of %s's annotated calls. */\n"
          "#ifndef ANNOTEST_%s_GLUE_H\n#define ANNOTEST_%s_GLUE_H\n#include \"annotest_runtime.h\"\n#include \"%s.pb-c.h\"\n"
          "/* Builds and runs the one call the message holds. */\n"
          "void annotest_%s_run(const Mlf__Annotest__%sAnnotatedCall *m, at_ctx *ctx);\n"
          "/* Builds the call's variables only (slots in the arena): 0, -1 when rejected, -2 without a call. */\n"
          "int annotest_%s_build(const Mlf__Annotest__%sAnnotatedCall *m, at_ctx *ctx, const char **function, at_slot **slots);\n"
          "/* Calls and rejections per called function (n of them). */\n"
          "at_function_stats *annotest_%s_stats(size_t *n);\n#endif\n",
          c->h->path, c->lib, c->lib, c->lib, c->proto_name, c->lib, root, c->lib, root, c->lib);
  return 0;
}
