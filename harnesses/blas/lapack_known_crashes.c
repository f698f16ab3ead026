/* Preconditions of the known LAPACK crashes (see lapack_known_crashes.h). */
#include "lapack_known_crashes.h"
#include <string.h>

/* ?gelsd passes NRHS to ?lalsd, which requires NRHS >= 1; and with a NaN or infinity in A, ?gesvd,
 * ?gelss and ?gelsd reach ?lascl with a NaN norm, which ?lascl rejects: with NRHS = 0 (valid)
 * or a non-finite A they call xerbla_ (in every LAPACK here, reference code); ATLAS's xerbla_, out
 * of the executable's reach in its own namespace, then stops the process. Seen for ?gelsd
 * (both causes) and sgesvd; the envelope covers the three drivers. */
static int calls_xerbla_on_valid(lapack_routine r, size_t m, size_t n, size_t nrhs, int a_nonfinite) {
  int svd_based = r == LAPACK_GESVD || r == LAPACK_GELSS || r == LAPACK_GELSD;
  return m > 0 && n > 0 && ((r == LAPACK_GELSD && nrhs == 0) || (svd_based && a_nonfinite));
}

/* ?gelsd with RCOND = NaN (not rejected: no RCOND check in ?gelsd; LAPACK 3.11 ?lalsd): ?lalsd's
 * "IF( ( RCOND.LE.ZERO ) .OR. ( RCOND.GE.ONE ) ) RCND = EPS" lets NaN through, TOL = RCND*max|D|
 * is NaN, "D( I ).LE.TOL" is false for every singular value, and an exactly zero one (a rank-
 * deficient A) goes to ?lascl as CFROM, which rejects it (parameter 4): xerbla on a valid call,
 * in every LAPACK here; ATLAS's xerbla_ then stops the process. Only with min(M, N) >= 2 (for 1,
 * ?lalsd tests D( 1 ).EQ.ZERO instead) and NRHS >= 1 (0 is the case above). Whether a singular
 * value comes out exactly zero is known only after the call: the envelope is every such call. */
static int lalsd_rcond_nan(lapack_routine r, size_t m, size_t n, size_t nrhs, int rcond_nan) {
  return r == LAPACK_GELSD && rcond_nan && m >= 2 && n >= 2 && nrhs >= 1;
}

/* ?bdsqr loops for ever on the NaNs of a NaN (or infinite) input: seen for sgelsd in OpenBLAS's bundled
 * LAPACK (?lalsd -> ?lasdq -> ?bdsqr) and for dgelss in netlib LAPACK 3.11; the envelope is
 * every SVD-based driver in every library. */

/* ?gelss with NRHS = 0 (valid, B then has no element) falls into its NRHS = 1 branch and
 * calls ?gemv on B(1:n) (reference code in every LAPACK here): a fault on B's guard page. */

/* The prebuilt OpenBLAS 0.3.21 libraries (every kernel set from Sandybridge up; the cgesvd
 * regress input on every kernel set: scripts/kernel-set-matrix.sh) read up to 32 bytes past
 * the end of a complex matrix in c/zgemv_n, which c/zlarf calls to apply a reflector from the right:
 * c/zgelqf (?gels with m < n) and c/zgebrd (?gelss, ?gelsd, ?gesvd, every shape seen) fault on
 * the guard page after A or VT (also with guard_before when the buffer fills whole pages); the
 * same kernel reads past WORK in c/zheev (seen zheev n = 57, threaded build).
 * The envelope is every such call, broader than seen. */
const char *lapack_known_crash(const char *backend, lapack_routine r, int prec, size_t m,
                               size_t n, size_t nrhs, int a_nonfinite, int rcond_nan) {
  if (strcmp(backend, "atlas") == 0 && calls_xerbla_on_valid(r, m, n, nrhs, a_nonfinite)) return "exit-on-valid";
  if (strcmp(backend, "atlas") == 0 && lalsd_rcond_nan(r, m, n, nrhs, rcond_nan)) return "exit-rcond-nan";
  if (r == LAPACK_GELSS && nrhs == 0 && m > 0 && n > 0) return "read-past-b";
  if (a_nonfinite && m > 0 && n > 0 && (r == LAPACK_GESVD || r == LAPACK_GELSS || r == LAPACK_GELSD))
    return "hang";
  int larf_right = r == LAPACK_GELSS || r == LAPACK_GELSD || r == LAPACK_GESVD ||
                   (r == LAPACK_GELS && m < n) || r == LAPACK_SYEV;
  if (strncmp(backend, "openblas-", 9) == 0 && prec >= 2 && larf_right)
    return "read-past-end";
  return NULL;
}
