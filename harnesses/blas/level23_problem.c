/* Builds a level-2/3 problem from its message and judges a backend's output (see
 * level23_problem.h). Every operation but the solves is expanded into the dense product
 * alpha L R + beta C that blas_product_reference evaluates:
 *   mv: L = op(A), R = x, C = y          trmv: L = op(A), R = x, alpha = 1, beta = 0
 *   r1: L = x, R = y^T (^H), C = A       r2: L = [x y], R = [y^T; x^T], C = A
 *   mm: L = op(A), R = op(B) (symm: the side decides), C = C
 *   rk: L = op(A), R = op(A)^T (^H)      r2k: L = [op(A) op(B)], R = [op(B)^T; op(A)^T]
 *   trmm: L = op(A), R = B (right side: L = B, R = op(A)), beta = 0
 * Hermitian rank-2 updates carry alpha and conj(alpha) in L and use alpha = 1 (0 when alpha is
 * 0, keeping the quick return), since the two halves have different scalars. */
#include "level23_problem.h"
#include <math.h>
#include <string.h>
#include "mlf_differential.h"
#include "mlf_report.h"
#include "mlf_scratch.h"

enum { A, B, C, X, Y };

static blas_cld scalar(const double v[2]) { return (blas_cld){v[0], v[1]}; }
static const blas_cld one = {1, 0};

static void read_scalar(const Mlf__Blas__Scalar *s, const blas_precision *p, int real, double out[2]) {
  out[0] = blas_number(s ? s->re : NULL, p);
  out[1] = p->is_complex && !real ? blas_number(s ? s->im : NULL, p) : 0;
}

static void make_matrix(level23_problem *pb, int which, const Mlf__Blas__Fill *fill, blas_kind kind,
                        blas_storage storage, size_t rows, size_t cols, const char *label) {
  blas_shape s = {.kind = kind, .storage = storage, .row_major = pb->row_major, .lower = pb->lower,
                  .unit_diagonal = pb->unit_diagonal, .rows = rows, .cols = cols,
                  .kl = (size_t)(storage == BLAS_BAND && kind != BLAS_GENERAL ? pb->k : pb->kl),
                  .ku = (size_t)(storage == BLAS_BAND && kind != BLAS_GENERAL ? pb->k : pb->ku)};
  level23_operand *o = which == A ? &pb->a : which == B ? &pb->b : &pb->c;
  level23_matrix(o, &s, fill, &pb->p, (uint64_t)which + 1, pb->side, label);
  pb->has[which] = 1;
}

static void make_vector(level23_problem *pb, int which, const Mlf__Blas__Fill *fill, size_t len,
                        int inc, const char *label) {
  level23_vector(which == X ? &pb->x : &pb->y, len, inc, fill, &pb->p, (uint64_t)which + 1,
                 pb->side, label);
  pb->has[which] = 1;
}

/* Operands for the routine's operation, shaped as the BLAS defines them. */
static void make_operands(level23_problem *pb, const Mlf__Blas__Level23Case *c) {
  const level23_routine *r = pb->routine;
  size_t m = (size_t)pb->m, n = (size_t)pb->n, k = (size_t)pb->k;
  int t = pb->trans != 0;
  switch (r->op) {
    case OP_MV:
      if (r->kind == BLAS_GENERAL) {
        make_matrix(pb, A, c->a, r->kind, r->storage, m, n, "A");
        make_vector(pb, X, c->b, t ? m : n, c->incx, "x");
        make_vector(pb, Y, c->c, t ? n : m, c->incy, "y");
      } else {
        make_matrix(pb, A, c->a, r->kind, r->storage, n, n, "A");
        make_vector(pb, X, c->b, n, c->incx, "x");
        make_vector(pb, Y, c->c, n, c->incy, "y");
      }
      pb->output = &pb->y;
      break;
    case OP_TRMV:
    case OP_TRSV:
      make_matrix(pb, A, c->a, r->kind, r->storage, n, n, "A");
      make_vector(pb, X, c->b, n, c->incx, "x");
      pb->output = &pb->x;
      break;
    case OP_R1:
    case OP_R2: {
      size_t rows = r->kind == BLAS_GENERAL ? m : n;
      make_vector(pb, X, c->b, rows, c->incx, "x");
      if (r->kind == BLAS_GENERAL || r->op == OP_R2) make_vector(pb, Y, c->c, n, c->incy, "y");
      make_matrix(pb, A, c->a, r->kind, r->storage, rows, n, "A");
      pb->output = &pb->a;
      break;
    }
    case OP_MM:
      if (r->kind == BLAS_GENERAL) {
        make_matrix(pb, A, c->a, BLAS_GENERAL, BLAS_FULL, t ? k : m, t ? m : k, "A");
        make_matrix(pb, B, c->b, BLAS_GENERAL, BLAS_FULL, pb->trans_b ? n : k, pb->trans_b ? k : n, "B");
      } else {
        size_t side = pb->right_side ? n : m;
        make_matrix(pb, A, c->a, r->kind, BLAS_FULL, side, side, "A");
        make_matrix(pb, B, c->b, BLAS_GENERAL, BLAS_FULL, m, n, "B");
      }
      make_matrix(pb, C, c->c, BLAS_GENERAL, BLAS_FULL, m, n, "C");
      pb->output = &pb->c;
      break;
    case OP_RK:
    case OP_R2K:
      make_matrix(pb, A, c->a, BLAS_GENERAL, BLAS_FULL, t ? k : n, t ? n : k, "A");
      if (r->op == OP_R2K) make_matrix(pb, B, c->b, BLAS_GENERAL, BLAS_FULL, t ? k : n, t ? n : k, "B");
      make_matrix(pb, C, c->c, r->kind, BLAS_FULL, n, n, "C");
      pb->output = &pb->c;
      break;
    default: { /* trmm, trsm */
      size_t side = pb->right_side ? n : m;
      make_matrix(pb, A, c->a, BLAS_TRIANGULAR, BLAS_FULL, side, side, "A");
      make_matrix(pb, B, c->b, BLAS_GENERAL, BLAS_FULL, m, n, "B");
      pb->output = &pb->b;
    }
  }
}

/* How the reference algorithm splits the terms of a symmetric or Hermitian product (blas_product's
 * reference_split), as netlib's column-major routines run it and GSL's CBLAS runs it on its own
 * row-major loops (gsl cblas/source_symm.h, source_symv.h: "temp2 += B[k,j] A[i,k] ... C[i,j] +=
 * alpha * temp2"): the diagonal is that of the symmetric factor (row i's from the left, column
 * j's from the right), alpha multiplies the other factor first in the remaining terms, and the
 * partial sum lies on the stored triangle's side: before the diagonal for column-major upper,
 * after it for column-major lower, the other way round in row-major. netlib's CBLAS row-major
 * calls the column-major routine on the transpose (cblas_zsymv: uplo flipped; cblas_zsymm: side
 * swapped too), which gives the same split, or none where the column-major routine works from
 * the right (zsymm.f: TEMP1 = ALPHA*A(K,J), C(I,J) = C(I,J) + TEMP1*B(I,K)), an order the
 * allowed set holds anyway. */
static void set_reference_split(blas_product *pr, const level23_problem *pb) {
  pr->reference_split.from_right = pb->routine->op == OP_MM && pb->right_side;
  pr->reference_split.after = pb->lower != pb->row_major;
}

/* The dense product for every operation but the solves (see the top of this file). */
static void make_product(level23_problem *pb) {
  static mlf_scratch dense;
  static blas_product pr;
  const level23_routine *r = pb->routine;
  const blas_precision *p = &pb->p;
  size_t rows = level23_rows(pb->output), cols = level23_cols(pb->output), kk;
  int t = pb->trans, tr = r->conjugate ? 2 : 1; /* the transpose a rank update uses */
  switch (r->op) {
    case OP_MV: case OP_TRMV: kk = level23_rows(&pb->x); break;
    case OP_R1: kk = 1; break;
    case OP_R2: kk = 2; break;
    case OP_MM: kk = r->kind != BLAS_GENERAL ? (pb->right_side ? cols : rows) : (size_t)pb->k; break;
    case OP_RK: kk = (size_t)pb->k; break;
    case OP_R2K: kk = 2 * (size_t)pb->k; break;
    default: kk = pb->right_side ? cols : rows;
  }
  blas_cld *l = mlf_scratch_get(&dense, (rows * kk + kk * cols + rows * cols) * sizeof *l);
  blas_cld *rr = l + rows * kk, *c_in = rr + kk * cols;
  static mlf_scratch masks;
  unsigned char *lp = mlf_scratch_get(&masks, rows * kk + kk * cols + 1), *rp = lp + rows * kk;
  pr = (blas_product){.p = *p, .m = rows, .n = cols, .k = kk, .left = l, .right = rr, .c_in = c_in,
                      .left_present = lp, .right_present = rp,
                      .alpha = {pb->alpha[0], pb->alpha[1]}, .beta = {pb->beta[0], pb->beta[1]},
                      .sets_on_demand = 1};
  pr.alpha_of_partial_sums = (r->op == OP_MV || r->op == OP_MM) &&
                             (r->kind == BLAS_SYMMETRIC || r->kind == BLAS_HERMITIAN);
  if (pr.alpha_of_partial_sums) set_reference_split(&pr, pb);
  int herm2 = r->kind == BLAS_HERMITIAN && (r->op == OP_R2 || r->op == OP_R2K);
  blas_cld s1 = one, s2 = one;
  if (herm2) {
    s1 = scalar(pb->alpha), s2 = (blas_cld){pb->alpha[0], -pb->alpha[1]};
    pr.alpha[0] = pb->alpha[0] == 0 && pb->alpha[1] == 0 ? 0 : 1, pr.alpha[1] = 0;
    pr.alpha_folded = 1, pr.folded_alpha[0] = pb->alpha[0], pr.folded_alpha[1] = pb->alpha[1];
  }
  level23_dense(c_in, NULL, cols, 0, pb->output, p, 0, one);
  size_t half = kk / 2;
  switch (r->op) {
    case OP_MV:
      level23_dense(l, lp, kk, 0, &pb->a, p, r->kind == BLAS_GENERAL ? t : 0, one);
      level23_dense(rr, rp, 1, 0, &pb->x, p, 0, one);
      if (r->kind == BLAS_GENERAL && (pb->m == 0 || pb->n == 0)) /* gemv, gbmv: y untouched */
        pr.alpha[0] = pr.alpha[1] = pr.beta[1] = 0, pr.beta[0] = 1;
      break;
    case OP_TRMV:
      level23_dense(l, lp, kk, 0, &pb->a, p, t, one);
      level23_dense(rr, rp, 1, 0, &pb->x, p, 0, one);
      pr.alpha[0] = 1, pr.alpha[1] = 0, pr.beta[0] = pr.beta[1] = 0;
      break;
    case OP_R1:
      level23_dense(l, lp, 1, 0, &pb->x, p, 0, one);
      level23_dense(rr, rp, cols, 0, pb->has[Y] ? &pb->y : &pb->x, p, tr, one);
      pr.beta[0] = 1, pr.beta[1] = 0;
      break;
    case OP_R2:
      level23_dense(l, lp, 2, 0, &pb->x, p, 0, s1);
      level23_dense(l, lp, 2, 1, &pb->y, p, 0, s2);
      level23_dense(rr, rp, cols, 0, &pb->y, p, tr, one);
      level23_dense(rr + cols, rp + cols, cols, 0, &pb->x, p, tr, one);
      pr.beta[0] = 1, pr.beta[1] = 0;
      break;
    case OP_MM:
      if (r->kind == BLAS_GENERAL) {
        level23_dense(l, lp, kk, 0, &pb->a, p, t, one);
        level23_dense(rr, rp, cols, 0, &pb->b, p, pb->trans_b, one);
      } else {
        level23_dense(l, lp, kk, 0, pb->right_side ? &pb->b : &pb->a, p, 0, one);
        level23_dense(rr, rp, cols, 0, pb->right_side ? &pb->a : &pb->b, p, 0, one);
      }
      break;
    case OP_RK: /* trans N: A op(A)^T; T or C: op(A) A */
      level23_dense(l, lp, kk, 0, &pb->a, p, t ? tr : 0, one);
      level23_dense(rr, rp, cols, 0, &pb->a, p, t ? 0 : tr, one);
      break;
    case OP_R2K:
      level23_dense(l, lp, kk, 0, &pb->a, p, t ? tr : 0, s1);
      level23_dense(l, lp, kk, half, &pb->b, p, t ? tr : 0, s2);
      level23_dense(rr, rp, cols, 0, &pb->b, p, t ? 0 : tr, one);
      level23_dense(rr + half * cols, rp + half * cols, cols, 0, &pb->a, p, t ? 0 : tr, one);
      break;
    default: /* trmm */
      level23_dense(l, lp, kk, 0, pb->right_side ? &pb->b : &pb->a, p, pb->right_side ? 0 : t, one);
      level23_dense(rr, rp, cols, 0, pb->right_side ? &pb->a : &pb->b, p, pb->right_side ? t : 0, one);
      pr.beta[0] = pr.beta[1] = 0;
  }
  static mlf_scratch expectations;
  pb->expected = mlf_scratch_get(&expectations, rows * cols * 2 * sizeof *pb->expected);
  blas_product_reference(&pr, pb->expected);
  pb->product = &pr;
  int alpha_zero = pr.alpha[0] == 0 && pr.alpha[1] == 0;
  pb->quick_return = (alpha_zero || kk == 0) && pr.beta[0] == 1 && pr.beta[1] == 0;
}

/* The solves: dense op(A) and the right-hand side alpha B (x for the vector solves). */
static void make_solve(level23_problem *pb) {
  static mlf_scratch dense;
  size_t rows = level23_rows(pb->output), cols = level23_cols(pb->output);
  size_t order = pb->right_side ? cols : rows;
  pb->op_a = mlf_scratch_get(&dense, (order * order + rows * cols) * sizeof *pb->op_a);
  pb->rhs = pb->op_a + order * order;
  level23_dense(pb->op_a, NULL, order, 0, &pb->a, &pb->p, pb->trans, one);
  blas_cld alpha = pb->routine->op == OP_TRSM ? scalar(pb->alpha) : one;
  level23_dense(pb->rhs, NULL, cols, 0, pb->output, &pb->p, 0, alpha);
  pb->product = NULL;
  pb->quick_return = 0;
}

void level23_problem_make(level23_problem *pb, const Mlf__Blas__Level23Case *c) {
  memset(pb, 0, sizeof *pb);
  pb->routine = level23_routine_of(c->routine);
  pb->p = blas_precision_of(c->precision);
  pb->fortran = c->interface == MLF__BLAS__LEVEL23_CASE__INTERFACE__FORTRAN;
  pb->row_major = !pb->fortran && c->layout == MLF__BLAS__LAYOUT__ROW_MAJOR;
  /* Flags the routine does not take are zero, so no code path reads a meaningless one. */
  const char *sig = pb->routine->signature;
  pb->trans = strchr(sig, 'T') ? (int)c->trans : 0;
  pb->trans_b = strchr(sig, 't') ? (int)c->trans_b : 0;
  pb->lower = strchr(sig, 'U') && c->lower;
  pb->right_side = strchr(sig, 'S') && c->right_side;
  pb->unit_diagonal = strchr(sig, 'D') && c->unit_diagonal;
  pb->m = (int)c->m, pb->n = (int)c->n, pb->k = (int)c->k, pb->kl = (int)c->kl, pb->ku = (int)c->ku;
  pb->side = c->guard_before ? MLF_GUARD_HEAD : MLF_GUARD_TAIL;
  pb->relation_knob = c->relation_knob;
  read_scalar(c->alpha, &pb->p, pb->routine->real_alpha, pb->alpha);
  read_scalar(c->beta, &pb->p, pb->routine->real_beta, pb->beta);
  for (int i = 0; i < 2; i++) pb->alpha_f[i] = (float)pb->alpha[i], pb->beta_f[i] = (float)pb->beta[i];
  make_operands(pb, c);
  for (int i = 0; i < 5; i++) {
    level23_operand *o = (level23_operand *[]){&pb->a, &pb->b, &pb->c, &pb->x, &pb->y}[i];
    if (pb->has[i] && o != pb->output) mlf_guard_set_readonly(o->store.data, 1);
  }
  if (pb->routine->op == OP_TRSV || pb->routine->op == OP_TRSM) make_solve(pb);
  else make_product(pb);
}

void level23_tag(char *tag, const char *backend, const level23_problem *pb, const char *kind) {
  char op[16];
  snprintf(op, sizeof op, "%c%s", pb->p.letter, pb->routine->name);
  mlf_finding_tag(tag, MLF_TAG_MAX, "blas_level23", backend ? backend : "reference", op, kind);
}

void level23_problem_free(level23_problem *pb) {
  level23_operand *all[5] = {&pb->a, &pb->b, &pb->c, &pb->x, &pb->y};
  for (int i = 0; i < 5; i++) {
    if (!pb->has[i]) continue;
    mlf_guard_set_readonly(all[i]->store.data, 0);
    blas_matrix_free(&all[i]->store);
  }
}

void level23_clone_output(const level23_problem *pb, level23_operand *out) {
  *out = *pb->output;
  blas_matrix_clone(&out->store, &pb->output->store, &pb->p, pb->side, "output");
}

static int ld_of(const level23_problem *pb, const level23_operand *o, int which) {
  return pb->has[which] ? (int)o->store.ld : 1;
}

level23_args level23_args_for(const level23_problem *pb, const level23_operand *out) {
  const level23_operand *pick[5] = {&pb->a, &pb->b, &pb->c, &pb->x, &pb->y};
  void *data[5];
  for (int i = 0; i < 5; i++)
    data[i] = pick[i] == pb->output ? out->store.data : pb->has[i] ? pick[i]->store.data : NULL;
  int is_double = pb->p.is_double;
  return (level23_args){
      .row_major = pb->row_major, .trans = pb->trans, .trans_b = pb->trans_b, .lower = pb->lower,
      .right_side = pb->right_side, .unit_diagonal = pb->unit_diagonal,
      .m = pb->m, .n = pb->n, .k = pb->k, .kl = pb->kl, .ku = pb->ku,
      .lda = ld_of(pb, &pb->a, A), .ldb = ld_of(pb, &pb->b, B), .ldc = ld_of(pb, &pb->c, C),
      .incx = pb->has[X] ? pb->x.inc : 1, .incy = pb->has[Y] ? pb->y.inc : 1,
      .alpha = is_double ? (const void *)pb->alpha : pb->alpha_f,
      .beta = is_double ? (const void *)pb->beta : pb->beta_f,
      .a = data[A], .b = data[B], .c = data[C], .x = data[X], .y = data[Y]};
}

static double part_of(const level23_operand *o, const blas_precision *p, long slot, int part) {
  double re, im;
  blas_matrix_get(&o->store, p, 0, (size_t)slot, 0, &re, &im);
  return part ? im : re;
}

static int same_bits(const level23_operand *x, const level23_operand *y, const blas_precision *p,
                     size_t slot, int part) {
  size_t half = p->elem_size / (p->is_complex ? 2 : 1);
  const char *a = (const char *)x->store.data + slot * p->elem_size + (size_t)part * half;
  const char *b = (const char *)y->store.data + slot * p->elem_size + (size_t)part * half;
  return memcmp(a, b, half) == 0;
}

static void note_bad(level23_verdict *v, blas_verdict k, size_t i, size_t j, int part, double got,
                     mlf_expect e) {
  v->n_bad++;
  if (blas_verdict_severity(k) <= blas_verdict_severity(v->worst)) return;
  v->worst = k, v->bad_i = i, v->bad_j = j, v->bad_part = (size_t)part, v->got = got, v->expected = e;
}

/* Componentwise backward error of a triangular solve: the computed X satisfies
 * (T + dT) X = alpha B with |dT| <= gamma_{cn} |T| (Higham, Thm 8.5; c = 1 real, 8 complex:
 * a complex multiply-add or division is at most 8 real roundings per part), so
 * |alpha B - T X| <= gamma_{cn} |T| |X| + u |alpha B| (alpha B is rounded once) + underflow.
 * The underflow errors of the solve are scaled by |alpha| too: the reference applies alpha
 * after solving with B itself in its B := alpha B inv(A**T) branch (dtrsm.f:384-431, "B(I,K) =
 * TEMP*B(I,K)" then "B(I,K) = ALPHA*B(I,K)"), so a subnormal intermediate's absolute error
 * reaches X multiplied by alpha. */
static void judge_solve(const level23_problem *pb, const level23_operand *out, level23_verdict *v) {
  const blas_precision *p = &pb->p;
  size_t rows = level23_rows(out), cols = level23_cols(out), order = pb->right_side ? cols : rows;
  int parts = p->is_complex ? 2 : 1, finite_in = 1, finite_out = 1;
  for (size_t e = 0; e < order * order; e++) finite_in &= isfinite(pb->op_a[e].re) && isfinite(pb->op_a[e].im);
  for (size_t e = 0; e < rows * cols; e++) finite_in &= isfinite(pb->rhs[e].re) && isfinite(pb->rhs[e].im);
  double gamma = mlf_gamma((p->is_complex ? 8.0 : 1.0) * (double)order + 2, p->unit_roundoff);
  long double alpha_mag = pb->routine->op != OP_TRSM ? 0 /* ?trsv takes no alpha */
                          : fabsl((long double)pb->alpha[0]) + fabsl((long double)pb->alpha[1]);
  static mlf_scratch solution;
  blas_cld *xs = mlf_scratch_get(&solution, (rows * cols ? rows * cols : 1) * sizeof *xs);
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++) {
      blas_cld x = xs[i * cols + j] = level23_get(out, p, i, j);
      finite_out &= isfinite(x.re) && isfinite(x.im);
    }
  if (pb->routine->op == OP_TRSM && pb->alpha[0] == 0 && pb->alpha[1] == 0) {
    /* alpha = 0: B := 0 without referencing A or B */
    for (size_t i = 0; i < rows; i++)
      for (size_t j = 0; j < cols; j++)
        for (int part = 0; part < parts; part++) {
          double got = part_of(out, p, level23_slot(out, i, j), part);
          if (got != 0) note_bad(v, (blas_verdict){isnan(got) ? BLAS_VERDICT_NAN_SPURIOUS : BLAS_VERDICT_VALUE, BLAS_SEM_ZERO_ALPHA_COMPUTED}, i, j, part, got, (mlf_expect){0, 0, 0});
        }
    return;
  }
  if (!finite_in) return;   /* NaN/Inf inputs: only the storage checks apply */
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++) {
      blas_cld r = pb->rhs[i * cols + j];
      long double mag = 0, scale = fabsl(r.re) + fabsl(r.im), t_sum = 0;
      for (size_t l = 0; l < order; l++) {
        blas_cld t = pb->right_side ? pb->op_a[l * order + j] : pb->op_a[i * order + l];
        blas_cld x = pb->right_side ? xs[i * cols + l] : xs[l * cols + j];
        if (!p->is_complex) {
          /* the same sums with the imaginary parts, all zero, left out */
          r.re -= t.re * x.re;
          mag += fabsl(t.re) * fabsl(x.re);
          t_sum += fabsl(t.re);
          continue;
        }
        r.re -= t.re * x.re - t.im * x.im;
        r.im -= t.re * x.im + t.im * x.re;
        mag += (fabsl(t.re) + fabsl(t.im)) * (fabsl(x.re) + fabsl(x.im));
        t_sum += fabsl(t.re) + fabsl(t.im);
      }
      long double bound = gamma * mag + 2 * p->unit_roundoff * scale +
                          8 * p->tiny * ((long double)order + 1 + t_sum) * (1 + alpha_mag);
      for (int part = 0; part < parts; part++) {
        double res = (double)(part ? r.im : r.re);
        mlf_expect e = {0, (double)bound, !finite_out || !isfinite(bound) || mag >= p->max / 4};
        double got = part_of(out, p, level23_slot(out, i, j), part);
        if (!finite_out) {
          /* A singular or badly scaled T may overflow: accept then, or else flag it. */
          if (e.overflow_possible) continue;
          note_bad(v, (blas_verdict){isnan(got) ? BLAS_VERDICT_NAN_SPURIOUS : BLAS_VERDICT_INF, BLAS_SEM_EXACT}, i, j, part, got, e);
          continue;
        }
        if (e.overflow_possible) continue; /* the residual itself would overflow */
        if (fabs(res) > e.bound) note_bad(v, (blas_verdict){BLAS_VERDICT_VALUE, BLAS_SEM_EXACT}, i, j, part, got, e);
        mlf_raise_ratio(&v->worst_ratio, fabs(res), e.bound);
      }
    }
}

/* The expectation of element (i, j)'s part: where it is a complex element an infinity enters,
 * its allowed set is derived on demand (blas_product_settle_for), as far as a non-finite got
 * other than the value needs. */
/* Element (i, j)'s part among the expectations, its set as the reference left it. */
static const mlf_expect *expected_at(const level23_problem *pb, size_t i, size_t j, int part) {
  size_t parts = pb->p.is_complex ? 2 : 1;
  return &pb->expected[(i * pb->product->n + j) * parts + (size_t)part];
}

const mlf_expect *level23_expect_for(const level23_problem *pb, size_t i, size_t j, int part,
                                     double got) {
  const mlf_expect *e = expected_at(pb, i, j, part);
  if (e->overflow_possible & (MLF_SET_PENDING | MLF_SET_PARTIAL))
    blas_product_settle_for(pb->product, pb->expected, i, j, (size_t)part, got);
  return e;
}

const mlf_expect *level23_expect(const level23_problem *pb, size_t i, size_t j, int part) {
  const mlf_expect *e = expected_at(pb, i, j, part);
  if (e->overflow_possible & (MLF_SET_PENDING | MLF_SET_PARTIAL))
    blas_product_settle(pb->product, pb->expected, i, j);
  return e;
}

void level23_judge(const level23_problem *pb, const level23_operand *out, level23_verdict *v) {
  memset(v, 0, sizeof *v);
  v->worst = (blas_verdict){BLAS_VERDICT_OK, BLAS_SEM_EXACT};
  const blas_precision *p = &pb->p;
  const level23_operand *in = pb->output;
  size_t rows = level23_rows(out), cols = level23_cols(out), count = out->store.count;
  int parts = p->is_complex ? 2 : 1;
  int hermitian_out = !out->is_vector && out->shape.kind == BLAS_HERMITIAN;
  static mlf_scratch written_flags;
  unsigned char *written = mlf_scratch_get(&written_flags, count ? count : 1);
  memset(written, 0, count ? count : 1);
  for (size_t i = 0; i < rows; i++)
    for (size_t j = 0; j < cols; j++) {
      long slot = level23_slot(out, i, j);
      if (slot < 0) continue;
      written[slot] = 1;
      for (int part = 0; part < parts && pb->product; part++) {
        double got = part_of(out, p, slot, part);
        if (hermitian_out && i == j && part == 1) {
          /* The BLAS assumes and leaves a Hermitian diagonal real: exactly 0, unless it returns
           * at once (then untouched, sentinel included). */
          int ok = pb->quick_return ? same_bits(out, in, p, (size_t)slot, 1) : got == 0;
          if (!ok) note_bad(v, (blas_verdict){isnan(got) ? BLAS_VERDICT_NAN_SPURIOUS : BLAS_VERDICT_VALUE, BLAS_SEM_EXACT},
                            i, j, part, got, (mlf_expect){0, 0, 0});
          continue;
        }
        const mlf_expect *e = level23_expect_for(pb, i, j, part, got);
        blas_verdict k = blas_verdict_base(got, e, pb->product, i, j, (size_t)part);
        if (isfinite(got) && isfinite(e->value)) mlf_raise_ratio(&v->worst_ratio, fabs(got - e->value), e->bound);
        if (k.base == BLAS_VERDICT_OK) continue;
        e = level23_expect(pb, i, j, part); /* the whole set, for the report */
        if (blas_verdict_may_outrank(k.base, v->worst)) /* else its name cannot matter */
          k.explained_by = blas_verdict_explain(got, k.base, pb->product, i, j, (size_t)part);
        note_bad(v, k, i, j, part, got, *e);
      }
    }
  if (!pb->product) judge_solve(pb, out, v);
  for (size_t e = 0; e < count && !v->changed_unwritten; e++)
    for (int part = 0; part < parts; part++)
      if (!written[e] && !same_bits(out, in, p, e, part)) {
        v->changed_unwritten = 1, v->changed_at = (long)e;
        break;
      }
}
