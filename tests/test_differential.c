/* Unit tests of mlf_differential: pair matrix, skipped unsupported/error results, the
 * majority-vote rule (clear odd one, ties, n = 2, non-transitive agreement) and tags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "mlf_differential.h"

static int agree_calls;

/* Results are single doubles; they agree within an absolute 0.1. */
static mlf_cmp_kind agree_double(const void *a, const void *b, void *ctx) {
  (void)ctx;
  agree_calls++;
  return mlf_close(*(const double *)a, *(const double *)b, 0.1, 0.0);
}

/* Runs the comparison over values; status MLF_RESULT_OK for all unless given. */
static void compare(const double *v, const mlf_result_status *st, size_t n, mlf_diff_outcome *o) {
  mlf_result r[MLF_MAX_BACKENDS];
  static const char *names[] = {"a", "b", "c", "d", "e", "f"};
  for (size_t i = 0; i < n; i++)
    r[i] = (mlf_result){names[i % 6], st ? st[i] : MLF_RESULT_OK, &v[i]};
  agree_calls = 0;
  mlf_diff_compare(r, n, agree_double, NULL, o);
}

static void test_pair_matrix(void **state) {
  (void)state;
  double v[] = {1.0, 1.05, NAN, INFINITY};
  mlf_diff_outcome o;
  compare(v, NULL, 4, &o);
  assert_int_equal(o.n, 4);
  assert_int_equal(agree_calls, 6); /* once per unordered pair */
  assert_int_equal(o.pair[0][1], MLF_CMP_OK);
  assert_int_equal(o.pair[1][0], MLF_CMP_OK);
  assert_int_equal(o.pair[0][2], MLF_CMP_NAN);
  assert_int_equal(o.pair[3][2], MLF_CMP_NAN);
  assert_int_equal(o.pair[0][3], MLF_CMP_INF);
  for (int i = 0; i < 4; i++) assert_int_equal(o.pair[i][i], -1);
  assert_int_equal(o.pair[0][4], -1);
  assert_false(o.all_agree);
  assert_int_equal(o.odd_one, -1); /* {0,1} agree but 2 and 3 are both odd */
}

static void test_unsupported_and_error_skipped(void **state) {
  (void)state;
  double v[] = {1.0, 99.0, 1.0, 50.0, 1.0};
  mlf_result_status st[] = {MLF_RESULT_OK, MLF_RESULT_UNSUPPORTED, MLF_RESULT_OK,
                            MLF_RESULT_ERROR, MLF_RESULT_OK};
  mlf_diff_outcome o;
  compare(v, st, 5, &o);
  assert_int_equal(agree_calls, 3);
  for (int i = 0; i < 5; i++) {
    assert_int_equal(o.pair[1][i], -1);
    assert_int_equal(o.pair[i][3], -1);
  }
  assert_int_equal(o.pair[0][4], MLF_CMP_OK);
  assert_true(o.all_agree);
  assert_int_equal(o.odd_one, -1);
}

static void test_majority_names_odd_one(void **state) {
  (void)state;
  mlf_diff_outcome o;
  double three[] = {1.0, 1.0, 2.0};
  compare(three, NULL, 3, &o);
  assert_int_equal(o.odd_one, 2);
  assert_false(o.all_agree);
  double first[] = {NAN, 3.0, 3.0, 3.0};
  compare(first, NULL, 4, &o);
  assert_int_equal(o.odd_one, 0);
  /* the odd one among the compared backends keeps its original index */
  double skip[] = {1.0, 7.0, 1.0, 5.0};
  mlf_result_status st[] = {MLF_RESULT_OK, MLF_RESULT_UNSUPPORTED, MLF_RESULT_OK, MLF_RESULT_OK};
  compare(skip, st, 4, &o);
  assert_int_equal(o.odd_one, 3);
}

static void test_no_majority(void **state) {
  (void)state;
  mlf_diff_outcome o;
  double two[] = {1.0, 2.0}; /* n = 2: nobody can be blamed */
  compare(two, NULL, 2, &o);
  assert_int_equal(o.pair[0][1], MLF_CMP_VALUE);
  assert_int_equal(o.odd_one, -1);
  double tie[] = {1.0, 1.0, 2.0, 2.0}; /* 2-2 tie */
  compare(tie, NULL, 4, &o);
  assert_int_equal(o.odd_one, -1);
  double all_differ[] = {1.0, 2.0, 3.0};
  compare(all_differ, NULL, 3, &o);
  assert_int_equal(o.odd_one, -1);
  double chain[] = {1.0, 1.08, 1.16}; /* 0~1, 1~2, but 0 !~ 2 */
  compare(chain, NULL, 3, &o);
  assert_int_equal(o.pair[0][2], MLF_CMP_VALUE);
  assert_int_equal(o.odd_one, -1);
  double partial[] = {1.0, 1.0, 1.0, 1.5, 1.45}; /* 3 disagrees with 0..2 but agrees with 4 */
  compare(partial, NULL, 5, &o);
  assert_int_equal(o.odd_one, -1);
  double two_ok[] = {1.0, 1.0, 2.0}; /* only 2 compared: no majority */
  mlf_result_status st[] = {MLF_RESULT_OK, MLF_RESULT_ERROR, MLF_RESULT_OK};
  compare(two_ok, st, 3, &o);
  assert_int_equal(o.odd_one, -1);
  assert_false(o.all_agree);
}

static void test_all_agree(void **state) {
  (void)state;
  mlf_diff_outcome o;
  double same[] = {1.0, 1.01, 0.99, 1.0};
  compare(same, NULL, 4, &o);
  assert_true(o.all_agree);
  assert_int_equal(o.odd_one, -1);
  compare(same, NULL, 1, &o);
  assert_true(o.all_agree);
  assert_int_equal(agree_calls, 0);
  compare(same, NULL, 0, &o);
  assert_int_equal(o.n, 0);
  assert_true(o.all_agree);
}

static void test_finding_tag(void **state) {
  (void)state;
  char buf[128];
  size_t n = mlf_finding_tag(buf, sizeof buf, "blas_gemm", "OpenBLAS", "sgemm",
                             mlf_cmp_kind_name(MLF_CMP_NAN));
  assert_string_equal(buf, "mlf:blas_gemm:openblas:sgemm:nan-mismatch");
  assert_int_equal(n, strlen(buf));
  mlf_finding_tag(buf, sizeof buf, "dl kernels", "oneDNN/avx2:jit", "Conv 2D!", "x.y-z_9");
  assert_string_equal(buf, "mlf:dl_kernels:onednn_avx2_jit:conv_2d_:x.y-z_9");
  mlf_finding_tag(buf, sizeof buf, NULL, "", "op", "kind");
  assert_string_equal(buf, "mlf:::op:kind");
  mlf_finding_tag(buf, sizeof buf, "t\xc3\xa9st", "b", "o", "k"); /* UTF-8 bytes too */
  assert_string_equal(buf, "mlf:t__st:b:o:k");
}

static void test_finding_tag_truncates(void **state) {
  (void)state;
  char buf[12];
  memset(buf, 'Z', sizeof buf);
  size_t n = mlf_finding_tag(buf, 10, "blas_gemm", "openblas", "sgemm", "ok");
  assert_int_equal(n, 9);
  assert_string_equal(buf, "mlf:blas_");
  assert_int_equal(buf[10], 'Z'); /* nothing written past len */
  assert_int_equal(mlf_finding_tag(buf, 1, "a", "b", "c", "d"), 0);
  assert_string_equal(buf, "");
  buf[0] = 'Q';
  assert_int_equal(mlf_finding_tag(buf, 0, "a", "b", "c", "d"), 0);
  assert_int_equal(buf[0], 'Q');
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pair_matrix),
      cmocka_unit_test(test_unsupported_and_error_skipped),
      cmocka_unit_test(test_majority_names_odd_one),
      cmocka_unit_test(test_no_majority),
      cmocka_unit_test(test_all_agree),
      cmocka_unit_test(test_finding_tag),
      cmocka_unit_test(test_finding_tag_truncates),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
