/* Standalone program for a blas_gemm finding (blas_gemm_emit.h): the message's A, B and C as
 * literal arrays, the one cblas_?gemm call the harness makes (dnnl_sgemm for oneDNN, as its
 * adapter calls it: row-major, a column-major call as C^T = op(B)^T op(A)^T), and C's
 * expectations from the long-double reference. */
#include "blas_gemm_emit.h"
#include <stdlib.h>
#include <string.h>
#include "blas_emit.h"
#include "blas_gemm_reference.h"

static const char *const cblas_trans[] = {"CblasNoTrans", "CblasTrans", "CblasConjTrans"};

/* The scalars alpha and beta as the call passes them: by value (real) or by address. */
static void emit_scalar(FILE *out, const blas_gemm_problem *g, const char *name, const double v[2]) {
  fprintf(out, "  const %s %s%s = ", blas_emit_real_type(&g->p), name, g->p.is_complex ? "[2]" : "");
  if (g->p.is_complex) fprintf(out, "{");
  blas_emit_number(out, v[0]);
  if (g->p.is_complex) fprintf(out, ", "), blas_emit_number(out, v[1]), fprintf(out, "}");
  fprintf(out, ";\n");
}

/* The entry point's declaration, as cblas.h or dnnl.h has it (enums as int). */
static void emit_prototype(FILE *out, const blas_gemm_problem *g, int dnnl) {
  if (dnnl) {
    fprintf(out, "int dnnl_sgemm(char transa, char transb, int64_t m, int64_t n, int64_t k, float alpha,\n"
                 "               const float *a, int64_t lda, const float *b, int64_t ldb, float beta,\n"
                 "               float *c, int64_t ldc);\n\n");
    return;
  }
  const char *t = blas_emit_real_type(&g->p), *s = g->p.is_complex ? "const void *" : t;
  const char *in = g->p.is_complex ? "const void *" : g->p.is_double ? "const double *" : "const float *";
  fprintf(out, "void cblas_%cgemm(int order, int transa, int transb, int m, int n, int k, %s%salpha,\n"
               "                 %sa, int lda, %sb, int ldb, %s%sbeta, %s *c, int ldc);\n\n",
          g->p.letter, s, g->p.is_complex ? "" : " ", in, in, s, g->p.is_complex ? "" : " ",
          g->p.is_complex ? "void" : t);
}

int blas_gemm_emit(const Mlf__Blas__GemmCase *gc, const char *tag, const char *identity, FILE *out) {
  blas_gemm_problem g;
  blas_matrix a, b, c;
  blas_gemm_problem_make(&g, gc, &a, &b, &c);
  int status = blas_gemm_emit_problem(&g, gc->guard_before, tag, identity, out);
  blas_gemm_problem_free(&g);
  return status;
}

int blas_gemm_emit_problem(const blas_gemm_problem *gp, int guard_before, const char *tag,
                           const char *identity, FILE *out) {
  char backend[40];
  blas_emit_tag_backend(tag, backend, sizeof backend);
  int dnnl = strcmp(backend, "onednn") == 0;
  const blas_gemm_problem g = *gp;
  const blas_matrix a = *g.a, b = *g.b, c = *g.c;
  char symbol[32], title[160];
  snprintf(symbol, sizeof symbol, dnnl ? "dnnl_sgemm" : "cblas_%cgemm", g.p.letter);
  snprintf(title, sizeof title, "%s: C := alpha op(A) op(B) + beta C, %zu x %zu x %zu, %s", symbol,
           g.m, g.n, g.k, g.row_major ? "row-major" : "column-major");
  int status = blas_emit_begin(out, tag, identity, title);
  if (status == 0) {
    size_t parts = g.p.is_complex ? 2 : 1, n_exp = g.m * g.n * parts;
    mlf_expect *exact = malloc((n_exp ? n_exp : 1) * sizeof *exact);
    blas_emit_expect *rules = malloc((n_exp ? n_exp : 1) * sizeof *rules);
    const blas_product *pr = blas_gemm_reference(&g, exact, 0);
    for (size_t i = 0; i < g.m; i++)
      for (size_t j = 0; j < g.n; j++) {
        mlf_expect alt[2];
        if (g.p.is_complex) blas_product_expect_one(pr, BLAS_SEM_COMPLEX_ZERO_PARTS, i, j, alt);
        for (size_t part = 0; part < parts; part++) {
          size_t at = (i * g.n + j) * parts + part;
          long scalar = (long)(blas_matrix_offset(&c, g.row_major, i, j) * parts + part);
          rules[at] = blas_emit_expect_of(scalar, i, j, (int)part, &exact[at], g.p.is_complex ? &alt[part] : NULL);
        }
      }
    fprintf(out, "/* A, B and C as the fuzzer built them (the NaNs between columns are padding no\n"
                 " * routine may read or write); C's expectations from a long-double reference with a\n"
                 " * rigorous error bound, by the BLAS rules for alpha = 0, beta = 0 and k = 0. */\n");
    blas_emit_array(out, &g.p, "A", a.data, a.count);
    blas_emit_array(out, &g.p, "B", b.data, b.count);
    blas_emit_array(out, &g.p, "C", c.data, c.count);
    blas_emit_expectations(out, "C", rules, n_exp);
    emit_prototype(out, &g, dnnl);
    blas_emit_main_begin(out, &g.p, "A B C", "C", guard_before, symbol);
    emit_scalar(out, &g, "alpha", g.alpha);
    emit_scalar(out, &g, "beta", g.beta);
    int m = (int)g.m, n = (int)g.n, k = (int)g.k, lda = (int)a.ld, ldb = (int)b.ld, ldc = (int)c.ld;
    if (dnnl) {
      char ta = g.trans_a ? 'T' : 'N', tb = g.trans_b ? 'T' : 'N';
      if (g.row_major)
        fprintf(out, "  int status = dnnl_sgemm('%c', '%c', %d, %d, %d, alpha, A, %d, B, %d, beta, C, %d);\n", ta, tb,
                m, n, k, lda, ldb, ldc);
      else
        fprintf(out, "  /* oneDNN is row-major: column-major C is C^T = op(B)^T op(A)^T there. */\n"
                     "  int status = dnnl_sgemm('%c', '%c', %d, %d, %d, alpha, B, %d, A, %d, beta, C, %d);\n", tb, ta,
                n, m, k, ldb, lda, ldc);
      fprintf(out, "  printf(\"dnnl_sgemm status %%d (0 is success)\\n\", status);\n");
    } else {
      fprintf(out, "  %s(%s, %s, %s, %d, %d, %d, alpha, A, %d, B, %d, beta, C, %d);\n", symbol,
              g.row_major ? "CblasRowMajor" : "CblasColMajor", cblas_trans[g.trans_a],
              cblas_trans[g.trans_b], m, n, k, lda, ldb, ldc);
    }
    blas_emit_main_end(out, &g.p, "C", NULL);
    free(exact);
    free(rules);
  }
  return status;
}
