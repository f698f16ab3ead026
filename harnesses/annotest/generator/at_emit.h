/* The generator's outputs from a parsed header: the .proto schema, the C glue and the seeds,
 * and the names they share (message and field names derived from function and variables). */
#ifndef AT_EMIT_H
#define AT_EMIT_H
#include <stdio.h>
#include "at_model.h"

typedef struct {
  const at_header *h;
  const char *lib;        /* "gsl": prefix of messages and glue symbols */
  const char *include;    /* how the glue includes the annotation header */
  const char *proto_name; /* "annotest_gsl" (its .pb-c.h) */
} at_emit_ctx;

/* Message of a function: CamelCase of its name (prefixed by the library's) + "Call". */
void at_message_name(const at_emit_ctx *c, const char *function, char *out, size_t n);
/* A nested message of a variable: the function's message name + CamelCase variable name. */
void at_nested_name(const at_emit_ctx *c, const char *function, const char *var, char *out, size_t n);
/* A field name: the variable's name in lower case. */
void at_field_name(const char *var, char *out, size_t n);
/* 1 when the function gets a call in the root message (annotated, not excluded, no generator). */
int at_is_called(const at_function *fn);
/* 1 when the function has a message (called functions and generators). */
int at_has_message(const at_function *fn);

/* Each returns 0, or -1 with "path:line: error: ..." in err. */
int at_emit_proto(const at_emit_ctx *c, FILE *out, char *err, size_t errlen);
int at_emit_glue(const at_emit_ctx *c, FILE *out, char *err, size_t errlen);
int at_emit_glue_header(const at_emit_ctx *c, FILE *out);
/* Writes one textproto per @cc_example into dir, named <function>_<k>.textproto. */
int at_emit_seeds(const at_emit_ctx *c, const char *dir, char *err, size_t errlen);
#endif
