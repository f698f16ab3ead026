/* The registry's needs column decides what a run treats as known (mlf_known_finding_lookup):
 * a row holds only where the identities the backends noted meet its needs, with the semantics
 * of scripts/registry-needs.sh (the cases of tests/integration/registry_needs.sh, kept alike);
 * the identity judged is that of the tag's own backend, else the one the needs name, and a row
 * whose backend no process loaded holds. On the real registry: the BLIS piledriver row is known
 * under piledriver kernels and new under zen3 (the report says why), the "!kernels piledriver"
 * row the other way round, and a predicted BLIS sgemm over-read counts on zen3 only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mlf_report.h"

#define BLIS_ZEN3 "/usr/lib/x86_64-linux-gnu/blis-serial/libblis.so.4 version 0.9.0, kernels zen3 (BLIS_ARCH_TYPE 6)"
#define BLIS_PILEDRIVER \
  "/usr/lib/x86_64-linux-gnu/blis-serial/libblis.so.4 version 0.9.0, kernels piledriver (BLIS_ARCH_TYPE 11)"

/* The backend lines of tests/integration/registry_needs.sh. */
static void note_shell_test_identities(void) {
  mlf_note_backend_identity("openblas", "instrumented static OpenBLAS 0.3.21 HASWELL SINGLE_THREADED, core HASWELL");
  mlf_note_backend_identity("openblas-serial", "/usr/lib/x86_64-linux-gnu/openblas-serial/libopenblas-r0.3.21.so "
                                               "OpenBLAS 0.3.21 DYNAMIC_ARCH Cooperlake SINGLE_THREADED, core Cooperlake");
  mlf_note_backend_identity("blis", BLIS_ZEN3);
}

/* Whether needs fail for a tag of a backend nobody noted (so the needs' own backend is judged). */
static int unmet(const char *needs, char *why, size_t len) {
  mlf_known_finding k = {"*", "-", needs, "-", "-"};
  return mlf_known_finding_unmet(&k, "mlf:test:unnoted-backend:op:kind", why, len);
}

static void shell_cases_alike(void **state) {
  (void)state;
  note_shell_test_identities();
  static const char *const met[] = {"-", "openblas HASWELL", "openblas-serial core SkylakeX|core Cooperlake",
                                    "openblas-serial !core Prescott|core Core2|core Penryn|core Nehalem",
                                    "blis kernels haswell|kernels zen3"};
  for (size_t i = 0; i < sizeof met / sizeof met[0]; i++) assert_false(unmet(met[i], NULL, 0));
  static const char *const failing[][2] = {
      {"openblas-serial core SkylakeX", "not what the row needs"},
      {"openblas-serial !core Sandybridge|core Cooperlake", "which the row excludes"},
      {"blis kernels haswell", "not what the row needs"},
      {"blis kernels zen (", "not what the row needs"},
  };
  for (size_t i = 0; i < sizeof failing / sizeof failing[0]; i++) {
    char why[800];
    assert_true(unmet(failing[i][0], why, sizeof why));
    assert_non_null(strstr(why, failing[i][1]));
  }
}

/* The shell's "openblas-pthread is not loaded here" skips a replay; a finding is not judged. */
static void absent_backend_holds(void **state) {
  (void)state;
  note_shell_test_identities();
  assert_false(unmet("openblas-pthread OpenBLAS 0.3.21", NULL, 0));
  assert_false(unmet("onednn cpu isa avx512_core", NULL, 0));
}

/* A finding is judged by its own backend's kernel set where that backend was noted. */
static void the_tags_backend_is_judged(void **state) {
  (void)state;
  note_shell_test_identities();
  mlf_note_backend_identity("openblas-pthread", "/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblasp-r0.3.21.so "
                                                "OpenBLAS 0.3.21 DYNAMIC_ARCH Haswell, core Haswell");
  mlf_known_finding skylakex = {"*", "-", "openblas-serial core SkylakeX|core Cooperlake", "-", "-"};
  assert_true(mlf_known_finding_unmet(&skylakex, "mlf:blas_gemm:openblas-pthread:sgemm:x", NULL, 0));
  assert_false(mlf_known_finding_unmet(&skylakex, "mlf:blas_gemm:openblas-serial:sgemm:x", NULL, 0));
  /* the instrumented HASWELL build keeps its kernels whatever core the prebuilt ones run */
  mlf_note_backend_identity("openblas-serial", "OpenBLAS 0.3.21 DYNAMIC_ARCH, core Prescott");
  mlf_known_finding not_old = {"*", "-", "openblas-serial !core Prescott|core Core2", "-", "-"};
  assert_false(mlf_known_finding_unmet(&not_old, "mlf:blas_level1:openblas:cdotu:x", NULL, 0));
  assert_true(mlf_known_finding_unmet(&not_old, "mlf:blas_level1:openblas-serial:cdotu:x", NULL, 0));
}

static const char *const piledriver_tag = "mlf:blas_gemm:blis:cgemm:value-mismatch-beta-as-zero";

static void needs_met_is_known(void **state) {
  (void)state;
  mlf_note_backend_identity("blis", BLIS_PILEDRIVER);
  const mlf_known_finding *k = mlf_known_finding_lookup(piledriver_tag);
  assert_non_null(k);
  assert_string_equal(k->requires, "blis kernels piledriver");
  mlf_run run;
  mlf_run_reset(&run);
  mlf_finding(&run, piledriver_tag, "16 wrong elements");
  assert_false(mlf_run_failed(&run));
}

static void needs_unmet_is_new_and_says_why(void **state) {
  (void)state;
  mlf_note_backend_identity("blis", BLIS_ZEN3);
  assert_null(mlf_known_finding_lookup(piledriver_tag));
  mlf_run run;
  mlf_run_reset(&run);
  mlf_finding(&run, piledriver_tag, "16 wrong elements");
  assert_null(run.findings[0].known_explanation);
  assert_true(mlf_run_failed(&run));
  char text[8192] = "";
  FILE *out = fmemopen(text, sizeof text - 1, "w");
  mlf_run_print(out, &run);
  fclose(out);
  assert_non_null(strstr(text, "new here: registry row mlf:blas_gemm:blis:[cz]gemm:value-mismatch-beta-as-zero"));
  assert_non_null(strstr(text, "kernels zen3 (BLIS_ARCH_TYPE 6)', not what the row needs ('blis kernels piledriver')"));
}

/* "blis !kernels piledriver": known except under piledriver. */
static void negated_needs(void **state) {
  (void)state;
  const char *tag = "mlf:blas_level23:blis:cherk:nan-spurious";
  mlf_note_backend_identity("blis", BLIS_ZEN3);
  assert_non_null(mlf_known_finding_lookup(tag));
  mlf_note_backend_identity("blis", BLIS_PILEDRIVER);
  assert_null(mlf_known_finding_lookup(tag));
  const mlf_known_finding *k = mlf_known_finding_unmet_row(tag);
  assert_non_null(k);
  char why[800];
  assert_true(mlf_known_finding_unmet(k, tag, why, sizeof why));
  assert_non_null(strstr(why, "which the row excludes ('blis !kernels piledriver')"));
}

/* A predicted crash counts where a row holds, or where no row names it. */
static void predictions_follow_the_rows(void **state) {
  (void)state;
  const char *tag = "mlf:blas_gemm:blis:sgemm:read-past-c";
  mlf_note_backend_identity("blis", BLIS_ZEN3);
  assert_true(mlf_known_finding_applies(tag));
  mlf_note_backend_identity("blis", BLIS_PILEDRIVER);
  assert_false(mlf_known_finding_applies(tag));
  assert_true(mlf_known_finding_applies("mlf:test:no:registry:row"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(shell_cases_alike),
      cmocka_unit_test(absent_backend_holds),
      cmocka_unit_test(the_tags_backend_is_judged),
      cmocka_unit_test(needs_met_is_known),
      cmocka_unit_test(needs_unmet_is_new_and_says_why),
      cmocka_unit_test(negated_needs),
      cmocka_unit_test(predictions_follow_the_rows),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
