/* Terms of the annotation language: numbers, identifiers, strings, [lists], calls with
 * positional and keyword arguments, and + - * / % arithmetic with parentheses. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "at_parse_internal.h"

typedef struct {
  at_parser *p;
  const char *s;
  size_t pos;
  int line;
} lexer;

static void skip_space(lexer *l) {
  while (isspace((unsigned char)l->s[l->pos])) l->pos++;
}

static int peek(lexer *l) {
  skip_space(l);
  return (unsigned char)l->s[l->pos];
}

static int accept(lexer *l, char c) {
  if (peek(l) != c) return 0;
  l->pos++;
  return 1;
}

static at_term *new_term(lexer *l, at_term_kind kind) {
  at_term *t = at_new(l->p->h, sizeof *t);
  t->kind = kind;
  t->line = l->line;
  return t;
}

static void add_arg(lexer *l, at_term *t, at_term *arg, char *key) {
  size_t n = t->nargs;
  at_push(l->p->h, &t->args, &n, &arg, sizeof arg);
  if (t->kind == AT_CALL) at_push(l->p->h, &t->keys, &t->nargs, &key, sizeof key);
  else t->nargs = n;
}

static at_term *expression(lexer *l);

static size_t identifier_length(const char *s) {
  size_t n = 0;
  if (!isalpha((unsigned char)s[0]) && s[0] != '_') return 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_') n++;
  return n;
}

/* name = value or value, separated by commas, up to the closing character. */
static void argument_list(lexer *l, at_term *t, char close) {
  if (accept(l, close)) return;
  do {
    skip_space(l);
    char *key = NULL;
    size_t n = identifier_length(l->s + l->pos);
    size_t after = l->pos + n;
    while (isspace((unsigned char)l->s[after])) after++;
    if (t->kind == AT_CALL && n && l->s[after] == '=' && l->s[after + 1] != '=') {
      key = at_strndup(l->p->h, l->s + l->pos, n);
      l->pos = after + 1;
    }
    at_term *arg = expression(l);
    if (!arg) return;
    add_arg(l, t, arg, key);
  } while (accept(l, ','));
  if (!accept(l, close)) at_fail(l->p, l->line, "expected '%c' or ',' at \"%.20s\"", close, l->s + l->pos);
}

static at_term *primary(lexer *l) {
  int c = peek(l);
  const char *s = l->s + l->pos;
  if (isdigit(c) || c == '.') {
    char *end;
    double v = strtod(s, &end);
    if (end == s) {
      at_fail(l->p, l->line, "malformed number at \"%.20s\"", s);
      return NULL;
    }
    at_term *t = new_term(l, AT_NUM);
    t->num = v;
    t->text = at_strndup(l->p->h, s, (size_t)(end - s));
    while (isalpha((unsigned char)*end)) end++; /* C suffixes: 1e3f, 10u */
    l->pos += (size_t)(end - s);
    return t;
  }
  if (c == '"') {
    const char *end = strchr(s + 1, '"');
    if (!end) {
      at_fail(l->p, l->line, "unterminated string");
      return NULL;
    }
    at_term *t = new_term(l, AT_STR);
    t->text = at_strndup(l->p->h, s, (size_t)(end - s + 1));
    l->pos += (size_t)(end - s + 1);
    return t;
  }
  if (c == '(') {
    l->pos++;
    at_term *t = expression(l);
    if (t && !accept(l, ')')) at_fail(l->p, l->line, "expected ')' at \"%.20s\"", l->s + l->pos);
    return l->p->failed ? NULL : t;
  }
  if (c == '[') {
    l->pos++;
    at_term *t = new_term(l, AT_LIST);
    argument_list(l, t, ']');
    return l->p->failed ? NULL : t;
  }
  size_t n = identifier_length(s);
  if (!n) {
    at_fail(l->p, l->line, c ? "unexpected \"%.20s\"" : "unexpected end of annotation%s", c ? s : "");
    return NULL;
  }
  l->pos += n;
  at_term *t = new_term(l, AT_IDENT);
  t->text = at_strndup(l->p->h, s, n);
  if (accept(l, '(')) {
    t->kind = AT_CALL;
    argument_list(l, t, ')');
  }
  return l->p->failed ? NULL : t;
}

static at_term *unary(lexer *l) {
  if (!accept(l, '-')) return primary(l);
  at_term *operand = unary(l);
  if (!operand) return NULL;
  if (operand->kind == AT_NUM) { /* a literal stays a literal: -1 */
    operand->num = -operand->num;
    size_t len = strlen(operand->text);
    char *text = at_new(l->p->h, len + 2);
    text[0] = '-';
    memcpy(text + 1, operand->text, len);
    operand->text = text;
    return operand;
  }
  at_term *t = new_term(l, AT_NEG);
  add_arg(l, t, operand, NULL);
  return t;
}

static at_term *binary(lexer *l, at_term *(*operand)(lexer *), const char *ops) {
  at_term *left = operand(l);
  while (left && peek(l) && strchr(ops, peek(l))) {
    char op[2] = {l->s[l->pos++], 0};
    at_term *right = operand(l);
    if (!right) return NULL;
    at_term *t = new_term(l, AT_BINOP);
    t->text = at_strndup(l->p->h, op, 1);
    add_arg(l, t, left, NULL);
    add_arg(l, t, right, NULL);
    left = t;
  }
  return left;
}

static at_term *product(lexer *l) { return binary(l, unary, "*/%"); }
static at_term *expression(lexer *l) { return binary(l, product, "+-"); }

at_term *at_parse_term(at_parser *p, const char *text, int line) {
  lexer l = {p, text, 0, line};
  at_term *t = expression(&l);
  if (t && peek(&l)) at_fail(p, line, "unexpected \"%.20s\" after the term", l.s + l.pos);
  return p->failed ? NULL : t;
}

int at_parse_arguments(at_parser *p, const char *text, int line, at_term *call) {
  size_t len = strlen(text);
  char *closed = at_new(p->h, len + 2);
  memcpy(closed, text, len);
  closed[len] = ')';
  lexer l = {p, closed, 0, line};
  argument_list(&l, call, ')');
  if (!p->failed && peek(&l)) at_fail(p, line, "unexpected \"%.20s\"", l.s + l.pos);
  return p->failed ? -1 : 0;
}
