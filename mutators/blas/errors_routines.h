/* The level-2 and level-3 BLAS routines as one table: each routine's Fortran argument list in
 * order (the CBLAS list is the same with the layout in front), the operand shapes and the
 * arguments netlib's CBLAS swaps when it turns a row-major call into a Fortran call. Shared
 * by the blas_errors harness (valid arguments, invalid variants, expected parameter numbers)
 * and its post-processor, so it is a header of constant data and nothing else. Rows follow the
 * ErrorCase.Routine enum (the harness checks the names at start-up). */
#ifndef ERRORS_ROUTINES_H
#define ERRORS_ROUTINES_H

/* Argument kinds, one letter each:
 *   S side  U uplo  T trans  t second trans (GEMM's TRANSB)  D diag
 *   M N K dimensions  L kl  R ku
 *   a scalar of the routine's precision  r real scalar (HER, HERK ...)
 *   A B C matrices  P packed triangle  1 2 3 their leading dimensions LDA LDB LDC
 *   x X  i INCX  y Y  j INCY */
#define ERRORS_MAX_ARGS 13

enum { ERRORS_REAL = 1, ERRORS_COMPLEX = 2 };

/* netlib CBLAS, row-major: the Fortran call it makes swaps these argument pairs (and so checks
 * them in swapped order and reports one as the other before cblas_xerbla swaps them back). */
enum {
  ERRORS_SWAP_MN = 1,   /* M <-> N */
  ERRORS_SWAP_KLKU = 2, /* KL <-> KU */
  ERRORS_SWAP_XY = 4,   /* X, INCX <-> Y, INCY */
  ERRORS_SWAP_AB = 8,   /* TRANSA, A, LDA <-> TRANSB, B, LDB */
};

/* Matrix shapes (rows x columns as the caller sees them; ld is at least the rows in
 * column-major, the columns in row-major):
 *   g M x N   n N x N   o op(A) of GEMM: M x K, or K x M when transposed   p op(B): K x N or N x K
 *   s side square: M x M for side L, N x N for side R   k SYRK's A: N x K, or K x N when transposed
 *   b general band: ld >= KL + KU + 1, one stored line per column (row per row in row-major)
 *   h symmetric/triangular band: ld >= K + 1, N stored lines
 * Vector lengths: n N   m M   X GEMV's x: N, or M when transposed   Y GEMV's y: the other.
 * Valid TRANS values: a N, T, C   s N, T, and C in real precisions (SYRK)   h N, C (HERK). */
typedef struct {
  const char *name;  /* without the precision letter */
  const char *args;
  unsigned precisions;
  char trans_rule;
  char output;  /* the operand the routine writes: x, y, A, P, B or C */
  char a_shape, b_shape, c_shape, x_len, y_len;
  unsigned row_swaps;
} errors_routine;

#define ERRORS_RC (ERRORS_REAL | ERRORS_COMPLEX)
static const errors_routine errors_routines[] = {
    {"gemv", "TMNaA1xiayj", ERRORS_RC, 'a', 'y', 'g', 0, 0, 'X', 'Y', ERRORS_SWAP_MN},
    {"gbmv", "TMNLRaA1xiayj", ERRORS_RC, 'a', 'y', 'b', 0, 0, 'X', 'Y', ERRORS_SWAP_MN | ERRORS_SWAP_KLKU},
    {"symv", "UNaA1xiayj", ERRORS_REAL, 0, 'y', 'n', 0, 0, 'n', 'n', 0},
    {"hemv", "UNaA1xiayj", ERRORS_COMPLEX, 0, 'y', 'n', 0, 0, 'n', 'n', 0},
    {"sbmv", "UNKaA1xiayj", ERRORS_REAL, 0, 'y', 'h', 0, 0, 'n', 'n', 0},
    {"hbmv", "UNKaA1xiayj", ERRORS_COMPLEX, 0, 'y', 'h', 0, 0, 'n', 'n', 0},
    {"spmv", "UNaPxiayj", ERRORS_REAL, 0, 'y', 0, 0, 0, 'n', 'n', 0},
    {"hpmv", "UNaPxiayj", ERRORS_COMPLEX, 0, 'y', 0, 0, 0, 'n', 'n', 0},
    {"trmv", "UTDNA1xi", ERRORS_RC, 'a', 'x', 'n', 0, 0, 'n', 0, 0},
    {"tbmv", "UTDNKA1xi", ERRORS_RC, 'a', 'x', 'h', 0, 0, 'n', 0, 0},
    {"tpmv", "UTDNPxi", ERRORS_RC, 'a', 'x', 0, 0, 0, 'n', 0, 0},
    {"trsv", "UTDNA1xi", ERRORS_RC, 'a', 'x', 'n', 0, 0, 'n', 0, 0},
    {"tbsv", "UTDNKA1xi", ERRORS_RC, 'a', 'x', 'h', 0, 0, 'n', 0, 0},
    {"tpsv", "UTDNPxi", ERRORS_RC, 'a', 'x', 0, 0, 0, 'n', 0, 0},
    {"ger", "MNaxiyjA1", ERRORS_REAL, 0, 'A', 'g', 0, 0, 'm', 'n', ERRORS_SWAP_MN | ERRORS_SWAP_XY},
    {"geru", "MNaxiyjA1", ERRORS_COMPLEX, 0, 'A', 'g', 0, 0, 'm', 'n', ERRORS_SWAP_MN | ERRORS_SWAP_XY},
    {"gerc", "MNaxiyjA1", ERRORS_COMPLEX, 0, 'A', 'g', 0, 0, 'm', 'n', ERRORS_SWAP_MN | ERRORS_SWAP_XY},
    {"syr", "UNaxiA1", ERRORS_REAL, 0, 'A', 'n', 0, 0, 'n', 0, 0},
    {"her", "UNrxiA1", ERRORS_COMPLEX, 0, 'A', 'n', 0, 0, 'n', 0, 0},
    {"syr2", "UNaxiyjA1", ERRORS_REAL, 0, 'A', 'n', 0, 0, 'n', 'n', 0},
    {"her2", "UNaxiyjA1", ERRORS_COMPLEX, 0, 'A', 'n', 0, 0, 'n', 'n', ERRORS_SWAP_XY},
    {"spr", "UNaxiP", ERRORS_REAL, 0, 'P', 0, 0, 0, 'n', 0, 0},
    {"hpr", "UNrxiP", ERRORS_COMPLEX, 0, 'P', 0, 0, 0, 'n', 0, 0},
    {"spr2", "UNaxiyjP", ERRORS_REAL, 0, 'P', 0, 0, 0, 'n', 'n', 0},
    {"hpr2", "UNaxiyjP", ERRORS_COMPLEX, 0, 'P', 0, 0, 0, 'n', 'n', ERRORS_SWAP_XY},
    {"gemm", "TtMNKaA1B2aC3", ERRORS_RC, 'a', 'C', 'o', 'p', 'g', 0, 0, ERRORS_SWAP_MN | ERRORS_SWAP_AB},
    {"symm", "SUMNaA1B2aC3", ERRORS_RC, 0, 'C', 's', 'g', 'g', 0, 0, ERRORS_SWAP_MN},
    {"hemm", "SUMNaA1B2aC3", ERRORS_COMPLEX, 0, 'C', 's', 'g', 'g', 0, 0, ERRORS_SWAP_MN},
    {"syrk", "UTNKaA1aC3", ERRORS_RC, 's', 'C', 'k', 0, 'n', 0, 0, 0},
    {"herk", "UTNKrA1rC3", ERRORS_COMPLEX, 'h', 'C', 'k', 0, 'n', 0, 0, 0},
    {"syr2k", "UTNKaA1B2aC3", ERRORS_RC, 's', 'C', 'k', 'k', 'n', 0, 0, 0},
    {"her2k", "UTNKaA1B2rC3", ERRORS_COMPLEX, 'h', 'C', 'k', 'k', 'n', 0, 0, 0},
    {"trmm", "SUTDMNaA1B2", ERRORS_RC, 'a', 'B', 's', 'g', 0, 0, 0, ERRORS_SWAP_MN},
    {"trsm", "SUTDMNaA1B2", ERRORS_RC, 'a', 'B', 's', 'g', 0, 0, 0, ERRORS_SWAP_MN},
};
#undef ERRORS_RC
#define ERRORS_ROUTINE_COUNT (sizeof errors_routines / sizeof *errors_routines)

/* The argument letter each ErrorCase.Param (NONE, ORDER, SIDE, ... INCY) invalidates; ORDER
 * has none (it precedes the Fortran list in CBLAS). */
static const char errors_param_letters[] = "\0\0SUTtDMNKLR123ij";
#define ERRORS_PARAM_COUNT (sizeof errors_param_letters - 1)
#endif
