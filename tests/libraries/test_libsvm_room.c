/* The LIBSVM room (harnesses/libraries/libsvm): the libFuzzer variant's instrumented LIBSVM
 * 3.24 trains a C-SVC (RBF kernel, with probability estimates) on the tiny data set, fits it,
 * saves and loads it, and the loaded model predicts exactly what the trained one does; the
 * session silences training's log. Exact equality is justified: svm_save_model prints every
 * coefficient, rho, probA/probB and gamma with "%.17g" (round trip exact for a double) and
 * support vector values with "%.8g" (the tiny data's values are exact in 8 digits). The
 * installed binary (Debian's libsvm3, loaded apart with dlopen, whose symbols stay its own)
 * trains the same model file byte for byte: the room is built from the same upstream source
 * without Debian's patches, so this checks that findings confirmed against the binary concern
 * the same code. Both draw their cross-validation folds from libc's rand(), seeded alike. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <libsvm/svm.h>
#include "libraries/libsvm/mlf_libsvm_session.h"
#include "libraries/tiny_data.h"

/* Each point as a LIBSVM sparse row: index:value pairs from 1, ended by index -1. */
static struct svm_node rows[TINY_POINTS + TINY_FRESH][3];
static struct svm_node *row_of[TINY_POINTS + TINY_FRESH];

static void fill_rows(void) {
  for (int i = 0; i < TINY_POINTS + TINY_FRESH; i++) {
    const double *p = i < TINY_POINTS ? tiny_x[i] : tiny_fresh[i - TINY_POINTS];
    rows[i][0] = (struct svm_node){1, p[0]};
    rows[i][1] = (struct svm_node){2, p[1]};
    rows[i][2] = (struct svm_node){-1, 0};
    row_of[i] = rows[i];
  }
}

static struct svm_problem problem(void) {
  fill_rows();
  return (struct svm_problem){TINY_POINTS, (double *)tiny_y, row_of};
}

static struct svm_parameter c_svc(void) {
  return (struct svm_parameter){.svm_type = C_SVC, .kernel_type = RBF, .gamma = 0.5,
                                .cache_size = 1, .eps = 1e-3, .C = 1, .shrinking = 1,
                                .probability = 1};
}

static void train_and_free(void *unused) {
  (void)unused;
  struct svm_problem prob = problem();
  struct svm_parameter param = c_svc();
  struct svm_model *m = svm_train(&prob, &param);
  svm_free_and_destroy_model(&m);
}

static void test_session_silences_training(void **state) {
  (void)state;
  /* Before the session LIBSVM logs its optimisation on stdout, so the capture sees it. */
  assert_true(tiny_printed_bytes(STDOUT_FILENO, train_and_free, NULL) > 0);
  char identity[64];
  mlf_libsvm_open(identity, sizeof identity);
  assert_string_equal(identity, "LIBSVM 324");
  assert_int_equal(tiny_printed_bytes(STDOUT_FILENO, train_and_free, NULL), 0);
}

static void test_c_svc_round_trip(void **state) {
  (void)state;
  char identity[64];
  mlf_libsvm_open(identity, sizeof identity);
  struct svm_problem prob = problem();
  struct svm_parameter param = c_svc();
  assert_null(svm_check_parameter(&prob, &param));
  struct svm_model *trained = svm_train(&prob, &param);
  assert_non_null(trained);
  assert_int_equal(svm_get_nr_class(trained), 2);
  assert_int_equal(svm_check_probability_model(trained), 1);
  char path[64];
  tiny_scratch_file(path, sizeof path);
  assert_int_equal(svm_save_model(path, trained), 0);
  struct svm_model *loaded = svm_load_model(path);
  unlink(path);
  assert_non_null(loaded);
  for (int i = 0; i < TINY_POINTS + TINY_FRESH; i++) {
    double value_trained, value_loaded, prob_trained[2], prob_loaded[2];
    double label = svm_predict_values(trained, row_of[i], &value_trained);
    assert_true(label == svm_predict_values(loaded, row_of[i], &value_loaded));
    assert_memory_equal(&value_trained, &value_loaded, sizeof value_trained);
    assert_true(svm_predict_probability(trained, row_of[i], prob_trained) ==
                svm_predict_probability(loaded, row_of[i], prob_loaded));
    assert_memory_equal(prob_trained, prob_loaded, sizeof prob_trained);
    if (i < TINY_POINTS) assert_true(label == tiny_y[i]);  /* separable: every point fitted */
  }
  svm_free_and_destroy_model(&trained);
  svm_free_and_destroy_model(&loaded);
}

/* LIBSVM's calls that train a model and write its file: the room's, or the binary's. */
typedef struct {
  __typeof__(svm_set_print_string_function) *set_print;
  __typeof__(svm_train) *train;
  __typeof__(svm_save_model) *save;
  __typeof__(svm_free_and_destroy_model) *destroy;
} svm_calls;

static void discard(const char *line) { (void)line; }

/* The model file of the C-SVC trained on the tiny data, into text (NUL-terminated). */
static void model_file(const svm_calls *calls, char *text, size_t len) {
  struct svm_problem prob = problem();
  struct svm_parameter param = c_svc();
  calls->set_print(discard);
  srand(1);
  struct svm_model *m = calls->train(&prob, &param);
  char path[64];
  tiny_scratch_file(path, sizeof path);
  assert_int_equal(calls->save(path, m), 0);
  calls->destroy(&m);
  size_t n = tiny_take_file(path, text, len);
  assert_true(n > 0 && n < len - 1);
}

static void test_installed_binary_trains_the_same_model(void **state) {
  (void)state;
  void *debian = dlopen("libsvm.so.3", RTLD_NOW | RTLD_LOCAL);
  assert_non_null(debian);
  svm_calls binary = {tiny_symbol(debian, "svm_set_print_string_function"),
                      tiny_symbol(debian, "svm_train"), tiny_symbol(debian, "svm_save_model"),
                      tiny_symbol(debian, "svm_free_and_destroy_model")};
  svm_calls room = {svm_set_print_string_function, svm_train, svm_save_model,
                    svm_free_and_destroy_model};
  static char from_room[1 << 14], from_binary[1 << 14];
  model_file(&room, from_room, sizeof from_room);
  model_file(&binary, from_binary, sizeof from_binary);
  assert_string_equal(from_room, from_binary);
  dlclose(debian);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_session_silences_training),
      cmocka_unit_test(test_c_svc_round_trip),
      cmocka_unit_test(test_installed_binary_trains_the_same_model),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
