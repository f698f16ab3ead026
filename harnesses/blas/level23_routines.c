/* Routine table and generic caller for the level-2/3 harness (see level23_routines.h).
 * The caller builds the argument list from the signature and calls through one of three
 * function-pointer types. It relies on the x86-64 System V calling convention: integer and
 * pointer arguments fill their own sequence (registers, then the stack in order) and float or
 * double arguments theirs (xmm registers), so a routine taking its real scalars by value
 * anywhere in its list receives them from a call that passes all floating-point values first
 * and all integer-class values after, and extra trailing arguments are ignored. Fortran's
 * hidden character lengths (gfortran: size_t, after the explicit arguments) are appended. */
#include "level23_routines.h"
#include <stdint.h>
#include <string.h>

#if !defined(__x86_64__) || defined(_WIN32)
#error "level23_routines.c calls through the x86-64 System V argument convention"
#endif

#define F(x) BLAS_FN_##x
#define FN4(s, d, c, z) {F(s), F(d), F(c), F(z)}
#define FN_REAL(s, d) {F(s), F(d), -1, -1}
#define FN_CPLX(c, z) {-1, -1, F(c), F(z)}

static const level23_routine routines[] = {
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__GEMV] = {"gemv", "OTmnaAxby", FN4(sgemv, dgemv, cgemv, zgemv), OP_MV, BLAS_GENERAL, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__GBMV] = {"gbmv", "OTmnluaAxby", FN4(sgbmv, dgbmv, cgbmv, zgbmv), OP_MV, BLAS_GENERAL, BLAS_BAND, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SYMV] = {"symv", "OUnaAxby", FN_REAL(ssymv, dsymv), OP_MV, BLAS_SYMMETRIC, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HEMV] = {"hemv", "OUnaAxby", FN_CPLX(chemv, zhemv), OP_MV, BLAS_HERMITIAN, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SBMV] = {"sbmv", "OUnkaAxby", FN_REAL(ssbmv, dsbmv), OP_MV, BLAS_SYMMETRIC, BLAS_BAND, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HBMV] = {"hbmv", "OUnkaAxby", FN_CPLX(chbmv, zhbmv), OP_MV, BLAS_HERMITIAN, BLAS_BAND, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SPMV] = {"spmv", "OUnaPxby", FN_REAL(sspmv, dspmv), OP_MV, BLAS_SYMMETRIC, BLAS_PACKED, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HPMV] = {"hpmv", "OUnaPxby", FN_CPLX(chpmv, zhpmv), OP_MV, BLAS_HERMITIAN, BLAS_PACKED, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TRMV] = {"trmv", "OUTDnAx", FN4(strmv, dtrmv, ctrmv, ztrmv), OP_TRMV, BLAS_TRIANGULAR, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TBMV] = {"tbmv", "OUTDnkAx", FN4(stbmv, dtbmv, ctbmv, ztbmv), OP_TRMV, BLAS_TRIANGULAR, BLAS_BAND, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TPMV] = {"tpmv", "OUTDnPx", FN4(stpmv, dtpmv, ctpmv, ztpmv), OP_TRMV, BLAS_TRIANGULAR, BLAS_PACKED, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TRSV] = {"trsv", "OUTDnAx", FN4(strsv, dtrsv, ctrsv, ztrsv), OP_TRSV, BLAS_TRIANGULAR, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TBSV] = {"tbsv", "OUTDnkAx", FN4(stbsv, dtbsv, ctbsv, ztbsv), OP_TRSV, BLAS_TRIANGULAR, BLAS_BAND, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TPSV] = {"tpsv", "OUTDnPx", FN4(stpsv, dtpsv, ctpsv, ztpsv), OP_TRSV, BLAS_TRIANGULAR, BLAS_PACKED, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__GER] = {"ger", "OmnaxyA", FN_REAL(sger, dger), OP_R1, BLAS_GENERAL, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__GERU] = {"geru", "OmnaxyA", FN_CPLX(cgeru, zgeru), OP_R1, BLAS_GENERAL, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__GERC] = {"gerc", "OmnaxyA", FN_CPLX(cgerc, zgerc), OP_R1, BLAS_GENERAL, BLAS_FULL, 0, 0, 1},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SYR] = {"syr", "OUnaxA", FN_REAL(ssyr, dsyr), OP_R1, BLAS_SYMMETRIC, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HER] = {"her", "OUnaxA", FN_CPLX(cher, zher), OP_R1, BLAS_HERMITIAN, BLAS_FULL, 1, 0, 1},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SYR2] = {"syr2", "OUnaxyA", FN_REAL(ssyr2, dsyr2), OP_R2, BLAS_SYMMETRIC, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HER2] = {"her2", "OUnaxyA", FN_CPLX(cher2, zher2), OP_R2, BLAS_HERMITIAN, BLAS_FULL, 0, 0, 1},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SPR] = {"spr", "OUnaxP", FN_REAL(sspr, dspr), OP_R1, BLAS_SYMMETRIC, BLAS_PACKED, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HPR] = {"hpr", "OUnaxP", FN_CPLX(chpr, zhpr), OP_R1, BLAS_HERMITIAN, BLAS_PACKED, 1, 0, 1},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SPR2] = {"spr2", "OUnaxyP", FN_REAL(sspr2, dspr2), OP_R2, BLAS_SYMMETRIC, BLAS_PACKED, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HPR2] = {"hpr2", "OUnaxyP", FN_CPLX(chpr2, zhpr2), OP_R2, BLAS_HERMITIAN, BLAS_PACKED, 0, 0, 1},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__GEMM] = {"gemm", "OTtmnkaABbC", FN4(sgemm, dgemm, cgemm, zgemm), OP_MM, BLAS_GENERAL, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SYMM] = {"symm", "OSUmnaABbC", FN4(ssymm, dsymm, csymm, zsymm), OP_MM, BLAS_SYMMETRIC, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HEMM] = {"hemm", "OSUmnaABbC", FN_CPLX(chemm, zhemm), OP_MM, BLAS_HERMITIAN, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SYRK] = {"syrk", "OUTnkaAbC", FN4(ssyrk, dsyrk, csyrk, zsyrk), OP_RK, BLAS_SYMMETRIC, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HERK] = {"herk", "OUTnkaAbC", FN_CPLX(cherk, zherk), OP_RK, BLAS_HERMITIAN, BLAS_FULL, 1, 1, 1},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__SYR2K] = {"syr2k", "OUTnkaABbC", FN4(ssyr2k, dsyr2k, csyr2k, zsyr2k), OP_R2K, BLAS_SYMMETRIC, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__HER2K] = {"her2k", "OUTnkaABbC", FN_CPLX(cher2k, zher2k), OP_R2K, BLAS_HERMITIAN, BLAS_FULL, 0, 1, 1},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TRMM] = {"trmm", "OSUTDmnaAB", FN4(strmm, dtrmm, ctrmm, ztrmm), OP_TRMM, BLAS_TRIANGULAR, BLAS_FULL, 0, 0, 0},
    [MLF__BLAS__LEVEL23_CASE__ROUTINE__TRSM] = {"trsm", "OSUTDmnaAB", FN4(strsm, dtrsm, ctrsm, ztrsm), OP_TRSM, BLAS_TRIANGULAR, BLAS_FULL, 0, 0, 0},
};

const level23_routine *level23_routine_of(Mlf__Blas__Level23Case__Routine r) {
  return (unsigned)r < sizeof routines / sizeof *routines ? &routines[r] : &routines[0];
}

#define MAX_INT_ARGS 24
typedef void (*int_call)(uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                         uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                         uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                         uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t);
typedef void (*float_call)(float, float, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                           uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                           uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                           uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                           uintptr_t);
typedef void (*double_call)(double, double, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                            uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                            uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                            uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t, uintptr_t,
                            uintptr_t);

/* Argument storage for one call: Fortran passes everything by address, so the values live
 * here while the call runs. */
typedef struct {
  uintptr_t ints[MAX_INT_ARGS];
  size_t n_ints, n_chars;
  double reals[2];
  size_t n_reals;
  int int_values[16];
  size_t n_int_values;
  char chars[8];
} arg_list;

static void push(arg_list *l, uintptr_t v) { l->ints[l->n_ints++] = v; }

/* An integer argument: by value (CBLAS) or by address (Fortran). */
static void push_int(arg_list *l, int fortran, int v) {
  if (!fortran) { push(l, (uintptr_t)(intptr_t)v); return; }
  l->int_values[l->n_int_values] = v;
  push(l, (uintptr_t)&l->int_values[l->n_int_values++]);
}

/* A flag: the CBLAS enum value, or the Fortran character by address. */
static void push_flag(arg_list *l, int fortran, int cblas_value, char fortran_char) {
  if (!fortran) { push(l, (uintptr_t)cblas_value); return; }
  l->chars[l->n_chars] = fortran_char;
  push(l, (uintptr_t)&l->chars[l->n_chars++]);
}

/* A scalar: complex ones and every Fortran scalar by address; a real CBLAS scalar by value. */
static void push_scalar(arg_list *l, int fortran, int by_value, const void *value,
                        const blas_precision *p) {
  if (fortran || !by_value) { push(l, (uintptr_t)value); return; }
  l->reals[l->n_reals++] = p->is_double ? *(const double *)value : *(const float *)value;
}

int level23_call(const blas_backend *b, const level23_routine *r, const blas_precision *p,
                 int fortran, const level23_args *a) {
  int which = (p->is_complex ? 2 : 0) + p->is_double;
  void (*entry)(void) = r->fn[which] < 0 ? NULL : fortran ? b->fortran[r->fn[which]] : b->cblas[r->fn[which]];
  if (!entry) return 0;
  static const char trans_chars[] = "NTC";
  arg_list l;
  memset(&l, 0, sizeof l);
  for (const char *s = r->signature; *s; s++) {
    switch (*s) {
      case 'O': if (!fortran) push(&l, (uintptr_t)(a->row_major ? BLAS_ROW_MAJOR : BLAS_COL_MAJOR)); break;
      case 'T': push_flag(&l, fortran, BLAS_NO_TRANS + a->trans, trans_chars[a->trans]); break;
      case 't': push_flag(&l, fortran, BLAS_NO_TRANS + a->trans_b, trans_chars[a->trans_b]); break;
      case 'U': push_flag(&l, fortran, a->lower ? 122 : 121, a->lower ? 'L' : 'U'); break;
      case 'S': push_flag(&l, fortran, a->right_side ? 142 : 141, a->right_side ? 'R' : 'L'); break;
      case 'D': push_flag(&l, fortran, a->unit_diagonal ? 132 : 131, a->unit_diagonal ? 'U' : 'N'); break;
      case 'm': push_int(&l, fortran, a->m); break;
      case 'n': push_int(&l, fortran, a->n); break;
      case 'k': push_int(&l, fortran, a->k); break;
      case 'l': push_int(&l, fortran, a->kl); break;
      case 'u': push_int(&l, fortran, a->ku); break;
      case 'a': push_scalar(&l, fortran, !p->is_complex || r->real_alpha, a->alpha, p); break;
      case 'b': push_scalar(&l, fortran, !p->is_complex || r->real_beta, a->beta, p); break;
      case 'A': push(&l, (uintptr_t)a->a); push_int(&l, fortran, a->lda); break;
      case 'P': push(&l, (uintptr_t)a->a); break;
      case 'B': push(&l, (uintptr_t)a->b); push_int(&l, fortran, a->ldb); break;
      case 'C': push(&l, (uintptr_t)a->c); push_int(&l, fortran, a->ldc); break;
      case 'x': push(&l, (uintptr_t)a->x); push_int(&l, fortran, a->incx); break;
      case 'y': push(&l, (uintptr_t)a->y); push_int(&l, fortran, a->incy); break;
    }
  }
  for (size_t i = 0; fortran && i < l.n_chars; i++) push(&l, 1); /* hidden lengths */
  uintptr_t *v = l.ints;
#define INTS v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], \
             v[13], v[14], v[15], v[16], v[17], v[18], v[19], v[20], v[21], v[22], v[23]
  if (l.n_reals == 0) ((int_call)entry)(INTS);
  else if (p->is_double) ((double_call)entry)(l.reals[0], l.reals[1], INTS);
  else ((float_call)entry)((float)l.reals[0], (float)l.reals[1], INTS);
#undef INTS
  return 1;
}
