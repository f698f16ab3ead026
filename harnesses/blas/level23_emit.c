/* Standalone program for a blas_level23 finding (level23_emit.h): the operands as the harness
 * built them (literal arrays, padding and gaps included), the routine's declaration and call
 * written from its signature (level23_emit_call.h) through CBLAS or Fortran as the message
 * says, and the output's expectations: products from the long-double reference, a Hermitian
 * result's diagonal exactly real, every slot the routine must not write unchanged. Solves get
 * no value expectations (their oracle is a backward error, not a value): only the storage and
 * memory checks. */
#include "level23_emit.h"
#include <stdlib.h>
#include <string.h>
#include "blas_emit.h"
#include "blas_gemm_emit.h"
#include "level23_emit_call.h"
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
        blas_emit_expect x = {slot * parts + part, (int)i, (int)j, part, '*', 0, 0, 0, 0, 0, 0, 0};
        if (!pb->product) x.rule = zero_alpha_solve ? 'z' : '*';
        else if (hermitian_out && i == j && part == 1) {
          if (pb->quick_return) continue; /* untouched: the unchanged check covers it */
          x.rule = 'z';
        } else {
          const mlf_expect *e = level23_expect(pb, i, j, part);
          x = blas_emit_expect_of(x.scalar, i, j, part, e, p->is_complex ? &alt[part] : NULL);
        }
        rules[n++] = x;
      }
    }
  return n;
}

/* The call the program makes for pb, with the arguments a. */
static level23_emit_call call_of(const level23_problem *pb, const level23_args *a, const char *symbol) {
  level23_emit_call call = {symbol, &pb->p, pb->fortran, pb->routine->signature,
                            pb->routine->real_alpha, pb->routine->real_beta, 0, {0}};
  int *v = call.value, f = pb->fortran;
  v['O'] = a->row_major ? LEVEL23_ROW_MAJOR : LEVEL23_COL_MAJOR;
  v['T'] = f ? "NTC"[a->trans] : LEVEL23_NO_TRANS + a->trans;
  v['t'] = f ? "NTC"[a->trans_b] : LEVEL23_NO_TRANS + a->trans_b;
  v['U'] = f ? (a->lower ? 'L' : 'U') : a->lower ? LEVEL23_LOWER : LEVEL23_UPPER;
  v['S'] = f ? (a->right_side ? 'R' : 'L') : a->right_side ? LEVEL23_RIGHT : LEVEL23_LEFT;
  v['D'] = f ? (a->unit_diagonal ? 'U' : 'N') : a->unit_diagonal ? LEVEL23_UNIT : LEVEL23_NON_UNIT;
  v['m'] = a->m, v['n'] = a->n, v['k'] = a->k, v['l'] = a->kl, v['u'] = a->ku;
  v['A'] = v['P'] = a->lda, v['B'] = a->ldb, v['C'] = a->ldc, v['x'] = a->incx, v['y'] = a->incy;
  for (int i = 0; i < 5; i++)
    if (operand(pb, i) == pb->output) call.output = "ABCxy"[i];
  if (call.output == 'A' && strchr(call.signature, 'P')) call.output = 'P';
  return call;
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
  /* A relation's finding comes from its follow-up call on a transformed problem
   * (level23_relations.c), which this program does not make: such rows need a program written
   * by hand. */
  if (strstr(tag, ":relation-")) return -1;
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
    level23_args a = level23_args_for(&pb, o);
    level23_emit_call call = call_of(&pb, &a, symbol);
    level23_emit_declaration(out, &call);
    blas_emit_main_begin(out, &pb.p, names, output, c->guard_before, symbol);
    if (strchr(sig, 'a')) level23_emit_scalar(out, &pb.p, "alpha", pb.alpha);
    if (strchr(sig, 'b')) level23_emit_scalar(out, &pb.p, "beta", pb.beta);
    level23_emit_invocation(out, &call);
    blas_emit_main_end(out, &pb.p, output, NULL);
    free(rules);
  }
  level23_problem_free(&pb);
  return status;
}
