/* Names shared by the emitters, so the glue refers to what the schema declares. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "at_emit.h"

static void camel(const char *s, char *out, size_t n) {
  size_t o = 0;
  int upper = 1;
  for (; *s && o + 1 < n; s++) {
    if (*s == '_') {
      upper = 1;
      continue;
    }
    out[o++] = (char)(upper ? toupper((unsigned char)*s) : tolower((unsigned char)*s));
    upper = 0;
  }
  out[o] = 0;
}

void at_message_name(const at_emit_ctx *c, const char *function, char *out, size_t n) {
  char lib[64], fn[192];
  camel(c->lib, lib, sizeof lib);
  camel(function, fn, sizeof fn);
  snprintf(out, n, "%s%sCall", strncmp(fn, lib, strlen(lib)) == 0 ? "" : lib, fn);
}

void at_nested_name(const at_emit_ctx *c, const char *function, const char *var, char *out, size_t n) {
  char msg[256], v[128];
  at_message_name(c, function, msg, sizeof msg);
  camel(var, v, sizeof v);
  snprintf(out, n, "%s%s", msg, v);
}

void at_field_name(const char *var, char *out, size_t n) {
  size_t o = 0;
  for (; *var && o + 1 < n; var++) out[o++] = (char)tolower((unsigned char)*var);
  out[o] = 0;
}

int at_is_called(const at_function *fn) { return !fn->exclude && !fn->is_generator; }
int at_has_message(const at_function *fn) { return !fn->exclude; }
