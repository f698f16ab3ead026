/* One call of a LAPACK routine on one backend, through the Fortran interface or LAPACKE:
 * the arguments as the routine sees them (possibly invalid on purpose), the outputs, and the
 * workspace, which the call allocates itself in guard-page buffers of exactly the size it
 * declares (the larger of the library's workspace query and the documented minimum). */
#ifndef LAPACK_CALL_H
#define LAPACK_CALL_H
#include "lapack_backend.h"

typedef enum { LAPACK_FORTRAN, LAPACK_LAPACKE_COL, LAPACK_LAPACKE_ROW } lapack_interface;

typedef struct {
  lapack_routine routine;
  int prec; /* 0..3 = s, d, c, z */
  lapack_interface iface;
  int m, n, nrhs;
  char trans, uplo, jobu, jobvt, jobz, norm;
  void *a, *b; /* in the precision's element type, layout per iface */
  int lda, ldb;
  int *ipiv;
  void *tau;       /* geqrf: min(m, n) elements of the precision */
  void *s, *w;     /* singular values / eigenvalues: real (float or double) */
  void *u, *vt;    /* gesvd */
  int ldu, ldvt;
  double rcond_in; /* gelss, gelsd */
  double anorm;    /* gecon */
  /* Outputs */
  double rcond_out; /* gecon */
  int rank;         /* gelss, gelsd */
  int info;
  int workspace_damaged; /* a write into the slack next to a workspace buffer */
  int invalid;           /* the caller passes invalid arguments: no workspace query */
  /* Fortran, valid arguments: the workspace query (LWORK = -1) answered INFO = 0 with
   * WORK(1) = work_query, which must be at least lwork_floor, the least LWORK the routine's
   * documentation allows; the call then gets exactly that LWORK (the documented minimum when
   * the query asks for less), and lwork_rejected says it answered INFO = -(LWORK's position). */
  int queried, lwork_floor, lwork_rejected;
  double work_query;
} lapack_args;

/* Calls the routine on b. Returns 0 (and calls nothing) when b lacks the entry point. */
int lapack_call(const lapack_backend *b, lapack_args *a);

/* 1-based position of an argument in the Fortran routine's argument list, the INFO a
 * conforming implementation reports when that argument is invalid; 0 when it has none.
 * which: 'm', 'n', 'r' (nrhs), 'a' (lda), 'b' (ldb), 'o' (the first character option). */
int lapack_fortran_position(lapack_routine r, int prec, char which);

/* Name of the i-th (0-based) Fortran argument of the routine ("m", "a", "lda", "work", ...,
 * "rcond_out" for ?gecon's output RCOND), NULL past the last. The generated reproducers
 * (lapack_emit.c) write their calls from it. */
const char *lapack_argument_name(lapack_routine r, int prec, int i);

/* The factorization the harness runs on A before r (?getrf before ?getrs and ?gecon, ?potrf
 * before ?potrs), LAPACK_ROUTINES when none; the generated reproducers run it too. */
lapack_routine lapack_prerequisite(lapack_routine r);

/* Workspace lengths of the Fortran call: the documented minimum LWORK, the least WORK(1) a
 * query may answer (lapack_call.c explains the exceptions), and RWORK's and IWORK's lengths. */
int lapack_min_lwork(const lapack_args *a);
int lapack_query_floor(const lapack_args *a);
int lapack_rwork_len(const lapack_args *a);
int lapack_iwork_len(const lapack_args *a);
#endif
