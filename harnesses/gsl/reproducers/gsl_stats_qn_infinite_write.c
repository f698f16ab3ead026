/* Standalone reproducer: GSL 2.7.1 gsl_stats_Qn_from_sorted_data writes past the work array the
 * manual asks for (3n doubles) when the sorted data hold infinities (Debian's libgsl27
 * 2.7.1+dfsg-5+deb12u1): with eight -Inf among 30 sorted values, x_i - x_j = -Inf - (-Inf) = NaN
 * in its counts leaves left[] and right[] inconsistent, and the final loop
 * work[j] = sorted_data[i] - sorted_data[ni - jj] (statistics/Qn_source.c:202) runs j past 3n
 * (valgrind: invalid write 0 bytes after the block). gsl_movstat_Qn, which sorts each window and
 * calls it (movstat/qnacc.c:103-104), does so for any series with an infinity among its values
 * whose windows reach such data. The work array here has 3n doubles and a canary block after
 * them. Exits 1 while the canary is overwritten.
 * tags: mlf:gsl_movstat:gsl_movstat_qn:batch:infinite-write-past-end
 * link: -lgsl -lgslcblas -lm
 */
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_version.h>
#include <math.h>
#include <stdio.h>

enum { N = 30, CANARY = 64 };

int main(void) {
  double x[N] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY, -INFINITY,
                 -INFINITY, -1.0212488312794932, -0.95459134793927236, -0.8647086883696109,
                 -0.6115427504932105, -0.40372109705088766, -0.33625254954359568,
                 -0.26739170882710817, -0.14386631833894051, 0.44938464248983157,
                 0.58672500916495862, 0.90497982257370591, 1.0030665820247691, 1.0030665820247691,
                 1.0030665820247691, 1.0030665820247691, 1.0030665820247691, 1.180950438119496,
                 1.2320221112158003, 1.6251100012755157, 1.7168737023117628, 2.29001216817145,
                 2.4349562095923551};
  static double work[3 * N + CANARY];
  static int work_int[5 * N];
  for (int i = 3 * N; i < 3 * N + CANARY; i++) work[i] = 12345.0;
  printf("GSL %s: gsl_stats_Qn_from_sorted_data of 30 sorted values, 8 of them -Inf\n", gsl_version);
  double q = gsl_stats_Qn_from_sorted_data(x, 1, N, work, work_int);
  int written = 0;
  for (int i = 3 * N; i < 3 * N + CANARY; i++) written += work[i] != 12345.0;
  printf("returned %.17g; %d of the %d doubles after the 3n work array overwritten (expected 0)\n", q,
         written, CANARY);
  printf(written ? "the bug is present\n" : "the bug is absent\n");
  return written != 0;
}
