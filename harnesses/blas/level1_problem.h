/* One level-1 BLAS call as the harness sees it: the routine (family and precision), the
 * interface, the arguments built from a Level1Case, and what a call produced. */
#ifndef LEVEL1_PROBLEM_H
#define LEVEL1_PROBLEM_H
#include "blas_backend.h"
#include "blas_level1.pb-c.h"
#include "level1_vector.h"

typedef Mlf__Blas__Level1Case__Routine level1_family;
#define L1(name) MLF__BLAS__LEVEL1_CASE__ROUTINE__##name
#define L1_FAMILIES (L1(ROTMG) + 1)

/* What a family does with its operands. */
enum {
  L1_READS_X = 1, L1_READS_Y = 2, L1_WRITES_X = 4, L1_WRITES_Y = 8,
  L1_SCALAR = 16,    /* returns a number (dots, nrm2, asum) */
  L1_INDEX = 32,     /* returns an index (i?amax) */
  L1_CONSTRUCT = 64, /* rotg, rotmg: scalars in, scalars out, no vectors */
};
unsigned level1_family_flags(level1_family f);

typedef struct {
  level1_family family;
  blas_precision p;  /* of x and y, and of the scalars */
  blas_fn fn;        /* BLAS_FN_COUNT when the family has no member of this precision */
  char name[8];      /* sdot, csscal, ... */
  int fortran;       /* the interface the call goes through */
  int n, incx, incy;
  double alpha[2];   /* scal, axpy; sdsdot's sb is alpha[0]; rounded to the precision */
  double c, s;       /* rot */
  double param[5];   /* rotm: flag, h11, h21, h12, h22 */
  double in[4];      /* rotg: a.re, a.im, b.re, b.im (real: a, b); rotmg: d1, d2, x1, y1 */
  level1_vector x, y;
} level1_problem;

/* Results of one call. out[] of rotg: real: r, z, c, s; complex: r.re, r.im, c, s.re,
 * s.im, b.re, b.im (b must come back unchanged); of rotmg: d1, d2, x1, param[0..4]. */
typedef struct {
  double value[2]; /* scalar result (re, im) */
  long index;      /* i?amax as the interface returns it (Fortran 1-based, CBLAS 0-based) */
  double out[8];
  level1_vector x, y; /* the vectors after the call (fresh copies of the problem's) */
  int has_x, has_y;
} level1_outcome;

/* The member of family f for precision p (BLAS_FN_COUNT when none). */
blas_fn level1_member(level1_family f, Mlf__Blas__Precision p);
/* Fills everything but x and y from the message; x and y are made by the caller. */
void level1_problem_from(level1_problem *pr, const Mlf__Blas__Level1Case *m);
/* 1 when the reference BLAS 3.11 returns at once without reading x: n <= 0, or incx <= 0
 * for asum, i?amax and scal (dasum.f:94, idamax.f:93, dscal.f:103: IF (N.LE.0 .OR.
 * INCX.LE.0) RETURN; the result is 0, index 0, x unchanged). nrm2 is not among them: 3.11's
 * dnrm2.f90 walks a negative increment backwards and reads x(1) n times for a zero one. */
int level1_quick_return(const level1_problem *pr);
/* 1 when n > 0 and a vector axpy, copy, swap, rot or rotm writes has increment 0 (the
 * reference's loop then writes its one element n times in order: level1_sequence.h). */
int level1_zero_inc_written(const level1_problem *pr);
/* The kind of a finding about problem pr: kind followed by "-nonpositive-incx" for nrm2,
 * asum, i?amax and scal called with incx <= 0 (where the reference's rule for the increment
 * decides the result), "-noncanonical-flag" for rotm with a flag other than -2, -1, 0, 1
 * (which the reference reads by its sign), "-zero-inc-written" when level1_zero_inc_written
 * (the flag's suffix first: a library that misreads the flag never reaches the loop), else
 * nothing; so that a library that reads such arguments its own way is one registry entry and
 * a wrong result on ordinary arguments stays apart. pr NULL: kind as it is (a kind that no
 * argument qualifies: a known crash's, write-outside-*, every-backend-disagrees). Written to
 * buf (len bytes); returns buf. The one place the suffix is applied. */
const char *level1_finding_kind(const level1_problem *pr, const char *kind, char *buf, size_t len);
/* The 0-based index an i?amax outcome names (the raw index less one through Fortran). */
long level1_zero_based(const level1_problem *pr, const level1_outcome *o);
void level1_outcome_free(level1_outcome *o);
#endif
