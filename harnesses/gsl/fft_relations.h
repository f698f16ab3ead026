/* The relations every FFT of GSL must satisfy on one input, each within a bound derived from
 * fft_bound (one comment line per tolerance in fft_relations.c): agreement with a long-double
 * DFT (n <= 64), round trip forward/inverse, Parseval, linearity, the shift theorem,
 * radix-2 agreeing with mixed radix, the real transforms agreeing with the complex one, and
 * every transform at a stride bit for bit equal to the packed call. */
#ifndef FFT_RELATIONS_H
#define FFT_RELATIONS_H
#include <stddef.h>
#include "fft_transforms.h"
#include "mlf_report.h"

typedef struct {
  size_t n, stride;         /* length >= 1; stride of the strided variant (1: none) */
  mlf_guard_side side;
  const fft_tables *t;
  const double *z;          /* packed complex input, 2 n doubles */
  const double *x;          /* real input, n doubles */
  double a, b;              /* linearity: F(a z + b w) = a F(z) + b F(w) */
  size_t shift;             /* shift theorem: circular shift by this many elements */
  const char *only;         /* relation to run, NULL for all */
  mlf_run *run;
} fft_case;

/* Runs every relation (or only c->only). Returns the largest ratio of an observed error to
 * its bound, for feedback. */
double fft_check_relations(const fft_case *c);

/* Names of the relations, for the message's relation field. */
extern const char *const fft_relation_names[];
extern const size_t fft_relation_count;
#endif
