/* Expands a gemm problem into the dense product alpha op(A) op(B) + beta C in long double and
 * evaluates it with blas_product_reference (which states the rules and the error bound). */
#include "blas_gemm_reference.h"
#include "mlf_scratch.h"

void blas_gemm_problem_make(blas_gemm_problem *g, const Mlf__Blas__GemmCase *gc, blas_matrix *a,
                            blas_matrix *b, blas_matrix *c) {
  *g = (blas_gemm_problem){.p = blas_precision_of(gc->precision),
                           .row_major = gc->layout == MLF__BLAS__LAYOUT__ROW_MAJOR,
                           .trans_a = gc->trans_a, .trans_b = gc->trans_b,
                           .m = gc->m, .n = gc->n, .k = gc->k};
  g->alpha[0] = blas_number(gc->alpha ? gc->alpha->re : NULL, &g->p);
  g->alpha[1] = g->p.is_complex ? blas_number(gc->alpha ? gc->alpha->im : NULL, &g->p) : 0;
  g->beta[0] = blas_number(gc->beta ? gc->beta->re : NULL, &g->p);
  g->beta[1] = g->p.is_complex ? blas_number(gc->beta ? gc->beta->im : NULL, &g->p) : 0;
  int a_plain = g->trans_a == MLF__BLAS__TRANSPOSE__NO_TRANS;
  int b_plain = g->trans_b == MLF__BLAS__TRANSPOSE__NO_TRANS;
  mlf_guard_side side = gc->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  size_t m = g->m, n = g->n, k = g->k;
  blas_matrix_make(a, gc->a, &g->p, g->row_major, a_plain ? m : k, a_plain ? k : m, 1, side, "A");
  blas_matrix_make(b, gc->b, &g->p, g->row_major, b_plain ? k : n, b_plain ? n : k, 2, side, "B");
  blas_matrix_make(c, gc->c, &g->p, g->row_major, m, n, 3, side, "C");
  mlf_guard_set_readonly(a->data, 1);
  mlf_guard_set_readonly(b->data, 1);
  g->a = a, g->b = b, g->c = c;
}

void blas_gemm_problem_free(blas_gemm_problem *g) {
  mlf_guard_set_readonly(g->a->data, 0);
  mlf_guard_set_readonly(g->b->data, 0);
  blas_matrix_free((blas_matrix *)g->a);
  blas_matrix_free((blas_matrix *)g->b);
  blas_matrix_free((blas_matrix *)g->c);
}

/* op(X) as a dense rows x cols array, read once so the reference's O(m n k) loop touches plain
 * memory. */
static void load_op(blas_cld *out, const blas_matrix *x, const blas_gemm_problem *g,
                    Mlf__Blas__Transpose t, size_t rows, size_t cols) {
  int conj = t == MLF__BLAS__TRANSPOSE__CONJ_TRANS && g->p.is_complex;
  for (size_t i = 0; i < rows; i++)
    for (size_t l = 0; l < cols; l++) {
      double re, im;
      if (t == MLF__BLAS__TRANSPOSE__NO_TRANS) blas_matrix_get(x, &g->p, g->row_major, i, l, &re, &im);
      else blas_matrix_get(x, &g->p, g->row_major, l, i, &re, &im);
      out[i * cols + l] = (blas_cld){re, conj ? -im : im};
    }
}

const blas_product *blas_gemm_reference(const blas_gemm_problem *g, mlf_expect *exact,
                                        int sets_on_demand) {
  static mlf_scratch operands;
  static blas_product pr;
  size_t m = g->m, n = g->n, k = g->k;
  blas_cld *a = mlf_scratch_get(&operands, (m * k + k * n + m * n) * sizeof *a);
  blas_cld *b = a + m * k, *c = b + k * n;
  load_op(a, g->a, g, g->trans_a, m, k);
  load_op(b, g->b, g, g->trans_b, k, n);
  load_op(c, g->c, g, MLF__BLAS__TRANSPOSE__NO_TRANS, m, n);
  pr = (blas_product){.p = g->p, .m = m, .n = n, .k = k, .left = a, .right = b, .c_in = c,
                      .alpha = {g->alpha[0], g->alpha[1]}, .beta = {g->beta[0], g->beta[1]},
                      .sets_on_demand = sets_on_demand};
  blas_product_reference(&pr, exact);
  return &pr;
}
