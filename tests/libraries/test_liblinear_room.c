/* The LIBLINEAR room (harnesses/libraries/liblinear): the libFuzzer variant's instrumented
 * LIBLINEAR 2.3 trains L2-regularised logistic regression (L2R_LR, with a bias feature) on the
 * tiny data set, fits it, saves and loads it, and the loaded model predicts exactly what the
 * trained one does (labels, decision values, probabilities); the session silences training's
 * log. Exact equality is justified: save_model prints every weight and the bias with "%.17g",
 * which a double survives exactly. The installed binary (Debian's liblinear4, loaded apart with
 * dlopen, whose symbols stay its own; it calls the same libblas.so.3) trains the same model file
 * byte for byte: the room is built from the same upstream source without Debian's patches, so
 * this checks that findings confirmed against the binary concern the same code. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <linear.h>
#include "libraries/liblinear/mlf_liblinear_session.h"
#include "libraries/tiny_data.h"

#define BIAS 1.0

/* Each point as a LIBLINEAR sparse row: index:value pairs from 1, the bias feature (index 3,
 * value BIAS, as problem.bias asks), ended by index -1. */
static struct feature_node rows[TINY_POINTS + TINY_FRESH][4];
static struct feature_node *row_of[TINY_POINTS + TINY_FRESH];

static struct problem tiny_problem(void) {
  for (int i = 0; i < TINY_POINTS + TINY_FRESH; i++) {
    const double *p = i < TINY_POINTS ? tiny_x[i] : tiny_fresh[i - TINY_POINTS];
    rows[i][0] = (struct feature_node){1, p[0]};
    rows[i][1] = (struct feature_node){2, p[1]};
    rows[i][2] = (struct feature_node){3, BIAS};
    rows[i][3] = (struct feature_node){-1, 0};
    row_of[i] = rows[i];
  }
  return (struct problem){.l = TINY_POINTS, .n = 3, .y = (double *)tiny_y, .x = row_of,
                          .bias = BIAS};
}

static struct parameter logistic(void) {
  return (struct parameter){.solver_type = L2R_LR, .eps = 0.01, .C = 1, .p = 0.1};
}

static void train_and_free(void *unused) {
  (void)unused;
  struct problem prob = tiny_problem();
  struct parameter param = logistic();
  struct model *m = train(&prob, &param);
  free_and_destroy_model(&m);
}

static void test_session_silences_training(void **state) {
  (void)state;
  /* Before the session LIBLINEAR logs its iterations on stdout, so the capture sees it. */
  assert_true(tiny_printed_bytes(STDOUT_FILENO, train_and_free, NULL) > 0);
  char identity[64];
  mlf_liblinear_open(identity, sizeof identity);
  assert_string_equal(identity, "LIBLINEAR 230");
  assert_int_equal(tiny_printed_bytes(STDOUT_FILENO, train_and_free, NULL), 0);
}

static void test_logistic_round_trip(void **state) {
  (void)state;
  char identity[64];
  mlf_liblinear_open(identity, sizeof identity);
  struct problem prob = tiny_problem();
  struct parameter param = logistic();
  assert_null(check_parameter(&prob, &param));
  struct model *trained = train(&prob, &param);
  assert_non_null(trained);
  assert_int_equal(get_nr_class(trained), 2);
  assert_int_equal(check_probability_model(trained), 1);
  char path[64];
  tiny_scratch_file(path, sizeof path);
  assert_int_equal(save_model(path, trained), 0);
  struct model *loaded = load_model(path);
  unlink(path);
  assert_non_null(loaded);
  for (int i = 0; i < TINY_POINTS + TINY_FRESH; i++) {
    double value_trained, value_loaded, prob_trained[2], prob_loaded[2];
    double label = predict_values(trained, row_of[i], &value_trained);
    assert_true(label == predict_values(loaded, row_of[i], &value_loaded));
    assert_memory_equal(&value_trained, &value_loaded, sizeof value_trained);
    assert_true(predict_probability(trained, row_of[i], prob_trained) ==
                predict_probability(loaded, row_of[i], prob_loaded));
    assert_memory_equal(prob_trained, prob_loaded, sizeof prob_trained);
    if (i < TINY_POINTS) assert_true(label == tiny_y[i]);  /* separable: every point fitted */
  }
  free_and_destroy_model(&trained);
  free_and_destroy_model(&loaded);
}

/* LIBLINEAR's calls that train a model and write its file: the room's, or the binary's. */
typedef struct {
  __typeof__(set_print_string_function) *set_print;
  __typeof__(train) *train;
  __typeof__(save_model) *save;
  __typeof__(free_and_destroy_model) *destroy;
} linear_calls;

static void discard(const char *line) { (void)line; }

/* The model file of the logistic regression trained on the tiny data, into text
 * (NUL-terminated). */
static void model_file(const linear_calls *calls, char *text, size_t len) {
  struct problem prob = tiny_problem();
  struct parameter param = logistic();
  calls->set_print(discard);
  struct model *m = calls->train(&prob, &param);
  char path[64];
  tiny_scratch_file(path, sizeof path);
  assert_int_equal(calls->save(path, m), 0);
  calls->destroy(&m);
  size_t n = tiny_take_file(path, text, len);
  assert_true(n > 0 && n < len - 1);
}

static void test_installed_binary_trains_the_same_model(void **state) {
  (void)state;
  void *debian = dlopen("liblinear.so.4", RTLD_NOW | RTLD_LOCAL);
  assert_non_null(debian);
  linear_calls binary = {tiny_symbol(debian, "set_print_string_function"),
                         tiny_symbol(debian, "train"), tiny_symbol(debian, "save_model"),
                         tiny_symbol(debian, "free_and_destroy_model")};
  linear_calls room = {set_print_string_function, train, save_model, free_and_destroy_model};
  static char from_room[1 << 12], from_binary[1 << 12];
  model_file(&room, from_room, sizeof from_room);
  model_file(&binary, from_binary, sizeof from_binary);
  assert_string_equal(from_room, from_binary);
  dlclose(debian);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_session_silences_training),
      cmocka_unit_test(test_logistic_round_trip),
      cmocka_unit_test(test_installed_binary_trains_the_same_model),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
