/* The XGBoost target's oracles for DMatrix construction, parameters, training, slicing,
 * attributes and model I/O (@check functions of annotations/xgboost.h). Every comparison is
 * exact: a DMatrix stores the floats it is given, and XGBoost's model formats store every
 * float's bits (binary, UBJSON) or print them with to_chars, which "guarantees roundtrip
 * reproducibility" (src/common/charconv.h), so save(load(m)) must reproduce m byte for byte
 * and the loaded model must predict bit for bit what m does. Each check also frees what the
 * call created (a DMatrix or booster handed out through out). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "annotations/xgboost.h"
#include "annotest_model_files.h"

/* ---- DMatrix ------------------------------------------------------------------------------ */

/* The matrix's shape and non-missing count against the expected ones; 0 when they agree. */
static int check_shape(at_ctx *ctx, DMatrixHandle m, bst_ulong rows, bst_ulong cols, bst_ulong present) {
  bst_ulong r = 0, c = 0, p = 0;
  if (XGDMatrixNumRow(m, &r) != 0 || XGDMatrixNumCol(m, &c) != 0 || XGDMatrixNumNonMissing(m, &p) != 0) {
    at_property_failed(ctx, "documented-error", "querying the new DMatrix failed: %s", XGBGetLastError());
    return -1;
  }
  if (r != rows || c != cols || p != present) {
    at_property_failed(ctx, "shape", "the DMatrix has %llu rows, %llu columns, %llu present values; expected %llu, %llu, "
                       "%llu", (unsigned long long)r, (unsigned long long)c, (unsigned long long)p,
                       (unsigned long long)rows, (unsigned long long)cols, (unsigned long long)present);
    return -1;
  }
  return 0;
}

/* The matrix's entries as CSR (XGDMatrixGetDataAsCSR; the caller frees the three arrays). */
static int entries(DMatrixHandle m, bst_ulong **indptr, unsigned **indices, float **values) {
  bst_ulong rows = 0, present = 0;
  if (XGDMatrixNumRow(m, &rows) != 0 || XGDMatrixNumNonMissing(m, &present) != 0) return -1;
  *indptr = malloc((size_t)(rows + 1) * sizeof **indptr);
  *indices = malloc((size_t)(present + 1) * sizeof **indices);
  *values = malloc((size_t)(present + 1) * sizeof **values);
  if (*indptr && *indices && *values && XGDMatrixGetDataAsCSR(m, "{}", *indptr, *indices, *values) == 0) return 0;
  free(*indptr), free(*indices), free(*values);
  return -1;
}

/* Entry by entry against a pattern (entry (i, j) present with value value(i, j) in row-major
 * order of the input): csc swaps the roles of the pointer array's lines. */
static void check_entries(at_ctx *ctx, DMatrixHandle m, const size_t *ptr, const unsigned *idx, const float *data,
                          size_t lines, size_t rows, int csc) {
  bst_ulong *indptr;
  unsigned *indices;
  float *values;
  if (entries(m, &indptr, &indices, &values) != 0) {
    at_property_failed(ctx, "documented-error", "XGDMatrixGetDataAsCSR failed: %s", XGBGetLastError());
    return;
  }
  size_t k = 0, bad = 0;
  for (size_t r = 0; r < rows && !bad; r++) /* walk the expected entries in row-major order */
    for (size_t line = 0; line < lines && !bad; line++)
      for (size_t e = ptr[line]; e < ptr[line + 1]; e++) {
        size_t row = csc ? idx[e] : line, col = csc ? line : idx[e];
        if (row != r) continue;
        if (k >= indptr[rows] || indices[k] != col || memcmp(&values[k], &data[e], sizeof(float)) != 0 ||
            k < indptr[r] || k >= indptr[r + 1]) {
          at_property_failed(ctx, "entries", "entry (%zu, %zu) = %g given, read back as (%u) = %g at position %zu",
                             row, col, (double)data[e], k < indptr[rows] ? indices[k] : 0u,
                             k < indptr[rows] ? (double)values[k] : 0.0, k);
          bad = 1;
          break;
        }
        k++;
      }
  free(indptr), free(indices), free(values);
}

static void release_matrix(DMatrixHandle *out) {
  if (*out) XGDMatrixFree(*out);
  *out = NULL;
}

void annotest_check_dmatrix_from_mat(at_ctx *ctx, int ret, const float *data, bst_ulong nrow, bst_ulong ncol,
                                     float missing, DMatrixHandle *out, const float *data0, bst_ulong nrow0,
                                     bst_ulong ncol0, float missing0, DMatrixHandle *out0) {
  (void)data0, (void)nrow0, (void)ncol0, (void)missing0, (void)out0;
  if (ret == 0) {
    bst_ulong present = 0; /* NaN is missing whatever missing is (data/adapter.h IsValidFunctor) */
    for (bst_ulong k = 0; k < nrow * ncol; k++) present += !isnan(data[k]) && data[k] != missing;
    check_shape(ctx, *out, nrow, ncol, present);
  }
  release_matrix(out);
}

void annotest_check_dmatrix_from_csr(at_ctx *ctx, int ret, const size_t *indptr, const unsigned *indices,
                                     const float *data, size_t nindptr, size_t nelem, size_t num_col,
                                     DMatrixHandle *out, const size_t *indptr0, const unsigned *indices0,
                                     const float *data0, size_t nindptr0, size_t nelem0, size_t num_col0,
                                     DMatrixHandle *out0) {
  (void)indptr0, (void)indices0, (void)data0, (void)nindptr0, (void)nelem0, (void)num_col0, (void)out0;
  if (ret == 0 && check_shape(ctx, *out, nindptr - 1, num_col, nelem) == 0)
    check_entries(ctx, *out, indptr, indices, data, nindptr - 1, nindptr - 1, 0);
  release_matrix(out);
}

void annotest_check_dmatrix_from_csc(at_ctx *ctx, int ret, const size_t *col_ptr, const unsigned *indices,
                                     const float *data, size_t nindptr, size_t nelem, size_t num_row,
                                     DMatrixHandle *out, const size_t *col_ptr0, const unsigned *indices0,
                                     const float *data0, size_t nindptr0, size_t nelem0, size_t num_row0,
                                     DMatrixHandle *out0) {
  (void)col_ptr0, (void)indices0, (void)data0, (void)nindptr0, (void)nelem0, (void)num_row0, (void)out0;
  if (ret == 0 && check_shape(ctx, *out, num_row, nindptr - 1, nelem) == 0)
    check_entries(ctx, *out, col_ptr, indices, data, nindptr - 1, num_row, 1);
  release_matrix(out);
}

/* The file's rows, its columns up to the largest index present, every value and label. */
void annotest_check_dmatrix_from_file(at_ctx *ctx, int ret, const char *fname, int silent, DMatrixHandle *out,
                                      const char *fname0, int silent0, DMatrixHandle *out0) {
  (void)silent, (void)fname0, (void)silent0, (void)out0;
  const annotest_xgb_saved_t *file = annotest_xgb_saved_of(fname);
  if (ret == 0) {
    bst_ulong cols = 0, present = 0;
    for (long long i = 0; i < file->nrow; i++)
      for (long long j = 0; j < file->ncol; j++)
        if (annotest_xgb_pattern_has(file->seed, (size_t)i, (size_t)j)) present++, cols = cols > (bst_ulong)j + 1 ? cols : (bst_ulong)j + 1;
    bst_ulong len = 0;
    const float *labels = NULL;
    if (check_shape(ctx, *out, (bst_ulong)file->nrow, cols, present) == 0 &&
        (XGDMatrixGetFloatInfo(*out, "label", &len, &labels) != 0 || len != (bst_ulong)file->nrow ||
         memcmp(labels, file->labels, (size_t)len * sizeof *labels) != 0))
      at_property_failed(ctx, "labels", "the %lld labels written to %s read back differently (%llu labels)", file->nrow,
                         fname, (unsigned long long)len);
  }
  release_matrix(out);
}

void annotest_check_set_float_info(at_ctx *ctx, int ret, DMatrixHandle handle, const char *field, const float *array,
                                   bst_ulong len, DMatrixHandle handle0, const char *field0, const float *array0,
                                   bst_ulong len0) {
  (void)handle0, (void)field0, (void)array0, (void)len0;
  bst_ulong n = 0;
  const float *got = NULL;
  if (ret != 0) return;
  if (XGDMatrixGetFloatInfo(handle, field, &n, &got) != 0 || n != len ||
      memcmp(got, array, (size_t)len * sizeof *got) != 0)
    at_property_failed(ctx, "info", "%s: %llu values set, XGDMatrixGetFloatInfo gives %llu%s", field,
                       (unsigned long long)len, (unsigned long long)n, n == len ? " different ones" : "");
}

/* The slice holds rows idxset of the matrix, in that order, with their labels. */
void annotest_check_slice_dmatrix(at_ctx *ctx, int ret, DMatrixHandle handle, const int *idxset, bst_ulong len,
                                  DMatrixHandle *out, DMatrixHandle handle0, const int *idxset0, bst_ulong len0,
                                  DMatrixHandle *out0) {
  (void)handle0, (void)idxset0, (void)len0, (void)out0;
  bst_ulong cols = 0, n = 0, m = 0, *ip = NULL, *sp = NULL;
  unsigned *ii = NULL, *si = NULL;
  float *iv = NULL, *sv = NULL;
  const float *labels = NULL, *slice_labels = NULL;
  if (ret != 0) goto done;
  XGDMatrixNumCol(handle, &cols);
  if (entries(handle, &ip, &ii, &iv) != 0 || entries(*out, &sp, &si, &sv) != 0) {
    at_property_failed(ctx, "documented-error", "reading the matrices back failed: %s", XGBGetLastError());
    goto done;
  }
  bst_ulong rows = 0;
  XGDMatrixNumRow(*out, &rows);
  if (rows != len) {
    at_property_failed(ctx, "shape", "a slice of %llu indices has %llu rows", (unsigned long long)len, (unsigned long long)rows);
    goto done;
  }
  for (bst_ulong k = 0; k < len; k++) {
    bst_ulong r = (bst_ulong)idxset[k], w = ip[r + 1] - ip[r];
    if (sp[k + 1] - sp[k] != w || memcmp(&ii[ip[r]], &si[sp[k]], w * sizeof *ii) != 0 ||
        memcmp(&iv[ip[r]], &sv[sp[k]], w * sizeof *iv) != 0) {
      at_property_failed(ctx, "slice", "row %llu of the slice is not row %d of the matrix", (unsigned long long)k, idxset[k]);
      goto done;
    }
  }
  if (XGDMatrixGetFloatInfo(handle, "label", &n, &labels) != 0 || XGDMatrixGetFloatInfo(*out, "label", &m, &slice_labels) != 0 ||
      m != len) {
    at_property_failed(ctx, "slice", "the slice has %llu labels for %llu rows", (unsigned long long)m, (unsigned long long)len);
    goto done;
  }
  for (bst_ulong k = 0; k < len; k++)
    if (memcmp(&slice_labels[k], &labels[idxset[k]], sizeof(float)) != 0) {
      at_property_failed(ctx, "slice", "label %llu of the slice is %g, row %d's is %g", (unsigned long long)k,
                         (double)slice_labels[k], idxset[k], (double)labels[idxset[k]]);
      break;
    }
done:
  free(ip), free(ii), free(iv), free(sp), free(si), free(sv);
  release_matrix(out);
}

/* ---- boosters ----------------------------------------------------------------------------- */

static void release_booster(BoosterHandle *out) {
  if (*out) XGBoosterFree(*out);
  *out = NULL;
}

static int boosted_rounds(BoosterHandle b) {
  int n = -1;
  return XGBoosterBoostedRounds(b, &n) == 0 ? n : -1;
}

void annotest_check_booster_create(at_ctx *ctx, int ret, const DMatrixHandle *dmats, bst_ulong len, BoosterHandle *out,
                                   const DMatrixHandle *dmats0, bst_ulong len0, BoosterHandle *out0) {
  (void)dmats, (void)len, (void)dmats0, (void)len0, (void)out0;
  /* Only with a matrix: a booster without one cannot be configured ("0 feature is supplied",
   * learner.cc), which XGBoosterBoostedRounds does first. */
  int rounds = ret == 0 && len > 0 ? boosted_rounds(*out) : 0;
  if (rounds < 0)
    at_property_failed(ctx, "documented-error", "XGBoosterBoostedRounds of the new booster failed: %s", XGBGetLastError());
  else if (rounds != 0)
    at_property_failed(ctx, "rounds", "a new booster has boosted %d rounds", rounds);
  release_booster(out);
}

/* A documented parameter value must let the booster train: one round after the call. A new
 * objective gets labels valid for it and, for multi:*, the num_class it requires; leaving multi:*
 * puts num_class back to its default 0 (parameters: num_class is what multi:* needs; kept at 3 it
 * makes squared error predict 3 values per row, "Invalid shape of labels": an oracle bug the
 * third campaign found). */
void annotest_check_set_param(at_ctx *ctx, int ret, BoosterHandle handle, const char *name, const char *value,
                              BoosterHandle handle0, const char *name0, const char *value0) {
  (void)handle0, (void)name0, (void)value0;
  const annotest_xgb_booster_info *info = annotest_xgb_info(handle);
  if (ret != 0 || !info) return;
  annotest_xgb_params_t params = info->params;
  if (strcmp(name, "objective") == 0) {
    params.objective = value;
    char n[24];
    snprintf(n, sizeof n, "%lld", params.num_class);
    if (annotest_xgb_relabel(info, &params) != 0 ||
        XGBoosterSetParam(handle, "num_class", annotest_xgb_is_multiclass(value) ? n : "0") != 0) {
      at_property_failed(ctx, "documented-error", "relabelling for objective %s failed: %s", value, XGBGetLastError());
      return;
    }
  }
  if (strcmp(name, "tree_method") == 0) params.tree_method = value;
  if (annotest_xgb_exact_without_values(&params, info->train) &&
      !at_known(ctx, "colmaker-no-present-value", "the exact tree method on a matrix without any present value"))
    return;
  if (XGBoosterUpdateOneIter(handle, 0, info->train) != 0)
    at_property_failed(ctx, "train-after-param", "%s = %s accepted, then a round of training failed: %s", name, value,
                       XGBGetLastError());
}

void annotest_check_update_one_iter(at_ctx *ctx, int ret, BoosterHandle handle, int iter, DMatrixHandle dtrain,
                                    BoosterHandle handle0, int iter0, DMatrixHandle dtrain0) {
  (void)iter, (void)dtrain, (void)iter0, (void)dtrain0;
  int after = boosted_rounds(handle), before = boosted_rounds(handle0);
  if (ret == 0 && after != before + 1)
    at_property_failed(ctx, "rounds", "one round of training took the booster from %d to %d rounds", before, after);
}

/* Layers begin, begin + step, ... below end; step 1 and the whole range predicts what the
 * booster does, other ranges what the booster does over [begin, end) (same trees, same order). */
void annotest_check_booster_slice(at_ctx *ctx, int ret, BoosterHandle handle, int begin_layer, int end_layer, int step,
                                  BoosterHandle *out, BoosterHandle handle0, int begin_layer0, int end_layer0,
                                  int step0, BoosterHandle *out0) {
  (void)handle0, (void)begin_layer0, (void)end_layer0, (void)step0, (void)out0;
  int want = (end_layer - begin_layer + step - 1) / step;
  if (ret == 0 && boosted_rounds(*out) != want)
    at_property_failed(ctx, "rounds", "slice [%d, %d) step %d has %d rounds, expected %d", begin_layer, end_layer, step,
                       boosted_rounds(*out), want);
  else if (ret == 0 && begin_layer == 0 && end_layer == boosted_rounds(handle) && step == 1)
    annotest_xgb_same_predictions(ctx, handle, *out, annotest_xgb_training_matrix(handle), "the slice [0, rounds)");
  release_booster(out);
}

void annotest_check_set_attr(at_ctx *ctx, int ret, BoosterHandle handle, const char *key, const char *value,
                             BoosterHandle handle0, const char *key0, const char *value0) {
  (void)handle0, (void)key0, (void)value0;
  const char *got = NULL, **names = NULL;
  int success = 0, listed = 0;
  bst_ulong n = 0;
  if (ret != 0) return;
  if (XGBoosterGetAttr(handle, key, &got, &success) != 0 || !success || !got || strcmp(got, value) != 0) {
    at_property_failed(ctx, "attribute", "attribute \"%s\" set to \"%s\" reads back as %s%s%s", key, value,
                       got ? "\"" : "", got ? got : "absent", got ? "\"" : "");
    return;
  }
  if (XGBoosterGetAttrNames(handle, &n, &names) == 0)
    for (bst_ulong k = 0; k < n; k++) listed |= strcmp(names[k], key) == 0;
  if (!listed) at_property_failed(ctx, "attribute", "attribute \"%s\" is set but not among the %llu names", key, (unsigned long long)n);
}

/* ---- model I/O ----------------------------------------------------------------------------- */

/* The whole content of a file (NULL when unreadable); *len its size. */
static char *file_bytes(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *bytes = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long n = ftell(f);
    rewind(f);
    bytes = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (bytes && fread(bytes, 1, (size_t)n, f) != (size_t)n) free(bytes), bytes = NULL;
    *len = bytes ? (size_t)n : 0;
  }
  fclose(f);
  return bytes;
}

/* Up to 32 bytes of s from offset k (of n) into out, unprintable ones as \xNN. */
static void excerpt(const char *s, size_t n, size_t k, char out[static 129]) {
  size_t o = 0;
  for (size_t i = k; i < n && i < k + 32; i++) {
    unsigned char c = (unsigned char)s[i];
    o += (size_t)snprintf(out + o, 129 - o, c >= 0x20 && c < 0x7f && c != '\\' ? "%c" : "\\x%02x", c);
  }
  out[o] = 0;
}

/* Reports where two serialisations first differ, with both sides from 8 bytes before it. */
static void compare_bytes(at_ctx *ctx, const char *a, size_t na, const char *b, size_t nb, const char *what) {
  size_t k = 0;
  char ea[129], eb[129];
  while (k < na && k < nb && a[k] == b[k]) k++;
  if (k == na && k == nb) return;
  excerpt(a, na, k > 8 ? k - 8 : 0, ea);
  excerpt(b, nb, k > 8 ? k - 8 : 0, eb);
  at_property_failed(ctx, "roundtrip-bytes", "%s: %zu bytes against %zu, first difference at byte %zu: \"%s\" against \"%s\"",
                     what, na, nb, k, ea, eb);
}

/* Saves b in the format of path's extension next to it and compares with path's bytes. */
static void resave_file(at_ctx *ctx, BoosterHandle b, const char *path, int format) {
  char *again = annotest_xgb_model_path(format);
  size_t na = 0, nb = 0;
  if (!again) return;
  char *a = file_bytes(path, &na), *c = NULL;
  if (XGBoosterSaveModel(b, again) != 0 || !(c = file_bytes(again, &nb)) || !a)
    at_property_failed(ctx, "documented-error", "saving the loaded model again failed: %s", XGBGetLastError());
  else
    compare_bytes(ctx, a, na, c, nb, "save(load(m)) against m (file)");
  free(a), free(c);
  annotest_xgb_saved_free(again);
}

static const char *const buffer_formats[] = {ANNOTEST_XGB_JSON, ANNOTEST_XGB_UBJ, ANNOTEST_XGB_DEPRECATED};

static void resave_buffer(at_ctx *ctx, BoosterHandle b, const char *bytes, size_t len, const char *config) {
  bst_ulong n = 0;
  const char *again = NULL;
  if (XGBoosterSaveModelToBuffer(b, config, &n, &again) != 0)
    at_property_failed(ctx, "documented-error", "saving the loaded model again failed: %s", XGBGetLastError());
  else
    compare_bytes(ctx, bytes, len, again, (size_t)n, "save(load(m)) against m (buffer)");
}

void annotest_check_save_model(at_ctx *ctx, int ret, BoosterHandle handle, const char *fname, BoosterHandle handle0,
                               const char *fname0) {
  (void)handle0, (void)fname0;
  BoosterHandle loaded = NULL;
  if (ret != 0) return;
  if (XGBoosterCreate(NULL, 0, &loaded) != 0 || XGBoosterLoadModel(loaded, fname) != 0) {
    at_property_failed(ctx, "roundtrip-load", "the saved model %s does not load: %s", fname, XGBGetLastError());
  } else {
    resave_file(ctx, loaded, fname, annotest_xgb_saved_of(fname)->format);
    annotest_xgb_same_predictions(ctx, handle, loaded, annotest_xgb_training_matrix(handle), "the loaded model");
  }
  release_booster(&loaded);
}

/* A mutant XGBoosterLoadModel refused carries a message; one it loaded is usable: predictions
 * and margins on the source's training matrix raise nothing (a -1 with its message is
 * documented), and one round of save and load is a fixed point (kind mutant-fixed-point). */
static void mutant_loaded(at_ctx *ctx, int ret, BoosterHandle handle, const annotest_xgb_saved_t *saved) {
  const char *error = XGBGetLastError();
  if (ret != 0) {
    if (!error || !*error) at_property_failed(ctx, "refused-silently", "mutant %s refused without a message", saved->change);
    return;
  }
  DMatrixHandle m = annotest_xgb_training_matrix(saved->source);
  for (int type = 0; type < 2; type++) {
    char config[128];
    const bst_ulong *shape;
    bst_ulong dim;
    const float *result;
    snprintf(config, sizeof config, "{\"type\": %d, \"training\": false, \"iteration_begin\": 0, "
             "\"iteration_end\": 0, \"strict_shape\": false}", type);
    XGBoosterPredictFromDMatrix(handle, m, config, &shape, &dim, &result);
  }
  char *a = annotest_xgb_model_path(0), *b = annotest_xgb_model_path(0);
  BoosterHandle again = NULL;
  const char *why = NULL;
  if (!a || !b || XGBoosterSaveModel(handle, a) != 0) why = "saving it failed";
  else if (XGBoosterCreate(NULL, 0, &again) != 0 || XGBoosterLoadModel(again, a) != 0) why = "the saved model does not load";
  else if (XGBoosterSaveModel(again, b) != 0) why = "saving the reloaded model failed";
  else if (annotest_files_differ(a, b) != -1) why = "saving the reloaded model gives other bytes";
  if (why) at_property_failed(ctx, "mutant-fixed-point", "mutant %s loads, but %s: %s", saved->change, why, XGBGetLastError());
  release_booster(&again);
  if (a) annotest_xgb_saved_free(a);
  if (b) annotest_xgb_saved_free(b);
}

void annotest_check_load_model(at_ctx *ctx, int ret, BoosterHandle handle, const char *fname, BoosterHandle handle0,
                               const char *fname0) {
  (void)handle0, (void)fname0;
  const annotest_xgb_saved_t *saved = annotest_xgb_saved_of(fname);
  if (saved->mutant) {
    mutant_loaded(ctx, ret, handle, saved);
    return;
  }
  if (ret != 0) return;
  resave_file(ctx, handle, fname, saved->format);
  annotest_xgb_same_predictions(ctx, saved->source, handle, annotest_xgb_training_matrix(saved->source), "the loaded model");
}

void annotest_check_save_to_buffer(at_ctx *ctx, int ret, BoosterHandle handle, const char *config, bst_ulong *out_len,
                                   const char **out_dptr, BoosterHandle handle0, const char *config0,
                                   bst_ulong *out_len0, const char **out_dptr0) {
  (void)handle0, (void)config0, (void)out_len0, (void)out_dptr0;
  BoosterHandle loaded = NULL;
  if (ret != 0) return;
  char *bytes = malloc((size_t)*out_len + 1); /* "User must copy the result out, before next xgboost call" */
  if (!bytes) return;
  memcpy(bytes, *out_dptr, (size_t)*out_len);
  if (XGBoosterCreate(NULL, 0, &loaded) != 0 || XGBoosterLoadModelFromBuffer(loaded, bytes, *out_len) != 0) {
    at_property_failed(ctx, "roundtrip-load", "the saved buffer (%s) does not load: %s", config, XGBGetLastError());
  } else {
    resave_buffer(ctx, loaded, bytes, (size_t)*out_len, config);
    annotest_xgb_same_predictions(ctx, handle, loaded, annotest_xgb_training_matrix(handle), "the loaded model");
  }
  release_booster(&loaded);
  free(bytes);
}

void annotest_check_load_from_buffer(at_ctx *ctx, int ret, BoosterHandle handle, const void *buf, bst_ulong len,
                                     BoosterHandle handle0, const void *buf0, bst_ulong len0) {
  (void)handle0, (void)buf0, (void)len0;
  const annotest_xgb_saved_t *saved = annotest_xgb_saved_of(buf);
  if (ret != 0) return;
  resave_buffer(ctx, handle, buf, (size_t)len, buffer_formats[saved->format]);
  annotest_xgb_same_predictions(ctx, saved->source, handle, annotest_xgb_training_matrix(saved->source), "the loaded model");
}
