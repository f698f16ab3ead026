/* Standalone program for a blas_level23 finding (level23_emit.h): the operands as the harness
 * built them (literal arrays, padding and gaps included), the routine's declaration and call
 * written from its signature (level23_routines.h) through CBLAS or Fortran as the message
 * says, and the output's expectations: products from the long-double reference, a Hermitian
 * result's diagonal exactly real, every slot the routine must not write unchanged. Solves get
 * no value expectations (their oracle is a backward error, not a value): only the storage and
 * memory checks. */
#include "level23_emit.h"
#include <stdlib.h>
#include <string.h>
#include "blas_emit.h"
#include "blas_gemm_emit.h"
#include "level23_problem.h"

static const char *const operand_names[5] = {"A", "B", "C", "x", "y"};

static const level23_operand *operand(const level23_problem *pb, int i) {
  const level23_operand *all[5] = {&pb->a, &pb->b, &pb->c, &pb->x, &pb->y};
  return all[i];
}

/* The expectations of every scalar the routine may write. */
static size_t expectations(const level23_problem *pb, blas_emit_expect *rules) {
  const level23_operand *out = pb->output;
  const blas_precision *p = &pb->p;
  size_t rows = level23_rows(out), cols = level23_cols(out), n = 0;
  int parts = p->is_complex ? 2 : 1;
  int hermitian_out = !out->is_vector && out->shape.kind == BLAS_HERMITIAN;
  int zero_alpha_solve = pb->routine->op == OP_TRSM && pb->alpha[0] == 0 && pb->alpha[1] == 0;
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++) {
      long slot = level23_slot(out, i, j);
      if (slot < 0) continue;
      mlf_expect alt[2];
      if (pb->product && p->is_complex) blas_product_expect_one(pb->product, BLAS_SEM_COMPLEX_ZERO_PARTS, i, j, alt);
      for (int part = 0; part < parts; part++) {
        blas_emit_expect x = {slot * parts + part, (int)i, (int)j, part, '*', 0, 0, 0, 0, 0, 0};
        if (!pb->product) x.rule = zero_alpha_solve ? 'z' : '*';
        else if (hermitian_out && i == j && part == 1) {
          if (pb->quick_return) continue; /* untouched: the unchanged check covers it */
          x.rule = 'z';
        } else {
          const mlf_expect *e = &pb->expected[(i * cols + j) * (size_t)parts + (size_t)part];
          x = blas_emit_expect_of(x.scalar, i, j, part, e, p->is_complex ? &alt[part] : NULL);
        }
        rules[n++] = x;
      }
    }
  return n;
}

/* Whether a scalar argument goes by value: real CBLAS scalars. */
static int by_value(const level23_problem *pb, char arg) {
  int real = arg == 'a' ? pb->routine->real_alpha : pb->routine->real_beta;
  return !pb->fortran && (!pb->p.is_complex || real);
}

/* One parameter of the declaration for signature letter c. */
static void emit_parameter(FILE *out, const level23_problem *pb, char c) {
  const char *in = pb->fortran ? "const int *" : "int ";
  static const char *const names[] = {"O", "order", "T", "trans", "t", "transb", "U", "uplo",
                                      "S", "side", "D", "diag", "m", "m", "n", "n", "k", "k",
                                      "l", "kl", "u", "ku", NULL};
  for (int i = 0; names[i]; i += 2)
    if (names[i][0] == c) {
      int flag = strchr("OTtUSD", c) != NULL;
      fprintf(out, "%s%s", flag && pb->fortran ? "const char *" : in, names[i + 1]);
      return;
    }
  if (c == 'a' || c == 'b') {
    const char *name = c == 'a' ? "alpha" : "beta";
    if (by_value(pb, c)) fprintf(out, "%s %s", blas_emit_real_type(&pb->p), name);
    else fprintf(out, "const void *%s", name);
    return;
  }
  static const char letters[] = "ABCxy";
  const char *at = strchr(letters, c == 'P' ? 'A' : c);
  int which = at ? (int)(at - letters) : 0;
  int output = operand(pb, which) == pb->output;
  const char *ld = c == 'x' ? "incx" : c == 'y' ? "incy" : c == 'A' ? "lda" : c == 'B' ? "ldb" : "ldc";
  fprintf(out, "%svoid *%s", output ? "" : "const ", c == 'P' ? "ap" : operand_names[which]);
  if (c != 'P') fprintf(out, ", %s%s", in, ld);
}

/* An argument of the call for signature letter c. */
static void emit_argument(FILE *out, const level23_problem *pb, const level23_args *a, char c) {
  static const char *const trans_cblas[] = {"CblasNoTrans", "CblasTrans", "CblasConjTrans"};
  const char *trans_f = "NTC";
  int fortran = pb->fortran, value = 0;
  switch (c) {
    case 'O': fprintf(out, a->row_major ? "CblasRowMajor" : "CblasColMajor"); return;
    case 'T': case 't': {
      int t = c == 'T' ? a->trans : a->trans_b;
      if (fortran) fprintf(out, "\"%c\"", trans_f[t]);
      else fprintf(out, "%s", trans_cblas[t]);
      return;
    }
    case 'U': fprintf(out, fortran ? (a->lower ? "\"L\"" : "\"U\"") : (a->lower ? "CblasLower" : "CblasUpper")); return;
    case 'S': fprintf(out, fortran ? (a->right_side ? "\"R\"" : "\"L\"") : (a->right_side ? "CblasRight" : "CblasLeft")); return;
    case 'D': fprintf(out, fortran ? (a->unit_diagonal ? "\"U\"" : "\"N\"") : (a->unit_diagonal ? "CblasUnit" : "CblasNonUnit")); return;
    case 'a': case 'b': {
      const char *name = c == 'a' ? "alpha" : "beta";
      fprintf(out, by_value(pb, c) ? "%s[0]" : "%s", name);
      return;
    }
    case 'P': fprintf(out, "A"); return;
    case 'm': value = a->m; break;
    case 'n': value = a->n; break;
    case 'k': value = a->k; break;
    case 'l': value = a->kl; break;
    case 'u': value = a->ku; break;
    default: {
      static const char letters[] = "ABCxy";
      int which = (int)(strchr(letters, c) - letters);
      fprintf(out, "%s, ", operand_names[which]);
      value = c == 'A' ? a->lda : c == 'B' ? a->ldb : c == 'C' ? a->ldc : c == 'x' ? a->incx : a->incy;
    }
  }
  fprintf(out, fortran ? "&(const int){%d}" : "%d", value);
}

static void emit_scalar(FILE *out, const level23_problem *pb, const char *name, const double v[2]) {
  fprintf(out, "  const %s %s[2] = {", blas_emit_real_type(&pb->p), name);
  blas_emit_number(out, v[0]);
  fprintf(out, ", ");
  blas_emit_number(out, v[1]);
  fprintf(out, "};\n");
}

/* oneDNN has only sgemm, behind the harness's CBLAS-shaped adapter: the gemm program. */
static int emit_onednn_gemm(const level23_problem *pb, int guard_before, const char *tag,
                            const char *identity, FILE *out) {
  blas_gemm_problem g = {.p = pb->p, .row_major = pb->row_major,
                         .trans_a = (Mlf__Blas__Transpose)pb->trans,
                         .trans_b = (Mlf__Blas__Transpose)pb->trans_b,
                         .m = (size_t)pb->m, .n = (size_t)pb->n, .k = (size_t)pb->k,
                         .alpha = {pb->alpha[0], pb->alpha[1]}, .beta = {pb->beta[0], pb->beta[1]},
                         .a = &pb->a.store, .b = &pb->b.store, .c = &pb->c.store};
  return blas_gemm_emit_problem(&g, guard_before, tag, identity, out);
}

int level23_emit(const Mlf__Blas__Level23Case *c, const char *tag, const char *identity, FILE *out) {
  level23_problem pb;
  level23_problem_make(&pb, c);
  char backend[40];
  blas_emit_tag_backend(tag, backend, sizeof backend);
  if (strcmp(backend, "onednn") == 0) {
    int status = emit_onednn_gemm(&pb, c->guard_before, tag, identity, out);
    level23_problem_free(&pb);
    return status;
  }
  const level23_routine *r = pb.routine;
  const char *sig = r->signature;
  char symbol[32], title[200];
  if (pb.fortran) snprintf(symbol, sizeof symbol, "%c%s_", pb.p.letter, r->name);
  else snprintf(symbol, sizeof symbol, "cblas_%c%s", pb.p.letter, r->name);
  snprintf(title, sizeof title, "%s (%s): m = %d, n = %d, k = %d, kl = %d, ku = %d", symbol,
           pb.fortran ? "Fortran interface" : pb.row_major ? "CBLAS, row-major" : "CBLAS, column-major",
           pb.m, pb.n, pb.k, pb.kl, pb.ku);
  int status = blas_emit_begin(out, tag, identity, title);
  if (status == 0) {
    const level23_operand *o = pb.output;
    size_t cap = level23_rows(o) * level23_cols(o) * 2 + 1;
    blas_emit_expect *rules = malloc(cap * sizeof *rules);
    size_t n = expectations(&pb, rules);
    fprintf(out, "/* The operands as the fuzzer built them: the NaNs in padding, band corners, the\n"
                 " * other triangle and increment gaps are slots no routine may read (they would\n"
                 " * show in the result) or write. */\n");
    char names[32] = "", output[4] = "";
    for (int i = 0; i < 5; i++) {
      if (!pb.has[i]) continue;
      const level23_operand *x = operand(&pb, i);
      blas_emit_array(out, &pb.p, operand_names[i], x->store.data, x->store.count);
      strcat(names, operand_names[i]), strcat(names, " ");
      if (x == o) strcpy(output, operand_names[i]);
    }
    if (!pb.product)
      fprintf(out, "/* A solve: its values are judged by backward error in the fuzzer, not here. */\n");
    blas_emit_expectations(out, output, rules, n);
    fprintf(out, "void %s(", symbol);
    int flags = 0, first = 1;
    for (const char *s = sig; *s; s++) {
      if (*s == 'O' && pb.fortran) continue;
      fprintf(out, first ? "" : ", ");
      emit_parameter(out, &pb, *s);
      first = 0;
      flags += strchr("TtUSD", *s) != NULL;
    }
    for (int i = 0; pb.fortran && i < flags; i++) fprintf(out, ", size_t flag_length%d", i + 1);
    fprintf(out, ");\n\n");
    blas_emit_main_begin(out, &pb.p, names, output, c->guard_before, symbol);
    if (strchr(sig, 'a')) emit_scalar(out, &pb, "alpha", pb.alpha);
    if (strchr(sig, 'b')) emit_scalar(out, &pb, "beta", pb.beta);
    level23_args a = level23_args_for(&pb, o);
    fprintf(out, "  %s(", symbol);
    first = 1;
    for (const char *s = sig; *s; s++) {
      if (*s == 'O' && pb.fortran) continue;
      fprintf(out, first ? "" : ", ");
      emit_argument(out, &pb, &a, *s);
      first = 0;
    }
    for (int i = 0; pb.fortran && i < flags; i++) fprintf(out, ", 1");
    fprintf(out, ");\n");
    blas_emit_main_end(out, &pb.p, output);
    free(rules);
  }
  level23_problem_free(&pb);
  return status;
}
