/* Calls LAPACK routines through either interface (see lapack_call.h). The Fortran argument
 * list of every routine is one row of a table of argument kinds, so building the call, the
 * workspace and the expected INFO of an invalid argument all read the same description. */
#include "lapack_call.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mlf_guard.h"

enum {
  END, M, N, NRHS, A, LDA, B, LDB, IPIV, INFO, TRANS, UPLO, JOBU, JOBVT, JOBZ, NORM, TAU, WORK,
  LWORK, RWORK, IWORK, S, RCOND, RANK, U, LDU, VT, LDVT, W, ANORM, RCOND_OUT
};

/* Fortran argument lists, [routine][0 real, 1 complex]; character arguments also take a
 * hidden length (gfortran: size_t, after all others). */
static const unsigned char signature[LAPACK_ROUTINES][2][17] = {
    [LAPACK_GETRF] = {{M, N, A, LDA, IPIV, INFO}, {M, N, A, LDA, IPIV, INFO}},
    [LAPACK_GETRS] = {{TRANS, N, NRHS, A, LDA, IPIV, B, LDB, INFO},
                      {TRANS, N, NRHS, A, LDA, IPIV, B, LDB, INFO}},
    [LAPACK_GESV] = {{N, NRHS, A, LDA, IPIV, B, LDB, INFO}, {N, NRHS, A, LDA, IPIV, B, LDB, INFO}},
    [LAPACK_POTRF] = {{UPLO, N, A, LDA, INFO}, {UPLO, N, A, LDA, INFO}},
    [LAPACK_POTRS] = {{UPLO, N, NRHS, A, LDA, B, LDB, INFO}, {UPLO, N, NRHS, A, LDA, B, LDB, INFO}},
    [LAPACK_GEQRF] = {{M, N, A, LDA, TAU, WORK, LWORK, INFO}, {M, N, A, LDA, TAU, WORK, LWORK, INFO}},
    [LAPACK_GELS] = {{TRANS, M, N, NRHS, A, LDA, B, LDB, WORK, LWORK, INFO},
                     {TRANS, M, N, NRHS, A, LDA, B, LDB, WORK, LWORK, INFO}},
    [LAPACK_GELSS] = {{M, N, NRHS, A, LDA, B, LDB, S, RCOND, RANK, WORK, LWORK, INFO},
                      {M, N, NRHS, A, LDA, B, LDB, S, RCOND, RANK, WORK, LWORK, RWORK, INFO}},
    [LAPACK_GELSD] = {{M, N, NRHS, A, LDA, B, LDB, S, RCOND, RANK, WORK, LWORK, IWORK, INFO},
                      {M, N, NRHS, A, LDA, B, LDB, S, RCOND, RANK, WORK, LWORK, RWORK, IWORK, INFO}},
    [LAPACK_GESVD] = {{JOBU, JOBVT, M, N, A, LDA, S, U, LDU, VT, LDVT, WORK, LWORK, INFO},
                      {JOBU, JOBVT, M, N, A, LDA, S, U, LDU, VT, LDVT, WORK, LWORK, RWORK, INFO}},
    [LAPACK_SYEV] = {{JOBZ, UPLO, N, A, LDA, W, WORK, LWORK, INFO},
                     {JOBZ, UPLO, N, A, LDA, W, WORK, LWORK, RWORK, INFO}},
    [LAPACK_GECON] = {{NORM, N, A, LDA, ANORM, RCOND_OUT, WORK, IWORK, INFO},
                      {NORM, N, A, LDA, ANORM, RCOND_OUT, WORK, RWORK, INFO}},
};

static int is_option(int kind) { return kind >= TRANS && kind <= NORM; }

int lapack_fortran_position(lapack_routine r, int prec, char which) {
  const unsigned char *sig = signature[r][prec >= 2];
  for (int i = 0; i < 17 && sig[i] != END; i++) {
    int k = sig[i];
    if ((which == 'm' && k == M) || (which == 'n' && k == N) || (which == 'r' && k == NRHS) ||
        (which == 'a' && k == LDA) || (which == 'b' && k == LDB) || (which == 'o' && is_option(k)))
      return i + 1;
  }
  return 0;
}

/* Fortran argument names by kind, as LAPACK's documentation spells them (lower case). */
static const char *const kind_name[] = {
    [M] = "m", [N] = "n", [NRHS] = "nrhs", [A] = "a", [LDA] = "lda", [B] = "b", [LDB] = "ldb",
    [IPIV] = "ipiv", [INFO] = "info", [TRANS] = "trans", [UPLO] = "uplo", [JOBU] = "jobu",
    [JOBVT] = "jobvt", [JOBZ] = "jobz", [NORM] = "norm", [TAU] = "tau", [WORK] = "work",
    [LWORK] = "lwork", [RWORK] = "rwork", [IWORK] = "iwork", [S] = "s", [RCOND] = "rcond",
    [RANK] = "rank", [U] = "u", [LDU] = "ldu", [VT] = "vt", [LDVT] = "ldvt", [W] = "w",
    [ANORM] = "anorm", [RCOND_OUT] = "rcond_out"};

const char *lapack_argument_name(lapack_routine r, int prec, int i) {
  const unsigned char *sig = signature[r][prec >= 2];
  return i >= 0 && i < 17 && sig[i] != END ? kind_name[sig[i]] : NULL;
}

static int max_i(int a, int b) { return a > b ? a : b; }

lapack_routine lapack_prerequisite(lapack_routine r) {
  return r == LAPACK_POTRS ? LAPACK_POTRF
         : r == LAPACK_GETRS || r == LAPACK_GECON ? LAPACK_GETRF
         : LAPACK_ROUTINES;
}

/* SMLSIZ of ?gelsd (ILAENV ispec 9) and the NLVL it derives from min(m, n). */
enum { SMLSIZ = 25 };
static int gelsd_levels(int mn) {
  return mn <= 0 ? 0 : max_i(0, (int)floor(log2((double)mn / (SMLSIZ + 1))) + 1);
}

/* The documented minimum LWORK (elements of the precision). */
int lapack_min_lwork(const lapack_args *a) {
  int m = max_i(a->m, 0), n = max_i(a->n, 0), r = max_i(a->nrhs, 0), mn = m < n ? m : n;
  int mx = max_i(m, n), cplx = a->prec >= 2;
  switch (a->routine) {
    case LAPACK_GEQRF: return max_i(1, n);
    case LAPACK_GELS: return max_i(1, mn + max_i(mn, r));
    case LAPACK_GELSS:
      return cplx ? max_i(1, 2 * mn + max_i(mx, r)) : max_i(1, 3 * mn + max_i(2 * mn, max_i(mx, r)));
    case LAPACK_GELSD:
      return cplx ? max_i(1, 2 * mn + mn * r)
                  : max_i(1, 12 * mn + 2 * mn * SMLSIZ + 8 * mn * gelsd_levels(mn) + mn * r +
                                 (SMLSIZ + 1) * (SMLSIZ + 1));
    case LAPACK_GESVD: return cplx ? max_i(1, 2 * mn + mx) : max_i(1, max_i(3 * mn + mx, 5 * mn));
    case LAPACK_SYEV: return cplx ? max_i(1, 2 * n - 1) : max_i(1, 3 * n - 1);
    case LAPACK_GECON: return cplx ? max_i(1, 2 * n) : max_i(1, 4 * n);
    default: return 0;
  }
}

/* The least WORK(1) a workspace query may answer: the documented minimum LWORK; 1 when
 * min(M, N) = 0 (a quick return references no workspace, LAPACK 3.11 says LWORK >= 1 there
 * where it says anything); for real ?gesvd 5 min(M, N) in paths 1 and 1t, which its
 * documentation allows (M >= MNTHR = INT(1.6 min(M, N)) and JOBU = 'N', or N >= MNTHR and
 * JOBVT = 'N'). */
int lapack_query_floor(const lapack_args *a) {
  int m = max_i(a->m, 0), n = max_i(a->n, 0), mn = m < n ? m : n, mnthr = (int)(mn * 1.6f);
  if (mn == 0) return 1;
  int path1 = m >= n ? m >= mnthr && a->jobu == 'N' : n >= mnthr && a->jobvt == 'N';
  if (a->routine == LAPACK_GESVD && a->prec < 2 && path1) return 5 * mn;
  return lapack_min_lwork(a);
}

/* Documented RWORK (real elements) and IWORK lengths. */
int lapack_rwork_len(const lapack_args *a) {
  int m = max_i(a->m, 0), n = max_i(a->n, 0), r = max_i(a->nrhs, 0), mn = m < n ? m : n;
  int lv = gelsd_levels(mn);
  switch (a->routine) {
    case LAPACK_GELSS: case LAPACK_GESVD: return max_i(1, 5 * mn);
    case LAPACK_GELSD:
      return max_i(1, 10 * mn + 2 * mn * SMLSIZ + 8 * mn * lv + 3 * SMLSIZ * r +
                          max_i((SMLSIZ + 1) * (SMLSIZ + 1), mn * (1 + r) + 2 * r));
    case LAPACK_SYEV: return max_i(1, 3 * n - 2);
    case LAPACK_GECON: return max_i(1, 2 * n);
    default: return 1;
  }
}
int lapack_iwork_len(const lapack_args *a) {
  int m = max_i(a->m, 0), n = max_i(a->n, 0), mn = m < n ? m : n;
  if (a->routine == LAPACK_GELSD) return max_i(1, 3 * mn * gelsd_levels(mn) + 11 * mn);
  return max_i(1, n);
}

typedef struct {
  int lwork;
  void *work, *rwork;
  int *iwork;
  float rcond_f, anorm_f, rcond_out_f;
  double rcond_d, anorm_d, rcond_out_d;
} fortran_extra;

static size_t elem_size(int prec) { return (size_t)(prec & 1 ? 8 : 4) * (prec >= 2 ? 2 : 1); }

static void *arg_pointer(int kind, lapack_args *a, fortran_extra *x) {
  int dbl = a->prec & 1;
  switch (kind) {
    case M: return &a->m;
    case N: return &a->n;
    case NRHS: return &a->nrhs;
    case A: return a->a;
    case LDA: return &a->lda;
    case B: return a->b;
    case LDB: return &a->ldb;
    case IPIV: return a->ipiv;
    case INFO: return &a->info;
    case TRANS: return &a->trans;
    case UPLO: return &a->uplo;
    case JOBU: return &a->jobu;
    case JOBVT: return &a->jobvt;
    case JOBZ: return &a->jobz;
    case NORM: return &a->norm;
    case TAU: return a->tau;
    case WORK: return x->work;
    case LWORK: return &x->lwork;
    case RWORK: return x->rwork;
    case IWORK: return x->iwork;
    case S: return a->s;
    case RCOND: return dbl ? (void *)&x->rcond_d : (void *)&x->rcond_f;
    case RANK: return &a->rank;
    case U: return a->u;
    case LDU: return &a->ldu;
    case VT: return a->vt;
    case LDVT: return &a->ldvt;
    case W: return a->w;
    case ANORM: return dbl ? (void *)&x->anorm_d : (void *)&x->anorm_f;
    case RCOND_OUT: return dbl ? (void *)&x->rcond_out_d : (void *)&x->rcond_out_f;
    default: return NULL;
  }
}

/* Calls fn with exactly the routine's arguments followed by one hidden length of 1 per
 * character argument (pointers and size_t travel alike in the x86-64 integer registers). */
typedef void *P;
static void invoke(lapack_entry fn, P *v, size_t n) {
  switch (n) {
#define CALL(k, ...) case k: ((void (*)(__VA_ARGS__))fn)
    CALL(6, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5]); break;
    CALL(8, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]); break;
    CALL(9, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]); break;
    CALL(10, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8],
                                           v[9]); break;
    CALL(11, P, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                                              v[8], v[9], v[10]); break;
    CALL(12, P, P, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7],
                                                 v[8], v[9], v[10], v[11]); break;
    CALL(13, P, P, P, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                                                    v[7], v[8], v[9], v[10], v[11], v[12]); break;
    CALL(14, P, P, P, P, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5], v[6],
                                                       v[7], v[8], v[9], v[10], v[11], v[12],
                                                       v[13]); break;
    CALL(15, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5],
                                                          v[6], v[7], v[8], v[9], v[10], v[11],
                                                          v[12], v[13], v[14]); break;
    CALL(16, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4], v[5],
                                                             v[6], v[7], v[8], v[9], v[10], v[11],
                                                             v[12], v[13], v[14], v[15]); break;
    CALL(17, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P)(v[0], v[1], v[2], v[3], v[4],
                                                                v[5], v[6], v[7], v[8], v[9],
                                                                v[10], v[11], v[12], v[13],
                                                                v[14], v[15], v[16]); break;
#undef CALL
    default: abort();
  }
}

static void call_fortran(lapack_entry fn, lapack_args *a, fortran_extra *x) {
  const unsigned char *sig = signature[a->routine][a->prec >= 2];
  P v[20];
  size_t n = 0, chars = 0;
  for (int i = 0; i < 17 && sig[i] != END; i++) {
    v[n++] = arg_pointer(sig[i], a, x);
    chars += is_option(sig[i]);
  }
  for (size_t i = 0; i < chars; i++) v[n++] = (P)(uintptr_t)1;
  invoke(fn, v, n);
}

/* 1-based position of an argument kind in the routine's Fortran argument list, 0 if absent. */
static int position(const lapack_args *a, int kind) {
  const unsigned char *sig = signature[a->routine][a->prec >= 2];
  for (int i = 0; i < 17 && sig[i] != END; i++)
    if (sig[i] == kind) return i + 1;
  return 0;
}
static int has_arg(const lapack_args *a, int kind) { return position(a, kind) > 0; }

/* Workspace of what the library's own query asks for, or of the documented minimum when it
 * asks for less (the query runs only with valid arguments: an invalid call must fail on its
 * own). */
static void fortran_with_workspace(lapack_entry fn, lapack_args *a) {
  fortran_extra x = {.rcond_f = (float)a->rcond_in, .rcond_d = a->rcond_in,
                     .anorm_f = (float)a->anorm, .anorm_d = a->anorm};
  size_t es = elem_size(a->prec), rs = a->prec & 1 ? 8 : 4;
  int lwork = has_arg(a, WORK) ? lapack_min_lwork(a) : 0, lwork_from_query = 0;
  /* WORK(1) preset to -1, a value no answer takes: a query that leaves it unwritten shows */
  double query[2] = {-1, -1};
  if (has_arg(a, LWORK) && !a->invalid) {
    if (!(a->prec & 1)) ((float *)query)[0] = -1;
    /* rwork and iwork are not referenced by a query; give them the documented size anyway */
    x.lwork = -1;
    x.work = query;
    x.rwork = mlf_guard_alloc((size_t)lapack_rwork_len(a) * rs, rs, MLF_GUARD_TAIL, "RWORK");
    x.iwork = mlf_guard_alloc((size_t)lapack_iwork_len(a) * sizeof(int), sizeof(int), MLF_GUARD_TAIL, "IWORK");
    call_fortran(fn, a, &x);
    double want = a->prec & 1 ? query[0] : (double)((float *)query)[0];
    a->queried = a->info == 0, a->work_query = want, a->lwork_floor = lapack_query_floor(a);
    if (a->queried && want >= a->lwork_floor && want < 1e8) lwork = (int)ceil(want), lwork_from_query = 1;
    mlf_guard_free(x.rwork);
    mlf_guard_free(x.iwork);
  }
  x.lwork = lwork;
  x.work = has_arg(a, WORK) ? mlf_guard_alloc((size_t)lwork * es, rs, MLF_GUARD_TAIL, "WORK") : NULL;
  x.rwork = has_arg(a, RWORK) ? mlf_guard_alloc((size_t)lapack_rwork_len(a) * rs, rs, MLF_GUARD_TAIL, "RWORK") : NULL;
  x.iwork = has_arg(a, IWORK)
                ? mlf_guard_alloc((size_t)lapack_iwork_len(a) * sizeof(int), sizeof(int), MLF_GUARD_TAIL, "IWORK")
                : NULL;
  a->info = 0;
  call_fortran(fn, a, &x);
  a->lwork_rejected = lwork_from_query && a->info == -position(a, LWORK);
  a->rcond_out = a->prec & 1 ? x.rcond_out_d : x.rcond_out_f;
  void *bufs[3] = {x.work, x.rwork, x.iwork};
  for (int i = 0; i < 3; i++)
    if (bufs[i]) {
      a->workspace_damaged |= !mlf_guard_canary_ok(bufs[i]);
      mlf_guard_free(bufs[i]);
    }
}

/* LAPACKE signatures: lapack_int is int, arrays are void *, scalars by value in the
 * precision's real type (the only difference between s/c and d/z for these routines). */
typedef void *V;
typedef int (*getrf_t)(int, int, int, V, int, int *);
typedef int (*getrs_t)(int, char, int, int, V, int, const int *, V, int);
typedef int (*gesv_t)(int, int, int, V, int, int *, V, int);
typedef int (*potrf_t)(int, char, int, V, int);
typedef int (*potrs_t)(int, char, int, int, V, int, V, int);
typedef int (*geqrf_t)(int, int, int, V, int, V);
typedef int (*gels_t)(int, char, int, int, int, V, int, V, int);
typedef int (*gelss_d)(int, int, int, int, V, int, V, int, V, double, int *);
typedef int (*gelss_f)(int, int, int, int, V, int, V, int, V, float, int *);
typedef int (*gesvd_t)(int, char, char, int, int, V, int, V, V, int, V, int, V);
typedef int (*syev_t)(int, char, char, int, V, int, V);
typedef int (*gecon_d)(int, char, int, V, int, double, double *);
typedef int (*gecon_f)(int, char, int, V, int, float, float *);

static void call_lapacke(lapack_entry fn, lapack_args *a) {
  int lay = a->iface == LAPACK_LAPACKE_ROW ? 101 : 102, dbl = a->prec & 1;
  switch (a->routine) {
    case LAPACK_GETRF: a->info = ((getrf_t)fn)(lay, a->m, a->n, a->a, a->lda, a->ipiv); break;
    case LAPACK_GETRS:
      a->info = ((getrs_t)fn)(lay, a->trans, a->n, a->nrhs, a->a, a->lda, a->ipiv, a->b, a->ldb);
      break;
    case LAPACK_GESV:
      a->info = ((gesv_t)fn)(lay, a->n, a->nrhs, a->a, a->lda, a->ipiv, a->b, a->ldb);
      break;
    case LAPACK_POTRF: a->info = ((potrf_t)fn)(lay, a->uplo, a->n, a->a, a->lda); break;
    case LAPACK_POTRS:
      a->info = ((potrs_t)fn)(lay, a->uplo, a->n, a->nrhs, a->a, a->lda, a->b, a->ldb);
      break;
    case LAPACK_GEQRF: a->info = ((geqrf_t)fn)(lay, a->m, a->n, a->a, a->lda, a->tau); break;
    case LAPACK_GELS:
      a->info = ((gels_t)fn)(lay, a->trans, a->m, a->n, a->nrhs, a->a, a->lda, a->b, a->ldb);
      break;
    case LAPACK_GELSS: case LAPACK_GELSD:
      a->info = dbl ? ((gelss_d)fn)(lay, a->m, a->n, a->nrhs, a->a, a->lda, a->b, a->ldb, a->s,
                                    a->rcond_in, &a->rank)
                    : ((gelss_f)fn)(lay, a->m, a->n, a->nrhs, a->a, a->lda, a->b, a->ldb, a->s,
                                    (float)a->rcond_in, &a->rank);
      break;
    case LAPACK_GESVD: {
      int mn = a->m < a->n ? a->m : a->n;
      size_t len = (size_t)max_i(1, mn - 1) * (dbl ? 8 : 4);
      void *superb = mlf_guard_alloc(len, dbl ? 8 : 4, MLF_GUARD_TAIL, "superb");
      a->info = ((gesvd_t)fn)(lay, a->jobu, a->jobvt, a->m, a->n, a->a, a->lda, a->s, a->u,
                              a->ldu, a->vt, a->ldvt, superb);
      a->workspace_damaged |= !mlf_guard_canary_ok(superb);
      mlf_guard_free(superb);
      break;
    }
    case LAPACK_SYEV: a->info = ((syev_t)fn)(lay, a->jobz, a->uplo, a->n, a->a, a->lda, a->w); break;
    case LAPACK_GECON:
      if (dbl) {
        a->info = ((gecon_d)fn)(lay, a->norm, a->n, a->a, a->lda, a->anorm, &a->rcond_out);
      } else {
        float r = 0;
        a->info = ((gecon_f)fn)(lay, a->norm, a->n, a->a, a->lda, (float)a->anorm, &r);
        a->rcond_out = r;
      }
      break;
    default: abort();
  }
}

int lapack_call(const lapack_backend *b, lapack_args *a) {
  lapack_entry fn = a->iface == LAPACK_FORTRAN ? b->fortran[a->routine][a->prec]
                                               : b->lapacke[a->routine][a->prec];
  if (!fn) return 0;
  a->info = 0;
  if (a->iface == LAPACK_FORTRAN) fortran_with_workspace(fn, a);
  else call_lapacke(fn, a);
  return 1;
}
