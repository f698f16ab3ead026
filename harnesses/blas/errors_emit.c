/* Standalone program for a blas_errors finding (errors_emit.h): the one call the message makes,
 * through CBLAS or Fortran with the arguments it made invalid (declaration and call written
 * from the routine's signature, level23_emit_call.h), the operands as the harness fills them in
 * guard-page buffers, the library's error handler replaced by one that records each report
 * (blas_emit_error_hook), and the checks: exactly the report the reference makes (none for a
 * valid call), the output unchanged after an error (anything after a valid call), no fault
 * and no hang. */
#include "errors_emit.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "blas_emit.h"
#include "errors_call.h"
#include "errors_case.h"
#include "level23_emit_call.h"

/* The program's array name of an operand letter (the packed P is A, as in level23 programs). */
static const char *array_name(char letter) {
  static const char letters[] = "ABCPxy";
  static const char *const names[] = {"A", "B", "C", "A", "x", "y"};
  return names[strchr(letters, letter) - letters];
}

/* The level23 call of the argument list a (errors_routines.h letters to level23_routines.h
 * letters: dimensions in lower case, leading dimensions and increments folded into their
 * operand, the scalars a and b). */
static level23_emit_call call_of(const errors_args *a, const blas_precision *p, const char *symbol,
                                 char *signature) {
  level23_emit_call call = {symbol, p, !a->cblas, signature, 0, 0, a->r->output, {0}};
  int *v = call.value, n = 0, scalars = 0;
  signature[n++] = 'O';
  v['O'] = a->order;
  for (int i = 0; a->r->args[i]; i++) {
    char kind = a->r->args[i], letter = kind;
    switch (kind) {
      case 'M': case 'N': case 'K': letter = (char)tolower(kind); break;
      case 'L': letter = 'l'; break;
      case 'R': letter = 'u'; break;
      case 'a': case 'r':
        letter = scalars++ ? 'b' : 'a';
        if (kind == 'r' && letter == 'a') call.real_alpha = 1;
        if (kind == 'r' && letter == 'b') call.real_beta = 1;
        break;
      case '1': v['A'] = a->value[i]; continue;
      case '2': v['B'] = a->value[i]; continue;
      case '3': v['C'] = a->value[i]; continue;
      case 'i': v['x'] = a->value[i]; continue;
      case 'j': v['y'] = a->value[i]; continue;
      default: break;
    }
    signature[n++] = letter;
    if (strchr("SUTtDmnklu", letter)) v[(unsigned char)letter] = a->value[i];
  }
  signature[n] = '\0';
  return call;
}

/* The report the reference makes for a: the argument at the expected CBLAS position, and its
 * slot in the Fortran call (netlib's CBLAS swaps some in row-major: errors_rules.h). */
static blas_emit_report report_of(const errors_args *a, int expected) {
  blas_emit_report e;
  memset(&e, 0, sizeof e);
  e.invalid = expected != 0;
  snprintf(e.argument, sizeof e.argument, "%s", expected ? errors_position_name(a, expected) : "none");
  snprintf(e.fortran_name, sizeof e.fortran_name, "%c%s", toupper(a->letter), a->r->name);
  for (char *s = e.fortran_name; *s; s++) *s = (char)toupper(*s);
  if (a->cblas) {
    snprintf(e.cblas_name, sizeof e.cblas_name, "cblas_%c%s", a->letter, a->r->name);
    snprintf(e.gsl_source, sizeof e.gsl_source, "source_%s", a->r->name);
    e.cblas_position = expected;
    for (int s = 0; expected > 1 && a->r->args[s]; s++)
      if (errors_slot_arg(a, s) == expected - 2) e.fortran_position = s + 1;
  } else {
    snprintf(e.gsl_source, sizeof e.gsl_source, "-");
    e.fortran_position = expected - 1;
  }
  return e;
}

/* A comment naming the arguments the message made invalid, against their valid values. */
static void emit_invalidated(FILE *out, const errors_args *valid, const errors_args *a, int expected) {
  fprintf(out, "/* The arguments, as the fuzzer made them:");
  if (a->order != valid->order) fprintf(out, " order = %d (valid: %d);", a->order, valid->order);
  for (int i = 0; a->r->args[i]; i++)
    if (a->value[i] != valid->value[i]) {
      int flag = strchr("SUTtD", a->r->args[i]) != NULL;
      fprintf(out, " %s = ", errors_position_name(a, i + 2));
      if (flag && !a->cblas) fprintf(out, "'\\%03o' (valid: '%c');", a->value[i] & 0xff, valid->value[i]);
      else fprintf(out, "%d (valid: %d);", a->value[i], valid->value[i]);
    }
  if (expected) fprintf(out, " the reference reports %s (CBLAS position %d). */\n", errors_position_name(a, expected), expected);
  else fprintf(out, " all valid. */\n");
}

int errors_emit(const Mlf__Blas__ErrorCase *c, const char *tag, const char *identity, FILE *out) {
  errors_args valid, a;
  errors_case_base(c, &valid);
  a = valid;
  errors_case_invalidate(c, &a);
  int expected = errors_expected_position(&a);
  blas_precision p = blas_precision_of((Mlf__Blas__Precision)(strchr("sdcz", a.letter) - "sdcz"));
  char symbol[32], title[200], backend[40];
  if (a.cblas) snprintf(symbol, sizeof symbol, "cblas_%c%s", a.letter, a.r->name);
  else snprintf(symbol, sizeof symbol, "%c%s_", a.letter, a.r->name);
  snprintf(title, sizeof title, "%s (%s) with %s", symbol,
           !a.cblas ? "Fortran interface" : a.row_major ? "CBLAS, row-major" : "CBLAS, column-major",
           expected ? "an invalid argument" : "valid arguments");
  if (blas_emit_begin(out, tag, identity, title) != 0) return -1;
  blas_emit_tag_backend(tag, backend, sizeof backend);
  emit_invalidated(out, &valid, &a, expected);
  blas_emit_report report = report_of(&a, expected);
  blas_emit_error_hook(out, backend, &report);

  /* The operands, filled as the harness fills them; inputs read-only. */
  void *data[6] = {0};
  size_t elements[6];
  char names[32] = "";
  const char *output = array_name(a.r->output);
  for (int i = 0; i < 6; i++) {
    char letter = errors_operand_letters[i];
    elements[i] = errors_operand_elements(&valid, letter);
    if (errors_arg_index(a.r, letter) >= 0) data[i] = calloc(elements[i] ? elements[i] : 1, p.elem_size);
  }
  errors_operands_fill(&valid, c->seed, data);
  fprintf(out, "/* The operands, sized for the valid arguments, with the fuzzer's values. */\n");
  size_t output_scalars = 0;
  for (int i = 0; i < 6; i++) {
    if (!data[i]) continue;
    const char *name = array_name(errors_operand_letters[i]);
    blas_emit_array(out, &p, name, data[i], elements[i]);
    strcat(names, name), strcat(names, " ");
    if (errors_operand_letters[i] == a.r->output) output_scalars = elements[i] * (p.is_complex ? 2 : 1);
    free(data[i]);
  }
  /* After an error report the output must be unchanged (no expectation: every scalar keeps its
   * bits); a valid call may write any value (the fuzzer's other targets judge values). */
  blas_emit_expect *any = malloc((output_scalars + 1) * sizeof *any);
  if (!any) abort();
  size_t n_any = 0;
  for (size_t s = 0; !expected && s < output_scalars; s++)
    any[n_any++] = (blas_emit_expect){(long)s, (int)(s / (p.is_complex ? 2 : 1)), 0, (int)s % (p.is_complex ? 2 : 1),
                                      '*', 0, 0, 0, 0, 0, 0, 0};
  blas_emit_expectations(out, output, any, n_any);
  free(any);

  char signature[2 * ERRORS_MAX_ARGS];
  level23_emit_call call = call_of(&a, &p, symbol, signature);
  level23_emit_declaration(out, &call);
  blas_emit_main_begin(out, &p, names, output, c->guard_before, symbol);
  if (strchr(signature, 'a')) level23_emit_scalar(out, &p, "alpha", errors_scalar_values[0]);
  if (strchr(signature, 'b')) level23_emit_scalar(out, &p, "beta", errors_scalar_values[1]);
  fprintf(out, "  if (setjmp(leave_call) == 0)\n  ");
  level23_emit_invocation(out, &call);
  blas_emit_main_end(out, &p, output, "check_reports()");
  return 0;
}
