/* Expands a gemm problem into the dense product alpha op(A) op(B) + beta C in long double and
 * evaluates it with blas_product_reference (which states the rules and the error bound). */
#include "blas_gemm_reference.h"
#include "mlf_scratch.h"

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

const blas_product *blas_gemm_reference(const blas_gemm_problem *g, mlf_expect *exact) {
  static mlf_scratch operands;
  static blas_product pr;
  size_t m = g->m, n = g->n, k = g->k;
  blas_cld *a = mlf_scratch_get(&operands, (m * k + k * n + m * n) * sizeof *a);
  blas_cld *b = a + m * k, *c = b + k * n;
  load_op(a, g->a, g, g->trans_a, m, k);
  load_op(b, g->b, g, g->trans_b, k, n);
  load_op(c, g->c, g, MLF__BLAS__TRANSPOSE__NO_TRANS, m, n);
  pr = (blas_product){.p = g->p, .m = m, .n = n, .k = k, .left = a, .right = b, .c_in = c,
                      .alpha = {g->alpha[0], g->alpha[1]}, .beta = {g->beta[0], g->beta[1]}};
  blas_product_reference(&pr, exact);
  return &pr;
}
