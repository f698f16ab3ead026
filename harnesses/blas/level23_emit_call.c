/* Declaration and call of a level-2 or level-3 routine for a standalone program (see
 * level23_emit_call.h). */
#include "level23_emit_call.h"
#include <string.h>
#include "blas_emit.h"

static int is_flag(char c) { return c && strchr("OTtUSD", c) != NULL; }

/* Whether a scalar argument goes by value: real CBLAS scalars. */
static int by_value(const level23_emit_call *call, char arg) {
  int real = arg == 'a' ? call->real_alpha : call->real_beta;
  return !call->fortran && (!call->p->is_complex || real);
}

static const char *operand_name(char c) {
  switch (c) {
    case 'B': return "B";
    case 'C': return "C";
    case 'x': return "x";
    case 'y': return "y";
    default: return "A"; /* A and the packed P */
  }
}

/* One parameter of the declaration for signature letter c. */
static void emit_parameter(FILE *out, const level23_emit_call *call, char c) {
  const char *in = call->fortran ? "const int *" : "int ";
  static const char *const names[] = {"O", "order", "T", "trans", "t", "transb", "U", "uplo",
                                      "S", "side", "D", "diag", "m", "m", "n", "n", "k", "k",
                                      "l", "kl", "u", "ku", NULL};
  for (int i = 0; names[i]; i += 2)
    if (names[i][0] == c) {
      fprintf(out, "%s%s", is_flag(c) && call->fortran ? "const char *" : in, names[i + 1]);
      return;
    }
  if (c == 'a' || c == 'b') {
    const char *name = c == 'a' ? "alpha" : "beta";
    if (by_value(call, c)) fprintf(out, "%s %s", blas_emit_real_type(call->p), name);
    else fprintf(out, "const void *%s", name);
    return;
  }
  const char *ld = c == 'x' ? "incx" : c == 'y' ? "incy" : c == 'B' ? "ldb" : c == 'C' ? "ldc" : "lda";
  fprintf(out, "%svoid *%s", c == call->output ? "" : "const ", c == 'P' ? "ap" : operand_name(c));
  if (c != 'P') fprintf(out, ", %s%s", in, ld);
}

/* A CBLAS layout or enum value by its cblas.h name (of whichever enum it belongs to), else
 * as the number. */
static void emit_enum(FILE *out, int v) {
  static const struct { int value; const char *name; } names[] = {
      {LEVEL23_ROW_MAJOR, "CblasRowMajor"}, {LEVEL23_COL_MAJOR, "CblasColMajor"},
      {LEVEL23_NO_TRANS, "CblasNoTrans"},   {LEVEL23_TRANS, "CblasTrans"},
      {LEVEL23_CONJ_TRANS, "CblasConjTrans"}, {LEVEL23_UPPER, "CblasUpper"},
      {LEVEL23_LOWER, "CblasLower"},        {LEVEL23_NON_UNIT, "CblasNonUnit"},
      {LEVEL23_UNIT, "CblasUnit"},          {LEVEL23_LEFT, "CblasLeft"},
      {LEVEL23_RIGHT, "CblasRight"}};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].value == v) {
      fprintf(out, "%s", names[i].name);
      return;
    }
  fprintf(out, "%d", v);
}

/* A Fortran CHARACTER*1 argument: a string literal whose first byte is the value. */
static void emit_character(FILE *out, int v) {
  unsigned char ch = (unsigned char)v;
  if (ch >= 0x20 && ch < 0x7f && ch != '"' && ch != '\\') fprintf(out, "\"%c\"", ch);
  else fprintf(out, "\"\\%03o\"", ch);
}

/* An argument of the call for signature letter c. */
static void emit_argument(FILE *out, const level23_emit_call *call, char c) {
  int v = call->value[(unsigned char)c];
  if (is_flag(c)) {
    if (call->fortran) emit_character(out, v);
    else emit_enum(out, v);
    return;
  }
  if (c == 'a' || c == 'b') {
    const char *name = c == 'a' ? "alpha" : "beta";
    fprintf(out, by_value(call, c) ? "%s[0]" : "%s", name);
    return;
  }
  if (c == 'P') {
    fprintf(out, "A");
    return;
  }
  if (strchr("ABCxy", c)) fprintf(out, "%s, ", operand_name(c));
  fprintf(out, call->fortran ? "&(const int){%d}" : "%d", v);
}

/* The parameters or arguments in signature order (Fortran: no layout, then one hidden length
 * per CHARACTER argument). */
static void emit_list(FILE *out, const level23_emit_call *call, int declaration) {
  int flags = 0, first = 1;
  for (const char *s = call->signature; *s; s++) {
    if (*s == 'O' && call->fortran) continue;
    fprintf(out, first ? "" : ", ");
    if (declaration) emit_parameter(out, call, *s);
    else emit_argument(out, call, *s);
    first = 0;
    flags += is_flag(*s) && *s != 'O';
  }
  for (int i = 0; call->fortran && i < flags; i++)
    if (declaration) fprintf(out, ", size_t flag_length%d", i + 1);
    else fprintf(out, ", 1");
}

void level23_emit_declaration(FILE *out, const level23_emit_call *call) {
  fprintf(out, "void %s(", call->symbol);
  emit_list(out, call, 1);
  fprintf(out, ");\n\n");
}

void level23_emit_invocation(FILE *out, const level23_emit_call *call) {
  fprintf(out, "  %s(", call->symbol);
  emit_list(out, call, 0);
  fprintf(out, ");\n");
}

void level23_emit_scalar(FILE *out, const blas_precision *p, const char *name, const double v[2]) {
  fprintf(out, "  const %s %s[2] = {", blas_emit_real_type(p), name);
  blas_emit_number(out, v[0]);
  fprintf(out, ", ");
  blas_emit_number(out, v[1]);
  fprintf(out, "};\n");
}
