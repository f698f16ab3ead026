/* The FANN target's oracles over training data (@check functions of annotations/fann.h, group
 * "Training Data Manipulation" of fann_train.h): copies, subsets and merges hold the same values
 * bit for bit, a shuffle is a permutation of the patterns, scaling lands in the asked range in
 * order, and a saved file reads back within the precision the saver prints. Each oracle frees
 * the training data the call returned. */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/fann.h"

/* Pattern i of a (inputs then outputs) equals pattern j of b bit for bit. */
static int same_pattern(const struct fann_train_data *a, unsigned int i, const struct fann_train_data *b,
                        unsigned int j) {
  return !memcmp(a->input[i], b->input[j], a->num_input * sizeof(fann_type)) &&
         !memcmp(a->output[i], b->output[j], a->num_output * sizeof(fann_type));
}

/* got holds count patterns equal to want's patterns from first on, and want's shape (kind
 * contents); 0 when it does. */
static int holds_patterns(at_ctx *ctx, const char *what, const struct fann_train_data *got,
                          const struct fann_train_data *want, unsigned int first, unsigned int count,
                          unsigned int got_first) {
  if (got->num_input != want->num_input || got->num_output != want->num_output) {
    at_property_failed(ctx, "contents", "%s: %u inputs and %u outputs, expected %u and %u", what, got->num_input,
                       got->num_output, want->num_input, want->num_output);
    return -1;
  }
  for (unsigned int k = 0; k < count; k++)
    if (!same_pattern(got, got_first + k, want, first + k)) {
      at_property_failed(ctx, "contents", "%s: pattern %u differs from pattern %u of the source", what, got_first + k,
                         first + k);
      return -1;
    }
  return 0;
}

void annotest_check_fann_duplicate_train_data(at_ctx *ctx, struct fann_train_data *ret, struct fann_train_data *data,
                                              struct fann_train_data *data0) {
  if (!ret) return;
  if (ret->num_data != data0->num_data)
    at_property_failed(ctx, "contents", "the copy has %u patterns of %u", ret->num_data, data0->num_data);
  else if (!holds_patterns(ctx, "the copy", ret, data0, 0, data0->num_data, 0) && ret->num_data &&
           (ret->input[0] == data->input[0] || ret->output[0] == data->output[0]))
    at_property_failed(ctx, "contents", "the copy shares its values with the source");
  fann_destroy_train(ret);
}

void annotest_check_fann_merge_train_data(at_ctx *ctx, struct fann_train_data *ret, struct fann_train_data *data1,
                                          struct fann_train_data *data2, struct fann_train_data *data10,
                                          struct fann_train_data *data20) {
  (void)data1, (void)data2;
  if (!ret) return;
  if (ret->num_data != data10->num_data + data20->num_data)
    at_property_failed(ctx, "contents", "the merge has %u patterns, %u + %u merged", ret->num_data, data10->num_data,
                       data20->num_data);
  else if (!holds_patterns(ctx, "the merge's first part", ret, data10, 0, data10->num_data, 0))
    holds_patterns(ctx, "the merge's second part", ret, data20, 0, data20->num_data, data10->num_data);
  fann_destroy_train(ret);
}

void annotest_check_fann_subset_train_data(at_ctx *ctx, struct fann_train_data *ret, struct fann_train_data *data,
                                           unsigned int pos, unsigned int length, struct fann_train_data *data0,
                                           unsigned int pos0, unsigned int length0) {
  (void)data, (void)pos0, (void)length0;
  if (!ret) return;
  if (ret->num_data != length)
    at_property_failed(ctx, "contents", "the subset at %u has %u patterns, %u asked", pos, ret->num_data, length);
  else
    holds_patterns(ctx, "the subset", ret, data0, pos, length, 0);
  fann_destroy_train(ret);
}

/* Orders pattern indices by their bytes (qsort_r-free: the data being compared is a global). */
static const struct fann_train_data *sorting;
static int pattern_order(const void *a, const void *b) {
  unsigned int i = *(const unsigned int *)a, j = *(const unsigned int *)b;
  int c = memcmp(sorting->input[i], sorting->input[j], sorting->num_input * sizeof(fann_type));
  return c ? c : memcmp(sorting->output[i], sorting->output[j], sorting->num_output * sizeof(fann_type));
}

/* The patterns of data sorted by their bytes, as indices (free them). */
static unsigned int *sorted_patterns(const struct fann_train_data *data) {
  unsigned int *order = malloc((data->num_data + 1) * sizeof *order);
  for (unsigned int i = 0; order && i < data->num_data; i++) order[i] = i;
  sorting = data;
  if (order) qsort(order, data->num_data, sizeof *order, pattern_order);
  return order;
}

/* "Shuffles training data, randomizing the order": the multiset of patterns (each input row
 * with its output row) is unchanged. */
void annotest_check_fann_shuffle_train_data(at_ctx *ctx, struct fann_train_data *data, struct fann_train_data *data0) {
  unsigned int *after = sorted_patterns(data), *before = sorted_patterns(data0);
  for (unsigned int k = 0; after && before && k < data->num_data; k++)
    if (!same_pattern(data, after[k], data0, before[k])) {
      at_property_failed(ctx, "permutation", "after the shuffle the %u patterns are not a permutation of those before "
                         "(sorted position %u differs)", data->num_data, k);
      break;
    }
  free(after), free(before);
}

static void same_count(at_ctx *ctx, const char *what, unsigned int ret, unsigned int want) {
  if (ret != want) at_property_failed(ctx, "count", "%s %u, the data hold %u", what, ret, want);
}

void annotest_check_fann_length_train_data(at_ctx *ctx, unsigned int ret, struct fann_train_data *data,
                                           struct fann_train_data *data0) {
  (void)data;
  same_count(ctx, "fann_length_train_data", ret, data0->num_data);
}

void annotest_check_fann_num_input_train_data(at_ctx *ctx, unsigned int ret, struct fann_train_data *data,
                                              struct fann_train_data *data0) {
  (void)data;
  same_count(ctx, "fann_num_input_train_data", ret, data0->num_input);
}

void annotest_check_fann_num_output_train_data(at_ctx *ctx, unsigned int ret, struct fann_train_data *data,
                                               struct fann_train_data *data0) {
  (void)data;
  same_count(ctx, "fann_num_output_train_data", ret, data0->num_output);
}

/* "Creates an empty training data struct": num_data rows of num_input inputs and num_output
 * outputs, each cell writable (the sanitizers see a short buffer), freed by fann_destroy_train. */
void annotest_check_fann_create_train(at_ctx *ctx, struct fann_train_data *ret, unsigned int num_data,
                                      unsigned int num_input, unsigned int num_output, unsigned int num_data0,
                                      unsigned int num_input0, unsigned int num_output0) {
  (void)num_data0, (void)num_input0, (void)num_output0;
  if (!ret) return;
  if (ret->num_data != num_data || ret->num_input != num_input || ret->num_output != num_output)
    at_property_failed(ctx, "count", "fann_create_train(%u, %u, %u) made %u x (%u, %u)", num_data, num_input,
                       num_output, ret->num_data, ret->num_input, ret->num_output);
  for (unsigned int i = 0; i < ret->num_data; i++) {
    for (unsigned int j = 0; j < ret->num_input; j++) ret->input[i][j] = (fann_type)j;
    for (unsigned int j = 0; j < ret->num_output; j++) ret->output[i][j] = (fann_type)j;
  }
  fann_destroy_train(ret);
}

/* The largest difference between a value x fann_save_train writes and what
 * fann_read_train_from_file reads back: the saver prints "%f" (6 decimals: off by at most 5e-7,
 * plus the double rounding of x's exact decimal expansion, far below) or, when x * 1e6 rounds
 * to a multiple of 1e6, "%d" of (int)x (fann_train_data.c, fann_save_train_internal_fd); the
 * reader's "%f" (floatfann.h FANNSCANF) rounds the decimal to the nearest float, off by at most
 * half an ulp, 2^-24 of the magnitude. So |read - x| <= 5e-7 + 2^-24 (|x| + 5e-7). The "%d"
 * branch is exact only when x is within 5e-7 above an integer (toward zero for negatives):
 * (int) truncates. */
static double saved_value_bound(double x) { return 5e-7 + ldexp(fabs(x) + 5e-7, -24); }

/* read holds want's shape and values within saved_value_bound (kind round-trip). */
static void read_back_matches(at_ctx *ctx, const char *file, const struct fann_train_data *read,
                              const struct fann_train_data *want) {
  if (read->num_data != want->num_data || read->num_input != want->num_input || read->num_output != want->num_output) {
    at_property_failed(ctx, "round-trip", "%s reads back as %u x (%u, %u), saved %u x (%u, %u)", file, read->num_data,
                       read->num_input, read->num_output, want->num_data, want->num_input, want->num_output);
    return;
  }
  for (unsigned int i = 0; i < want->num_data; i++)
    for (unsigned int j = 0; j < want->num_input + want->num_output; j++) {
      int is_input = j < want->num_input;
      unsigned int c = is_input ? j : j - want->num_input;
      double x = is_input ? want->input[i][c] : want->output[i][c], r = is_input ? read->input[i][c] : read->output[i][c];
      if (!(fabs(r - x) <= saved_value_bound(x))) {
        at_property_failed(ctx, "round-trip", "%s: pattern %u %s %u saved as %.9g reads back as %.9g (bound %.3g)", file,
                           i, is_input ? "input" : "output", c, x, r, saved_value_bound(x));
        return;
      }
    }
}

void annotest_check_fann_read_train_from_file(at_ctx *ctx, struct fann_train_data *ret, const char *filename,
                                              const char *filename0) {
  (void)filename0;
  const annotest_model_file *file = (const annotest_model_file *)filename;
  if (!ret) return;
  if (file->source) read_back_matches(ctx, filename, ret, file->source);
  fann_destroy_train(ret);
}

void annotest_check_fann_save_train(at_ctx *ctx, int ret, struct fann_train_data *data, const char *filename,
                                    struct fann_train_data *data0, const char *filename0) {
  (void)data, (void)filename0;
  if (ret != 0) return;
  struct fann_train_data *read = fann_read_train_from_file(filename);
  if (!read) {
    at_property_failed(ctx, "round-trip", "the file fann_save_train wrote does not read back (%s)", filename);
    return;
  }
  read_back_matches(ctx, filename, read, data0);
  fann_destroy_train(read);
}

/* fann_save_train_to_fixed writes "%u %u %u" (patterns, inputs, outputs) and then every value
 * x as "%d" of (int)(x * 2^decimal_point) (fann_train_data.c): a float times a power of two is
 * exact, so each integer must equal trunc(ldexp(x, decimal_point)) exactly (kind fixed-file). */
void annotest_check_fann_save_train_to_fixed(at_ctx *ctx, int ret, struct fann_train_data *data, const char *filename,
                                             unsigned int decimal_point, struct fann_train_data *data0,
                                             const char *filename0, unsigned int decimal_point0) {
  (void)data, (void)filename0, (void)decimal_point0;
  if (ret != 0) return;
  FILE *f = fopen(filename, "r");
  unsigned int n, ni, no;
  if (!f || fscanf(f, "%u %u %u", &n, &ni, &no) != 3 || n != data0->num_data || ni != data0->num_input ||
      no != data0->num_output) {
    at_property_failed(ctx, "fixed-file", "%s: the header is not \"%u %u %u\"", filename, data0->num_data,
                       data0->num_input, data0->num_output);
    if (f) fclose(f);
    return;
  }
  for (unsigned int i = 0; i < n; i++)
    for (unsigned int j = 0; j < ni + no; j++) {
      double x = j < ni ? data0->input[i][j] : data0->output[i][j - ni], want = trunc(ldexp(x, (int)decimal_point));
      long long v;
      if (fscanf(f, "%lld", &v) != 1 || (double)v != want) {
        at_property_failed(ctx, "fixed-file", "%s: pattern %u value %u (%.9g, decimal point %u) is not %.0f", filename,
                           i, j, x, decimal_point, want);
        fclose(f);
        return;
      }
    }
  fclose(f);
}

/* "Scales ... to the specified range": every scaled value lies in [new_min, new_max], the order
 * of the values is kept (fann_scale_data maps x to (x - old_min) * factor + new_min, clamped,
 * each step monotone in float), and the smallest value becomes new_min exactly ((old_min -
 * old_min) * factor = 0) (kind range). */
static void scaled_in_order(at_ctx *ctx, const char *what, fann_type *const *after, fann_type *const *before,
                            unsigned int n, unsigned int width, fann_type new_min, fann_type new_max) {
  unsigned int lo = 0;
  for (unsigned int k = 0; k < n * width; k++) {
    fann_type y = after[k / width][k % width], x = before[k / width][k % width];
    if (!(y >= new_min && y <= new_max)) {
      at_property_failed(ctx, "range", "%s %u (%.9g) scaled to %.9g, outside [%.9g, %.9g]", what, k, x, y, new_min,
                         new_max);
      return;
    }
    if (x < before[lo / width][lo % width]) lo = k;
    for (unsigned int m = 0; m < k; m++) {
      fann_type xm = before[m / width][m % width], ym = after[m / width][m % width];
      if ((xm < x && ym > y) || (xm > x && ym < y)) {
        at_property_failed(ctx, "range", "%s %u and %u (%.9g, %.9g) change order when scaled (%.9g, %.9g)", what, m, k,
                           xm, x, ym, y);
        return;
      }
    }
  }
  if (after[lo / width][lo % width] != new_min)
    at_property_failed(ctx, "range", "the smallest %s (%.9g) scaled to %.9g, not new_min %.9g", what,
                       before[lo / width][lo % width], after[lo / width][lo % width], new_min);
}

void annotest_check_fann_scale_input_train_data(at_ctx *ctx, struct fann_train_data *data, fann_type new_min,
                                                fann_type new_max, struct fann_train_data *data0, fann_type new_min0,
                                                fann_type new_max0) {
  (void)new_min0, (void)new_max0;
  scaled_in_order(ctx, "input", data->input, data0->input, data->num_data, data->num_input, new_min, new_max);
  if (memcmp(data->output[0], data0->output[0], data->num_data * data->num_output * sizeof(fann_type)))
    at_property_failed(ctx, "range", "fann_scale_input_train_data changed the outputs");
}

void annotest_check_fann_scale_output_train_data(at_ctx *ctx, struct fann_train_data *data, fann_type new_min,
                                                 fann_type new_max, struct fann_train_data *data0,
                                                 fann_type new_min0, fann_type new_max0) {
  (void)new_min0, (void)new_max0;
  scaled_in_order(ctx, "output", data->output, data0->output, data->num_data, data->num_output, new_min, new_max);
  if (memcmp(data->input[0], data0->input[0], data->num_data * data->num_input * sizeof(fann_type)))
    at_property_failed(ctx, "range", "fann_scale_output_train_data changed the inputs");
}

void annotest_check_fann_scale_train_data(at_ctx *ctx, struct fann_train_data *data, fann_type new_min,
                                          fann_type new_max, struct fann_train_data *data0, fann_type new_min0,
                                          fann_type new_max0) {
  (void)new_min0, (void)new_max0;
  scaled_in_order(ctx, "input", data->input, data0->input, data->num_data, data->num_input, new_min, new_max);
  scaled_in_order(ctx, "output", data->output, data0->output, data->num_data, data->num_output, new_min, new_max);
}
