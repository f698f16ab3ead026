/* What the parts of the annotation parser share: the error sink (first error wins, prefixed
 * "path:line: ") and the term, strategy and ordering steps. */
#ifndef AT_PARSE_INTERNAL_H
#define AT_PARSE_INTERNAL_H
#include "at_alloc.h"
#include "at_model.h"

typedef struct {
  at_header *h;
  const char *path;
  char *err;
  size_t errlen;
  int failed;
} at_parser;

void at_fail(at_parser *p, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Parses the whole of text as one term (see ANNOTATIONS.md); NULL after at_fail. */
at_term *at_parse_term(at_parser *p, const char *text, int line);
/* Parses "a, b=c, ..." (the inside of parentheses) as call arguments into call. */
int at_parse_arguments(at_parser *p, const char *text, int line, at_term *call);
/* Checks a term as a strategy; NULL after at_fail. */
at_strategy *at_strategy_from_term(at_parser *p, const at_term *t);
/* Checks that every identifier a variable's strategy uses is a variable or a C constant and
 * computes fn->order (dependencies first); fails on a cycle. */
int at_order_variables(at_parser *p, at_function *fn);
#endif
