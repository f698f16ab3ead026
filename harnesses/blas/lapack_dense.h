/* Dense matrices in long double (column-major, real and imaginary parts apart) for the LAPACK
 * oracles: reading a library buffer, products with transposes and with absolute values
 * (the |L||U| of componentwise bounds), norms, Householder reflectors. Ground truth for the
 * residuals, not a target: every operation is the textbook loop. */
#ifndef LAPACK_DENSE_H
#define LAPACK_DENSE_H
#include <stddef.h>

typedef struct {
  size_t rows, cols;
  int cplx;
  long double *re, *im; /* im is NULL for a real matrix */
} ld_mat;

#define LD_AT(m, i, j) ((j) * (m)->rows + (i))

ld_mat ld_new(size_t rows, size_t cols, int cplx); /* zeros; aborts when memory runs out */
void ld_free(ld_mat *m);
ld_mat ld_identity(size_t n, int cplx);

/* Reads the leading rows x cols block of a library buffer: elements of precision prec
 * (0..3 = s, d, c, z), ld apart, row-major or column-major. */
ld_mat ld_from_buffer(const void *data, int prec, size_t ld, int row_major, size_t rows,
                      size_t cols);
/* Writes m into such a buffer (rounding to the precision). */
void ld_to_buffer(const ld_mat *m, void *data, int prec, size_t ld, int row_major);

/* c = op(a) op(b), op 'N' (as is) or 'C' (conjugate transpose); with absval, the moduli of
 * the elements are multiplied instead (a real result). */
ld_mat ld_mul(const ld_mat *a, char op_a, const ld_mat *b, char op_b, int absval);
/* Elementwise moduli. */
ld_mat ld_abs(const ld_mat *a);
/* a -= b (same shape). */
void ld_sub(ld_mat *a, const ld_mat *b);
/* |x| of element (i, j). */
long double ld_modulus(const ld_mat *m, size_t i, size_t j);

long double ld_norm1(const ld_mat *m);   /* max column sum of moduli */
long double ld_norm_inf(const ld_mat *m); /* max row sum of moduli */
long double ld_norm_fro(const ld_mat *m);
/* 1 when every element is finite. */
int ld_finite(const ld_mat *m);
/* 1 when some element is a NaN. */
int ld_has_nan(const ld_mat *m);

/* m := H m (side 'L') or m H (side 'R') for H = I - tau v v^H, v of length rows (or cols),
 * with tau conjugated when conj is set (applying H^H). */
void ld_reflect(ld_mat *m, char side, const long double *v_re, const long double *v_im,
                long double tau_re, long double tau_im, int conj);

/* Inverse by Gauss-Jordan elimination with partial pivoting; returns 0, with *inv holding
 * nothing to free, when a pivot is exactly zero (singular to long double working precision). */
int ld_inverse(const ld_mat *a, ld_mat *inv);

/* Singular values s (a->cols of them, in no particular order: the min(rows, cols) singular
 * values and cols - rows zeros when a is wide) and the unitary V whose columns are the right
 * singular vectors they belong to, by one-sided Jacobi; returns 0 (V still allocated) when it
 * did not converge. */
int ld_jacobi_svd(const ld_mat *a, ld_mat *v, long double *s);
#endif
