/* Mutation-score driver of the Pearson subject: runs the correlation relations
 * (harnesses/gsl/correlation_relations.h, measure CORR_PEARSON) on the linked pearson() --
 * mutation/subjects/pearson.c or one of its mutants -- over a fixed set of series.
 * Oracle: every relation holds on every series (mutant_driver.h gives the verdict).
 *
 * The series (7 shapes x 5 lengths = 35 cases, generated with mlf_rng from seed
 * 1000 * shape + n, so every run sees the same numbers):
 *   linear       x uniform in [-1, 1), y = 0.8 x + 0.6 noise (strong positive)
 *   anti         x uniform in [0, 10), y = -0.5 x + 0.3 noise (negative)
 *   independent  x, y independent uniform in [-1, 1) (near zero)
 *   offset       x = 1000 + u, y = -250 + 0.5 u + 0.1 noise (mean far from the spread)
 *   walk         x, y random walks with correlated steps (trending, autocorrelated)
 *   ties         x in {0..3}, y = x + {0..2} (integer values with ties)
 *   spikes       x = (1/2, -1/2, 1/2, -1/2, 0, ...), y = (1/2, 1/2, -1/2, -1/2, 0, ...) padded
 *                with zeros (no noise): mean 0 and centred sums of squares exactly 1 from
 *                n = 4 on, an exact value a guard or a division may single out
 * lengths 1 (below the minimum of a correlation), 2, 5, 32 and 257, each in a buffer of
 * exactly n doubles so that ASan sees a read past the end; the affine constants (scale, shift) of case k are the
 * (k mod 4)-th of (2.5, 1), (-0.5, 100), (1000, -7), (-4, -0.25). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "correlation_relations.h"
#include "mlf_rng.h"
#include "mutant_driver.h"
#include "pearson.h"

enum { LINEAR, ANTI, INDEPENDENT, OFFSET, WALK, TIES, SPIKES, SHAPES };
static const char *const shape_names[SHAPES] = {"linear", "anti", "independent", "offset",
                                                "walk", "ties", "spikes"};
static const size_t lengths[] = {1, 2, 5, 32, 257};
#define LENGTHS (sizeof lengths / sizeof lengths[0])
static const double affine[4][2] = {{2.5, 1.0}, {-0.5, 100.0}, {1000.0, -7.0}, {-4.0, -0.25}};
#define MAX_RELATIONS 32

static double symmetric(mlf_rng *r) { return 2.0 * mlf_rng_unit(r) - 1.0; }

/* Fills x and y (n each) with the series of the given shape. */
static void make_series(int shape, size_t n, mlf_rng *r, double *x, double *y) {
  double wx = 0.0, wy = 0.0;
  for (size_t i = 0; i < n; i++) {
    double u = mlf_rng_unit(r), noise = symmetric(r);
    switch (shape) {
    case LINEAR: x[i] = 2.0 * u - 1.0; y[i] = 0.8 * x[i] + 0.6 * noise; break;
    case ANTI: x[i] = 10.0 * u; y[i] = -0.5 * x[i] + 0.3 * noise; break;
    case INDEPENDENT: x[i] = 2.0 * u - 1.0; y[i] = noise; break;
    case OFFSET: x[i] = 1000.0 + u; y[i] = -250.0 + 0.5 * u + 0.1 * noise; break;
    case WALK: wx += 2.0 * u - 1.0; wy += 0.5 * (2.0 * u - 1.0) + 0.5 * noise;
      x[i] = wx; y[i] = wy; break;
    case SPIKES: x[i] = i < 4 ? (i % 2 ? -0.5 : 0.5) : 0.0; y[i] = i < 4 ? (i < 2 ? 0.5 : -0.5) : 0.0;
      break;
    default: x[i] = (double)mlf_rng_below(r, 4); y[i] = x[i] + (double)mlf_rng_below(r, 3);
    }
  }
}

static double subject_fn(const double *x, const double *y, size_t n, void *ctx) {
  (void)ctx;
  return pearson(x, y, n);
}

/* Runs the relations (only the one named `only`, unless NULL) on case k of the series set;
 * its name goes to case_name. Exits when out of memory. */
static void run_case(size_t k, const char *only, mlf_run *run, char *case_name, size_t len) {
  static const corr_subject subject = {"pearson", CORR_PEARSON, subject_fn, NULL, 0x1p-53, NULL};
  int shape = (int)(k / LENGTHS);
  size_t n = lengths[k % LENGTHS];
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  if (!x || !y) {
    fputs("out of memory\n", stderr);
    exit(MUTANT_USAGE);
  }
  uint64_t seed = 1000u * (uint64_t)shape + n;
  mlf_rng rng;
  mlf_rng_seed(&rng, seed);
  make_series(shape, n, &rng, x, y);
  snprintf(case_name, len, "%s/n=%zu", shape_names[shape], n);
  mlf_run_reset(run);
  corr_check_relations("mutation", &subject, x, y, n, affine[k % 4][0], affine[k % 4][1], seed,
                       only, run);
  free(x), free(y);
}

int main(int argc, char **argv) {
  mutant_args args;
  if (!mutant_parse_args(argc, argv, &args)) return MUTANT_USAGE;
  static mlf_run run;
  static char names[MAX_RELATIONS][MUTANT_NAME_MAX];
  char case_name[48];
  if (args.list) {
    run_case(0, NULL, &run, case_name, sizeof case_name);
    size_t count = mutant_logged_relations(&run, "pearson", names, MAX_RELATIONS);
    for (size_t i = 0; i < count; i++) puts(names[i]);
    return count ? MUTANT_SURVIVED : MUTANT_USAGE;
  }
  size_t violations = 0;
  for (size_t k = 0; k < SHAPES * LENGTHS; k++) {
    run_case(k, args.only, &run, case_name, sizeof case_name);
    /* An unknown name makes the suite run every relation: refuse it. */
    if (args.only && (mutant_logged_relations(&run, "pearson", names, MAX_RELATIONS) != 1 ||
                      strcmp(names[0], args.only) != 0)) {
      fprintf(stderr, "no relation named %s (--list-relations)\n", args.only);
      return MUTANT_USAGE;
    }
    violations += mutant_print_violations(case_name, &run);
  }
  return violations ? MUTANT_KILLED : MUTANT_SURVIVED;
}
