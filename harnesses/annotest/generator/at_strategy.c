/* Strategies from terms: each strategy name with the keywords it takes (ANNOTATIONS.md), and
 * the classification helpers the emitters and the checker use. */
#include <string.h>
#include "at_parse_internal.h"

typedef struct {
  const char *name;
  at_strategy_kind kind;
  const char *keywords; /* space-separated; "*" = any (dicts fields, objs bindings) */
} strategy_spec;

static const strategy_spec specs[] = {
    {"ints", AT_INTS, "min max exclude_min exclude_max"},
    {"floats", AT_FLOATS, "min max exclude_min exclude_max allow_nan allow_inf"},
    {"bools", AT_BOOLS, ""},
    {"froms", AT_FROMS, ""},
    {"flags", AT_FLAGS, ""},
    {"tuples", AT_TUPLES, ""},
    {"lists", AT_LISTS, "min_len max_len len"},
    {"arrays", AT_ARRAYS, "dtype shape elements ld stride"},
    {"sparse", AT_SPARSE, "dtype index value values min_len max_len max_index"},
    {"dicts", AT_DICTS, "*"},
    {"anys", AT_ANYS, ""},
    {"objs", AT_OBJS, "*"},
    {"outs", AT_OUTS, "count"},
};

static const strategy_spec *spec_named(const char *name) {
  for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
    if (strcmp(specs[i].name, name) == 0) return &specs[i];
  return NULL;
}

static int keyword_allowed(const char *keywords, const char *key) {
  size_t n = strlen(key);
  for (const char *k = keywords; (k = strstr(k, key)); k += n)
    if ((k == keywords || k[-1] == ' ') && (k[n] == ' ' || k[n] == 0)) return 1;
  return 0;
}

static const at_term *keyword(const at_term *t, const char *key) {
  for (size_t i = 0; i < t->nargs; i++)
    if (t->keys[i] && strcmp(t->keys[i], key) == 0) return t->args[i];
  return NULL;
}

static size_t positional_count(const at_term *t) {
  size_t n = 0;
  for (size_t i = 0; i < t->nargs; i++) n += !t->keys[i];
  return n;
}

static int truth(at_parser *p, const at_term *t, const char *key) {
  const at_term *v = keyword(t, key);
  if (!v) return 0;
  if (v->kind == AT_IDENT && strcmp(v->text, "true") == 0) return 1;
  if (v->kind == AT_IDENT && strcmp(v->text, "false") == 0) return 0;
  if (v->kind == AT_NUM && (v->num == 0 || v->num == 1)) return v->num == 1;
  at_fail(p, v->line, "%s takes true or false", key);
  return 0;
}

static char *identifier(at_parser *p, const at_term *t, const char *what) {
  if (t && t->kind == AT_IDENT) return t->text;
  at_fail(p, t ? t->line : 0, "%s must be a C identifier", what);
  return NULL;
}

/* The values of froms / flags: one list of constants. */
static void value_list(at_parser *p, const at_term *t, at_strategy *s) {
  if (t->nargs != 1 || t->keys[0] || t->args[0]->kind != AT_LIST || !t->args[0]->nargs) {
    at_fail(p, t->line, "%s takes one non-empty list of C values, e.g. %s([A, B])", t->text, t->text);
    return;
  }
  s->values = t->args[0]->args;
  s->nvalues = t->args[0]->nargs;
  for (size_t i = 0; i < s->nvalues; i++)
    if (s->values[i]->kind == AT_LIST || s->values[i]->kind == AT_CALL)
      at_fail(p, s->values[i]->line, "%s values must be constants, names or strings", t->text);
}

static void positional_strategies(at_parser *p, const at_term *t, at_strategy *s, size_t min) {
  for (size_t i = 0; i < t->nargs && !p->failed; i++) {
    if (t->keys[i]) continue;
    at_strategy *item = at_strategy_from_term(p, t->args[i]);
    if (item) at_push(p->h, &s->items, &s->nitems, &item, sizeof item);
  }
  if (!p->failed && s->nitems < min) at_fail(p, t->line, "%s needs at least %zu strategies", t->text, min);
}

static void nested_scalar(at_parser *p, const at_strategy *outer, const at_strategy *inner) {
  if (inner && !at_is_scalar(inner))
    at_fail(p, inner->line, "the elements, fields and alternatives of %s must be scalar strategies "
            "(ints, floats, bools, froms, flags or a constant)",
            outer->kind == AT_TUPLES ? "tuples" : outer->kind == AT_DICTS ? "dicts" :
            outer->kind == AT_ANYS ? "anys" : outer->kind == AT_LISTS ? "lists" : "arrays");
}

/* Keyword arguments as they are: dicts fields (strategies) or objs bindings (expressions). */
static void keyword_items(at_parser *p, const at_term *t, at_strategy *s) {
  for (size_t i = 0; i < t->nargs && !p->failed; i++) {
    if (!t->keys[i]) continue;
    if (s->kind == AT_OBJS) {
      size_t n = s->nbind;
      at_push(p->h, &s->bind_names, &n, &t->keys[i], sizeof(char *));
      at_push(p->h, &s->bind_values, &s->nbind, &t->args[i], sizeof(at_term *));
      continue;
    }
    at_strategy *field = at_strategy_from_term(p, t->args[i]);
    nested_scalar(p, s, field);
    size_t n = s->nitems;
    at_push(p->h, &s->names, &n, &t->keys[i], sizeof(char *));
    at_push(p->h, &s->items, &s->nitems, &field, sizeof field);
  }
}

static void shape(at_parser *p, const at_term *t, at_strategy *s) {
  const at_term *sh = keyword(t, "shape");
  if (!sh || sh->kind != AT_LIST || sh->nargs < 1 || sh->nargs > 2) {
    at_fail(p, t->line, "arrays needs shape=[rows] or shape=[rows, cols]");
    return;
  }
  s->shape = sh->args;
  s->rank = sh->nargs;
  s->ld = (at_term *)keyword(t, "ld");
  s->stride = (at_term *)keyword(t, "stride");
  if (s->ld && s->rank != 2) at_fail(p, t->line, "ld= is the row pitch of a 2-D array (shape=[rows, cols])");
  if (s->stride && s->rank != 1) at_fail(p, t->line, "stride= is the element pitch of a 1-D array");
}

/* The element strategy of lists, arrays and sparse; arrays default to finite reals. */
static void element(at_parser *p, const at_term *t, at_strategy *s, const at_term *elements) {
  at_strategy *e = NULL;
  if (elements) e = at_strategy_from_term(p, elements);
  if (!e && !p->failed) {
    e = at_new(p->h, sizeof *e);
    e->kind = AT_FLOATS;
    e->line = t->line;
  }
  nested_scalar(p, s, e);
  at_push(p->h, &s->items, &s->nitems, &e, sizeof e);
}

static void kind_specific(at_parser *p, const at_term *t, at_strategy *s) {
  switch (s->kind) {
  case AT_INTS:
  case AT_FLOATS:
    s->min = (at_term *)keyword(t, "min");
    s->max = (at_term *)keyword(t, "max");
    s->exclude_min = truth(p, t, "exclude_min");
    s->exclude_max = truth(p, t, "exclude_max");
    s->allow_nan = truth(p, t, "allow_nan");
    s->allow_inf = truth(p, t, "allow_inf");
    break;
  case AT_FROMS:
  case AT_FLAGS:
    value_list(p, t, s);
    break;
  case AT_TUPLES:
  case AT_ANYS:
    positional_strategies(p, t, s, 1);
    for (size_t i = 0; i < s->nitems; i++) nested_scalar(p, s, s->items[i]);
    break;
  case AT_LISTS:
    if (positional_count(t) != 1) {
      at_fail(p, t->line, "lists takes one element strategy: lists(ints(...), min_len=.., max_len=..)");
      return;
    }
    element(p, t, s, t->args[0]->kind == AT_LIST ? NULL : t->args[0]);
    s->min_len = (at_term *)keyword(t, "min_len");
    s->max_len = (at_term *)keyword(t, "max_len");
    s->len = (at_term *)keyword(t, "len");
    if (!s->len && !s->max_len) at_fail(p, t->line, "lists needs len= or max_len=");
    break;
  case AT_ARRAYS:
    s->dtype = identifier(p, keyword(t, "dtype"), "arrays dtype=");
    if (!p->failed) shape(p, t, s);
    if (!p->failed) element(p, t, s, keyword(t, "elements"));
    break;
  case AT_SPARSE:
    s->dtype = identifier(p, keyword(t, "dtype"), "sparse dtype= (the node struct)");
    if (!p->failed) s->index_field = identifier(p, keyword(t, "index"), "sparse index= (the index field)");
    if (!p->failed) s->value_field = identifier(p, keyword(t, "value"), "sparse value= (the value field)");
    s->max_index = (at_term *)keyword(t, "max_index");
    s->min_len = (at_term *)keyword(t, "min_len");
    s->max_len = (at_term *)keyword(t, "max_len");
    if (!p->failed && (!s->max_index || !s->max_len)) at_fail(p, t->line, "sparse needs max_index= and max_len=");
    if (!p->failed) element(p, t, s, keyword(t, "values"));
    break;
  case AT_DICTS:
    keyword_items(p, t, s);
    if (!p->failed && !s->nitems) at_fail(p, t->line, "dicts needs at least one field=strategy");
    break;
  case AT_OBJS:
    if (positional_count(t) != 1 || t->keys[0]) {
      at_fail(p, t->line, "objs takes the generator's name first: objs(make_thing, param=expr, ...)");
      return;
    }
    s->generator = identifier(p, t->args[0], "the objs generator");
    keyword_items(p, t, s);
    break;
  case AT_OUTS:
    s->count = (at_term *)keyword(t, "count");
    break;
  default:
    break;
  }
}

at_strategy *at_strategy_from_term(at_parser *p, const at_term *t) {
  at_strategy *s = at_new(p->h, sizeof *s);
  s->line = t->line;
  const strategy_spec *spec = t->kind == AT_CALL ? spec_named(t->text) : NULL;
  if (!spec) { /* a constant or an argument computed from the others; not a misspelt strategy */
    static const char *const misspelt[] = {"int", "float", "bool", "from", "flag", "tuple", "list",
                                           "array", "dict", "any", "obj", "out", "np_arrays", "int_lists"};
    int near = t->kind == AT_LIST || (t->kind == AT_IDENT && spec_named(t->text));
    for (size_t i = 0; t->kind == AT_CALL && i < sizeof misspelt / sizeof *misspelt; i++)
      near |= strcmp(t->text, misspelt[i]) == 0;
    if (near) {
      at_fail(p, t->line, "unknown strategy \"%s\" (ints, floats, bools, froms, flags, tuples, lists, "
              "arrays, sparse, dicts, anys, objs, outs, or a constant)", t->kind == AT_LIST ? "[...]" : t->text);
      return NULL;
    }
    s->kind = AT_CONST;
    s->constant = (at_term *)t;
    return s;
  }
  s->kind = spec->kind;
  if (strcmp(spec->keywords, "*") != 0)
    for (size_t i = 0; i < t->nargs; i++)
      if (t->keys[i] && !keyword_allowed(spec->keywords, t->keys[i])) {
        at_fail(p, t->args[i]->line, "%s has no keyword \"%s\" (it takes: %s)", spec->name, t->keys[i],
                *spec->keywords ? spec->keywords : "nothing");
        return NULL;
      }
  kind_specific(p, t, s);
  return p->failed ? NULL : s;
}

static int term_is_real(const at_term *t) {
  return t && t->kind == AT_NUM && (strpbrk(t->text, ".eE") || t->num != (double)(long long)t->num);
}

int at_is_scalar(const at_strategy *s) {
  return s->kind == AT_INTS || s->kind == AT_FLOATS || s->kind == AT_BOOLS || s->kind == AT_FROMS ||
         s->kind == AT_FLAGS || s->kind == AT_CONST;
}

int at_is_real(const at_strategy *s) {
  return s->kind == AT_FLOATS || (s->kind == AT_CONST && term_is_real(s->constant));
}
