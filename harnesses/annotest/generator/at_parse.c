/* The annotation header: blocks of //@ annotation lines directly above C declarations (plain
 * // and block comments may stand between them), each block checked into an at_function. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "at_parse_internal.h"

void at_fail(at_parser *p, int line, const char *fmt, ...) {
  if (p->failed) return;
  p->failed = 1;
  int n = snprintf(p->err, p->errlen, "%s:%d: error: ", p->path, line);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < p->errlen) vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
  va_end(ap);
}

static char *trimmed(at_header *h, const char *s, size_t n) {
  while (n && isspace((unsigned char)*s)) s++, n--;
  while (n && isspace((unsigned char)s[n - 1])) n--;
  return at_strndup(h, s, n);
}

/* Index just past the parenthesis matching the one at s[open], or 0 when unbalanced. */
static size_t matching_paren(const char *s, size_t open) {
  int depth = 0, quoted = 0;
  for (size_t i = open; s[i]; i++) {
    if (s[i] == '"') quoted = !quoted;
    if (quoted) continue;
    if (s[i] == '(') depth++;
    if (s[i] == ')' && --depth == 0) return i + 1;
  }
  return 0;
}

/* 1 when every parenthesis and bracket opened in s is closed. */
static int balanced(const char *s) {
  int depth = 0, quoted = 0;
  for (; *s; s++) {
    if (*s == '"') quoted = !quoted;
    if (!quoted) depth += (*s == '(' || *s == '[') - (*s == ')' || *s == ']');
  }
  return depth <= 0;
}

/* ---- declarations ---------------------------------------------------------------------- */

static int parse_param(at_parser *p, at_function *fn, const char *text, size_t n, int line) {
  char *param = trimmed(p->h, text, n);
  if (strchr(param, '(')) {
    at_fail(p, line, "%s: function-pointer parameter \"%s\": wrap it in an objs generator", fn->name, param);
    return -1;
  }
  char *bracket = strchr(param, '[');
  if (bracket) { /* double x[] is double *x */
    *bracket = 0;
    param = trimmed(p->h, param, strlen(param));
  }
  size_t len = strlen(param), start = len;
  while (start && (isalnum((unsigned char)param[start - 1]) || param[start - 1] == '_')) start--;
  char *type = trimmed(p->h, param, start);
  if (start == len || !*type || strcmp(type, "const") == 0) {
    at_fail(p, line, "%s: parameter \"%s\" has no name (the annotations name parameters)", fn->name, param);
    return -1;
  }
  if (bracket) {
    char *pointer = at_new(p->h, strlen(type) + 3);
    sprintf(pointer, "%s *", type);
    type = pointer;
  }
  at_param pa = {type, at_strndup(p->h, param + start, len - start)};
  at_push(p->h, &fn->params, &fn->nparams, &pa, sizeof pa);
  return 0;
}

static int parse_declaration(at_parser *p, at_function *fn, const char *decl, int line) {
  const char *open = strchr(decl, '(');
  size_t close = open ? matching_paren(decl, (size_t)(open - decl)) : 0;
  const char *name_end = open;
  while (name_end && name_end > decl && isspace((unsigned char)name_end[-1])) name_end--;
  const char *name = name_end;
  while (name && name > decl && (isalnum((unsigned char)name[-1]) || name[-1] == '_')) name--;
  if (!open || !close || name == name_end) {
    at_fail(p, line, "annotations must stand directly above a function declaration \"type name(params);\"");
    return -1;
  }
  fn->name = at_strndup(p->h, name, (size_t)(name_end - name));
  fn->ret_type = trimmed(p->h, decl, (size_t)(name - decl));
  if (strncmp(fn->ret_type, "extern ", 7) == 0) fn->ret_type += 7;
  fn->line = line;
  const char *params = open + 1, *end = decl + close - 1;
  char *all = trimmed(p->h, params, (size_t)(end - params));
  if (!*all || strcmp(all, "void") == 0) return 0;
  int depth = 0;
  for (const char *c = params;; c++) {
    if (*c == '(') depth++;
    if (c == end || (*c == ',' && depth == 0)) {
      if (parse_param(p, fn, params, (size_t)(c - params), line) < 0) return -1;
      if (c == end) return 0;
      params = c + 1;
    }
    if (*c == ')') depth--;
  }
}

/* ---- annotations ----------------------------------------------------------------------- */

typedef struct {
  char *text;
  int line;
} annotation_line;

static int param_index(const at_function *fn, const char *name) {
  for (size_t i = 0; i < fn->nparams; i++)
    if (strcmp(fn->params[i].name, name) == 0) return (int)i;
  return -1;
}

static void add_var(at_parser *p, at_function *fn, at_var **dims, size_t *ndims, const char *what,
                    const char *name, const char *strategy, int line) {
  if (!strategy) {
    at_fail(p, line, "@%s(%s) needs \": strategy\"", what, name);
    return;
  }
  at_term *t = at_parse_term(p, strategy, line);
  at_strategy *s = t ? at_strategy_from_term(p, t) : NULL;
  if (!s) return;
  at_var var = {at_strndup(p->h, name, strlen(name)), s, line};
  int index = param_index(fn, name);
  int taken = index >= 0 ? fn->vars[index].strategy != NULL : 0;
  for (size_t i = 0; i < *ndims; i++) taken |= strcmp((*dims)[i].name, name) == 0;
  if (strcmp(what, "arg") == 0 && index < 0)
    at_fail(p, line, "@arg(%s): %s has no parameter named %s", name, fn->name, name);
  else if (strcmp(what, "dim") == 0 && index >= 0)
    at_fail(p, line, "@dim(%s): %s is a parameter of %s; use @arg", name, name, fn->name);
  else if (taken)
    at_fail(p, line, "%s is annotated twice", name);
  else if (index >= 0)
    fn->vars[index] = var;
  else
    at_push(p->h, dims, ndims, &var, sizeof var);
}

static void add_example(at_parser *p, at_function *fn, const char *inner, int line) {
  at_term call = {.kind = AT_CALL, .line = line};
  if (!inner || at_parse_arguments(p, inner, line, &call) < 0) {
    if (!inner) at_fail(p, line, "@cc_example needs (name = value, ...)");
    return;
  }
  at_example ex = {call.keys, call.args, call.nargs, line};
  for (size_t i = 0; i < ex.n; i++)
    if (!ex.names[i]) {
      at_fail(p, line, "@cc_example values are named: @cc_example(n = 3, x = [1, 2, 3])");
      return;
    }
  at_push(p->h, &fn->examples, &fn->nexamples, &ex, sizeof ex);
}

static double positive_number(at_parser *p, const char *text, int line, const char *what) {
  char *end;
  double v = text ? strtod(text, &end) : 0;
  if (!text || *end || !(v > 0)) at_fail(p, line, "%s takes a positive number of seconds", what);
  return v;
}

/* One annotation line: NAME, NAME(inner) or NAME(inner): strategy. */
static void annotation(at_parser *p, at_function *fn, at_var **dims, size_t *ndims, const annotation_line *a) {
  const char *s = a->text;
  size_t n = 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_') n++;
  char *name = at_strndup(p->h, s, n), *inner = NULL, *strategy = NULL;
  const char *rest = s + n;
  while (isspace((unsigned char)*rest)) rest++;
  if (*rest == '(') {
    size_t close = matching_paren(rest, 0);
    if (!close) {
      at_fail(p, a->line, "@%s: unbalanced parentheses", name);
      return;
    }
    inner = trimmed(p->h, rest + 1, close - 2);
    rest += close;
    while (isspace((unsigned char)*rest)) rest++;
  }
  if (*rest == ':') strategy = trimmed(p->h, rest + 1, strlen(rest + 1));
  else if (*rest) {
    at_fail(p, a->line, "@%s: unexpected \"%s\"", name, rest);
    return;
  }
  fn->nannotations++;
  if (strcmp(name, "arg") == 0 || strcmp(name, "dim") == 0) {
    if (!inner || !*inner) at_fail(p, a->line, "@%s needs a name: @%s(n): ints(min=1, max=10)", name, name);
    else add_var(p, fn, dims, ndims, name, inner, strategy, a->line);
  } else if (strcmp(name, "require") == 0 || strcmp(name, "ensure") == 0) {
    if (!inner || !*inner) at_fail(p, a->line, "@%s needs a C expression: @%s(n > 0)", name, name);
    else if (name[0] == 'r') at_push(p->h, &fn->requires, &fn->nrequires, &inner, sizeof inner);
    else at_push(p->h, &fn->ensures, &fn->nensures, &inner, sizeof inner);
  } else if (strcmp(name, "known") == 0) {
    char *comma = inner ? strchr(inner, ',') : NULL;
    if (!comma) {
      at_fail(p, a->line, "@known needs a finding kind and a C condition: @known(kind, x == 0)");
    } else {
      char *kind = trimmed(p->h, inner, (size_t)(comma - inner)), *cond = trimmed(p->h, comma + 1, strlen(comma + 1));
      size_t n = fn->nknown;
      at_push(p->h, &fn->known_kinds, &n, &kind, sizeof kind);
      at_push(p->h, &fn->known_conditions, &fn->nknown, &cond, sizeof cond);
    }
  } else if (strcmp(name, "check") == 0) {
    if (!inner || !*inner) at_fail(p, a->line, "@check needs the oracle function's name");
    fn->check = inner;
  } else if (strcmp(name, "exclude") == 0) {
    fn->exclude = 1;
  } else if (strcmp(name, "timeout") == 0) {
    fn->timeout = positive_number(p, inner, a->line, "@timeout");
  } else if (strcmp(name, "cc_example") == 0) {
    add_example(p, fn, inner, a->line);
  } else if (strcmp(name, "generator") == 0) {
    fn->is_generator = 1;
    if (inner && strncmp(inner, "free", 4) == 0 && strchr(inner, '='))
      fn->free_fn = trimmed(p->h, strchr(inner, '=') + 1, strlen(strchr(inner, '=') + 1));
    else if (inner) at_fail(p, a->line, "@generator takes nothing or (free = function)");
  } else {
    at_fail(p, a->line, "unknown annotation @%s (arg, dim, require, ensure, known, check, exclude, timeout, "
            "cc_example, generator)", name);
  }
  if (strategy && strcmp(name, "arg") != 0 && strcmp(name, "dim") != 0)
    at_fail(p, a->line, "only @arg and @dim take \": strategy\"");
}

static void check_function(at_parser *p, at_function *fn) {
  for (size_t i = 0; i < fn->nparams && !p->failed; i++) {
    if (strcmp(fn->params[i].name, "ret") == 0)
      at_fail(p, fn->line, "%s: a parameter named ret clashes with @ensure's ret", fn->name);
    if (!fn->vars[i].strategy && !fn->exclude)
      at_fail(p, fn->line, "%s: parameter %s has no @arg", fn->name, fn->params[i].name);
  }
  for (size_t e = 0; e < fn->nexamples && !p->failed; e++)
    for (size_t i = 0; i < fn->examples[e].n; i++)
      if (at_var_index(fn, fn->examples[e].names[i]) < 0)
        at_fail(p, fn->examples[e].line, "@cc_example: %s has no parameter or @dim named %s", fn->name,
                fn->examples[e].names[i]);
  if (!p->failed && !fn->exclude) at_order_variables(p, fn);
}

static void function(at_parser *p, const annotation_line *lines, size_t n, const char *decl, int line) {
  at_function fn = {0};
  if (parse_declaration(p, &fn, decl, line) < 0) return;
  for (size_t i = 0; i < p->h->nfns; i++)
    if (strcmp(p->h->fns[i].name, fn.name) == 0) {
      at_fail(p, line, "%s is annotated twice (first at line %d)", fn.name, p->h->fns[i].line);
      return;
    }
  fn.vars = at_new(p->h, (fn.nparams + 1) * sizeof *fn.vars);
  at_var *dims = NULL;
  size_t ndims = 0;
  for (size_t i = 0; i < n && !p->failed; i++) annotation(p, &fn, &dims, &ndims, &lines[i]);
  if (p->failed) return;
  fn.nvars = fn.nparams;
  for (size_t i = 0; i < ndims; i++) {
    at_var *grown = at_new(p->h, (fn.nvars + 1) * sizeof *grown);
    memcpy(grown, fn.vars, fn.nvars * sizeof *grown);
    grown[fn.nvars++] = dims[i];
    fn.vars = grown;
  }
  for (size_t i = 0; i < fn.nparams; i++)
    if (!fn.vars[i].name) fn.vars[i].name = fn.params[i].name;
  check_function(p, &fn);
  at_push(p->h, &p->h->fns, &p->h->nfns, &fn, sizeof fn);
}

/* Every objs strategy names a @generator of the same header. */
static void check_generators(at_parser *p, const at_strategy *s) {
  if (!s || p->failed) return;
  if (s->kind == AT_OBJS) {
    const at_function *g = at_find_function(p->h, s->generator);
    if (!g || !g->is_generator) at_fail(p, s->line, "objs(%s): no @generator function %s in this header", s->generator, s->generator);
    for (size_t i = 0; g && i < s->nbind && !p->failed; i++)
      if (at_var_index(g, s->bind_names[i]) < 0)
        at_fail(p, s->line, "objs(%s, %s=...): %s has no parameter or @dim %s", s->generator, s->bind_names[i],
                s->generator, s->bind_names[i]);
  }
  for (size_t i = 0; i < s->nitems; i++) check_generators(p, s->items[i]);
}

/* ---- lines ----------------------------------------------------------------------------- */

static int starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

int at_parse(const char *path, const char *text, at_header *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  out->path = path;
  at_parser p = {out, path, err, errlen, 0};
  annotation_line *block = NULL;
  size_t nblock = 0;
  int line = 0, in_comment = 0;
  for (const char *s = text; *s && !p.failed;) {
    const char *eol = strchr(s, '\n');
    size_t len = eol ? (size_t)(eol - s) : strlen(s);
    char *l = trimmed(out, s, len);
    line++;
    s += len + (eol != NULL);
    if (in_comment || starts_with(l, "/*")) { /* block comments are documentation */
      in_comment = !strstr(l + (in_comment ? 0 : 2), "*/");
      continue;
    }
    if (starts_with(l, "//@")) {
      annotation_line a = {trimmed(out, l + 3, strlen(l + 3)), line};
      /* An annotation whose parentheses are open continues on the next // line. */
      while (!balanced(a.text) && *s) {
        const char *next = strchr(s, '\n');
        size_t nlen = next ? (size_t)(next - s) : strlen(s);
        char *nl = trimmed(out, s, nlen);
        if (!starts_with(nl, "//")) break;
        line++;
        s += nlen + (next != NULL);
        char *joined = at_new(out, strlen(a.text) + strlen(nl) + 2);
        sprintf(joined, "%s %s", a.text, nl + (starts_with(nl, "//@") ? 3 : 2));
        a.text = joined;
      }
      at_push(out, &block, &nblock, &a, sizeof a);
      continue;
    }
    if (starts_with(l, "//")) continue;
    if (!nblock) continue;
    if (!*l || l[0] == '#') {
      at_fail(&p, block[0].line, "annotations are not directly above a declaration");
      break;
    }
    int decl_line = line;
    char *decl = l;
    while (!strchr(decl, ';') && *s) { /* a declaration may span lines */
      const char *next = strchr(s, '\n');
      size_t nlen = next ? (size_t)(next - s) : strlen(s);
      char *joined = at_new(out, strlen(decl) + nlen + 2);
      sprintf(joined, "%s %.*s", decl, (int)nlen, s);
      decl = joined;
      line++;
      s += nlen + (next != NULL);
    }
    if (!strchr(decl, ';')) at_fail(&p, decl_line, "declaration without ';'");
    else function(&p, block, nblock, decl, decl_line);
    nblock = 0;
  }
  if (!p.failed && nblock) at_fail(&p, block[0].line, "annotations at the end of the file describe no declaration");
  for (size_t f = 0; f < out->nfns && !p.failed; f++)
    for (size_t v = 0; v < out->fns[f].nvars; v++) check_generators(&p, out->fns[f].vars[v].strategy);
  if (!p.failed && !out->nfns) at_fail(&p, line, "no annotated declaration");
  if (p.failed) at_header_free(out);
  return p.failed ? -1 : 0;
}

int at_parse_file(const char *path, at_header *out, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open the annotation header", path);
    return -1;
  }
  size_t cap = 1 << 16, n = 0;
  char *text = malloc(cap);
  size_t got;
  while (text && (got = fread(text + n, 1, cap - n - 1, f)) > 0)
    if ((n += got) + 1 == cap) text = realloc(text, cap *= 2);
  fclose(f);
  if (!text) return -1;
  text[n] = 0;
  int rc = at_parse(path, text, out, err, errlen);
  free(text);
  return rc;
}

const at_function *at_find_function(const at_header *h, const char *name) {
  for (size_t i = 0; i < h->nfns; i++)
    if (strcmp(h->fns[i].name, name) == 0) return &h->fns[i];
  return NULL;
}

int at_var_index(const at_function *fn, const char *name) {
  for (size_t i = 0; i < fn->nvars; i++)
    if (fn->vars[i].name && strcmp(fn->vars[i].name, name) == 0) return (int)i;
  return -1;
}
