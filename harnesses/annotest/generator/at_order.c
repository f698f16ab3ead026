/* Build order of a function's variables: a variable whose strategy mentions another (a bound,
 * a shape, a length, an objs binding) is built after it; a cycle is an error. */
#include <string.h>
#include "at_parse_internal.h"

/* Marks in deps[] every variable of fn the term mentions. */
static void term_uses(const at_function *fn, const at_term *t, unsigned char *deps) {
  if (!t) return;
  if (t->kind == AT_IDENT) {
    int i = at_var_index(fn, t->text);
    if (i >= 0) deps[i] = 1;
  }
  for (size_t i = 0; i < t->nargs; i++) term_uses(fn, t->args[i], deps);
}

static void strategy_uses(const at_function *fn, const at_strategy *s, unsigned char *deps) {
  const at_term *terms[] = {s->min,    s->max,       s->min_len, s->max_len,  s->len,
                            s->ld,     s->stride,    s->max_index, s->count, s->constant};
  for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++) term_uses(fn, terms[i], deps);
  for (size_t i = 0; i < s->rank; i++) term_uses(fn, s->shape[i], deps);
  for (size_t i = 0; i < s->nbind; i++) term_uses(fn, s->bind_values[i], deps);
  for (size_t i = 0; i < s->nitems; i++) strategy_uses(fn, s->items[i], deps);
}

int at_order_variables(at_parser *p, at_function *fn) {
  size_t n = fn->nvars;
  unsigned char *deps = at_new(p->h, n * n + n), *done = deps + n * n;
  for (size_t v = 0; v < n; v++) strategy_uses(fn, fn->vars[v].strategy, deps + v * n);
  fn->order = at_new(p->h, n * sizeof *fn->order);
  for (size_t placed = 0; placed < n;) {
    size_t before = placed;
    for (size_t v = 0; v < n; v++) {
      if (done[v]) continue;
      size_t d = 0;
      while (d < n && (!deps[v * n + d] || done[d])) d++;
      if (d < n) continue;
      done[v] = 1;
      fn->order[placed++] = v;
    }
    if (placed == before) {
      size_t v = 0;
      while (done[v]) v++;
      at_fail(p, fn->vars[v].line, "%s: the strategies of %s and the variables it mentions depend on each other in a cycle",
              fn->name, fn->vars[v].name);
      return -1;
    }
  }
  return 0;
}
