/* LEMON's mutation rules, rule selection and guidance state (mutators/lemon/lemon_rules.h,
 * lemon_selection.h, lemon_acc_cache.h) on the seed models of corpora/lemon_model: each
 * rule's precondition and effect (which layer went, moved or came, references and
 * inner-mutation indices renumbered, weights kept by pinned streams), validity of 10,000
 * higher-order chains without the repair, Metropolis-Hastings selection frequencies against
 * their expected values, uniform and seed selection, and the Model mutator end to end. The
 * seeds are encoded by the build into build/tests/lemon_model/ (tests/lemon/tests.mk). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <unistd.h>
#include <sys/wait.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lemon_acc_cache.h"
#include "lemon_guidance.h"
#include "lemon_layer_edit.h"
#include "lemon_rules.h"
#include "lemon_selection.h"
#include "mlf_mutator.h"
#include "mlf_rng.h"

#define K(name) MLF__LEMON__LAYER_KIND__##name
#define A(name) MLF__LEMON__ACTIVATION__##name
#define N_SEEDS 5
#define SEED_DIR "build/tests/lemon_model/"

static const char *const seed_names[N_SEEDS] = {"lenet", "mobilenet_block", "resnet_block",
                                                "mlp", "lstm_forecaster"};

/* ---- helpers ---------------------------------------------------------------------------- */

static lemon_model_msg *load_seed(const char *name) {
  char path[256];
  snprintf(path, sizeof path, SEED_DIR "%s.bin", name);
  FILE *f = fopen(path, "rb");
  if (!f) fail_msg("cannot open %s (built by make out/tests/test_lemon_rules)", path);
  uint8_t buf[4096];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  lemon_model_msg *m = mlf__lemon__model__unpack(NULL, n, buf);
  assert_non_null(m);
  return m;
}

static void free_model(lemon_model_msg *m) { protobuf_c_message_free_unpacked(&m->base, NULL); }

static int same_bytes(const lemon_model_msg *a, const lemon_model_msg *b) {
  size_t na = mlf__lemon__model__get_packed_size(a), nb = mlf__lemon__model__get_packed_size(b);
  if (na != nb) return 0;
  uint8_t *pa = malloc(na + nb + 1);
  mlf__lemon__model__pack(a, pa);
  mlf__lemon__model__pack(b, pa + na);
  int same = !memcmp(pa, pa + na, na);
  free(pa);
  return same;
}

/* 1 when lemon_infer accepts m and lemon_repair leaves it byte-identical. */
static int valid_fixpoint(const lemon_model_msg *m) {
  lemon_shape in;
  lemon_geometry g[LEMON_MAX_LAYERS];
  if (lemon_infer(m, &in, g, NULL, 0)) return 0;
  lemon_model_msg *c = lemon_model_clone(m);
  lemon_repair(c);
  int same = same_bytes(c, m);
  free_model(c);
  return same;
}

typedef struct {
  lemon_shape input;
  lemon_geometry geo[LEMON_MAX_LAYERS];
} shapes;

static void infer_ok(const lemon_model_msg *m, shapes *s) {
  char why[160];
  if (lemon_infer(m, &s->input, s->geo, why, sizeof why)) fail_msg("invalid model: %s", why);
}

static const lemon_shape *in_shape(const shapes *s, size_t i) {
  return lemon_ref_shape(&s->input, s->geo, s->geo[i].inputs[0]);
}

static int keeps_shape(const shapes *s, size_t i) {
  return lemon_shape_equal(in_shape(s, i), &s->geo[i].out);
}

static uint32_t stream_of(const lemon_model_msg *m, size_t i) {
  return m->layers[i]->has_weight_stream ? m->layers[i]->weight_stream : (uint32_t)i;
}

/* The layers are equal but for their inputs and weight streams. */
static int same_layer_params(const lemon_layer_msg *x, const lemon_layer_msg *y) {
  lemon_layer_msg a = *x, b = *y;
  a.n_inputs = b.n_inputs = 0;
  a.has_weight_stream = b.has_weight_stream = 0;
  size_t na = mlf__lemon__layer__get_packed_size(&a), nb = mlf__lemon__layer__get_packed_size(&b);
  if (na != nb) return 0;
  uint8_t pa[512], pb[512];
  assert_true(na <= sizeof pa);
  mlf__lemon__layer__pack(&a, pa);
  mlf__lemon__layer__pack(&b, pb);
  return !memcmp(pa, pb, na);
}

/* Layer i's inputs, resolved (absent: [i]). */
static size_t refs_of(const lemon_model_msg *m, size_t i, uint32_t *out) {
  const lemon_layer_msg *l = m->layers[i];
  if (!l->n_inputs) {
    out[0] = (uint32_t)i;
    return 1;
  }
  memcpy(out, l->inputs, l->n_inputs * sizeof *out);
  return l->n_inputs;
}

static const char *last_lineage(const lemon_model_msg *m) {
  return m->n_lineage ? m->lineage[m->n_lineage - 1] : "";
}

/* Applies rule r to a fresh copy of seed; NULL when it did not apply. */
static lemon_model_msg *mutant_of(const lemon_model_msg *seed, lemon_rule r, uint64_t rng_seed) {
  mlf_rng rng;
  mlf_rng_seed(&rng, rng_seed);
  lemon_model_msg *mu = lemon_model_clone(seed);
  if (lemon_apply_rule(mu, r, &rng)) {
    assert_true(valid_fixpoint(mu));
    assert_string_equal(last_lineage(mu), lemon_rule_name(r));
    return mu;
  }
  assert_true(same_bytes(mu, seed));
  free_model(mu);
  return NULL;
}

/* A hand-built model of ACTIVATION layers on an [8] input (for boundary cases). */
static lemon_model_msg *activation_chain(size_t n, const Mlf__Lemon__Activation *acts) {
  lemon_model_msg *m = malloc(sizeof *m);
  mlf__lemon__model__init(m);
  m->input_shape = malloc(sizeof *m->input_shape);
  m->input_shape[0] = 8, m->n_input_shape = 1;
  m->has_num_inputs = 1, m->num_inputs = 2;
  m->layers = malloc((n ? n : 1) * sizeof *m->layers);
  for (size_t i = 0; i < n; i++) {
    m->layers[i] = lemon_layer_new(K(ACTIVATION));
    m->layers[i]->has_activation = 1, m->layers[i]->activation = acts[i];
  }
  m->n_layers = n;
  return m;
}

/* ---- seeds and names ---------------------------------------------------------------------- */

static void test_seeds_valid_and_small(void **state) {
  (void)state;
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *m = load_seed(seed_names[i]);
    shapes s;
    infer_ok(m, &s);
    assert_true(valid_fixpoint(m));
    uint64_t macs = 0;
    for (size_t k = 0; k < m->n_layers; k++) macs += lemon_layer_macs(m->layers[k], in_shape(&s, k), &s.geo[k]);
    print_message("%-16s %2zu layers %6llu MACs\n", seed_names[i], m->n_layers, (unsigned long long)macs);
    assert_true(macs < 50000);
    assert_in_range(m->num_inputs, 2, 4);
    assert_true(m->has_weight_seed && m->has_input_seed);
    free_model(m);
  }
}

static void test_rule_names(void **state) {
  (void)state;
  static const char *const names[] = {"LR", "LS", "LC", "LA", "MLA", "AFRm", "AFRp", "GF", "WS",
                                      "NAI", "NEB", "NS"};
  for (int r = 0; r < LEMON_RULE_COUNT; r++) {
    assert_string_equal(lemon_rule_name((lemon_rule)r), names[r]);
    assert_int_equal(lemon_rule_from_name(names[r]), r);
  }
  assert_int_equal(lemon_rule_from_name("XX"), LEMON_RULE_COUNT);
}

/* ---- intact-layer rules ------------------------------------------------------------------- */

/* LR: one layer with equal input and output shapes gone; readers of it read its input;
 * everyone else keeps weights and parameters. */
static void test_lr_removes_one_shape_keeping_layer(void **state) {
  (void)state;
  int applied = 0;
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *o = load_seed(seed_names[i]);
    shapes so;
    infer_ok(o, &so);
    for (uint64_t t = 0; t < 12; t++) {
      lemon_model_msg *mu = mutant_of(o, LEMON_RULE_LR, t);
      if (!mu) continue;
      applied++;
      assert_int_equal(mu->n_layers, o->n_layers - 1);
      size_t k = 0; /* the removed layer: the stream missing from the mutant */
      while (k < mu->n_layers && stream_of(mu, k) == k) k++;
      assert_true(keeps_shape(&so, k));
      uint32_t k_input = so.geo[k].inputs[0];
      for (size_t j = 0; j < mu->n_layers; j++) {
        size_t g = j < k ? j : j + 1; /* the original layer */
        assert_int_equal(stream_of(mu, j), g);
        assert_true(same_layer_params(mu->layers[j], o->layers[g]));
        uint32_t got[LEMON_MAX_LAYER_INPUTS], want[LEMON_MAX_LAYER_INPUTS];
        size_t n = refs_of(mu, j, got);
        assert_int_equal(n, refs_of(o, g, want));
        for (size_t r = 0; r < n; r++) /* in the original's numbering; k's readers read its input */
          assert_int_equal(got[r] <= k ? got[r] : got[r] + 1, want[r] == k + 1 ? k_input : want[r]);
      }
      free_model(mu);
    }
    free_model(o);
  }
  assert_true(applied > 0);
  lemon_model_msg *lstm = load_seed("lstm_forecaster"); /* LSTM [12,1]->[8], DENSE [8]->[1] */
  assert_false(lemon_rule_applicable(lstm, LEMON_RULE_LR));
  assert_null(mutant_of(lstm, LEMON_RULE_LR, 1));
  free_model(lstm);
}

/* Removing and inserting renumber references and inner mutations (resnet: ADD [0, 5]). */
static void test_edits_renumber_references_and_inner_mutations(void **state) {
  (void)state;
  lemon_model_msg *m = load_seed("resnet_block");
  lemon_append_inner_mutation(m, MLF__LEMON__INNER_MUTATION__RULE__GAUSSIAN_FUZZING, 0, 7);
  lemon_append_inner_mutation(m, MLF__LEMON__INNER_MUTATION__RULE__NEURON_SWITCH, 1, 8);
  lemon_append_inner_mutation(m, MLF__LEMON__INNER_MUTATION__RULE__EFFECT_BLOCK, 4, 9);
  lemon_pin_weight_streams(m);
  lemon_remove_layer(m, 4); /* the second BN: the ADD reads conv 3 instead */
  assert_int_equal(m->n_layers, 6);
  assert_int_equal(m->layers[4]->kind, K(ADD));
  assert_int_equal(m->layers[4]->inputs[0], 0);
  assert_int_equal(m->layers[4]->inputs[1], 4);
  assert_int_equal(m->n_inner_mutations, 2); /* the BN's inner mutation went with it */
  assert_int_equal(m->inner_mutations[0]->layer, 0);
  assert_int_equal(m->inner_mutations[1]->layer, 1);
  lemon_layer_msg *bn = lemon_layer_new(K(BATCH_NORM));
  lemon_insert_layers(m, 1, &bn, 1); /* after conv 0: the old BN at 1 now reads it */
  assert_int_equal(m->n_layers, 7);
  assert_int_equal(m->layers[2]->n_inputs, 0);
  assert_int_equal(m->layers[5]->inputs[1], 5); /* ADD's conv operand moved by one */
  assert_int_equal(m->inner_mutations[1]->layer, 2);
  lemon_layer_msg *act = lemon_layer_new(K(ACTIVATION));
  lemon_insert_layers(m, 0, &act, 1); /* before everything: the ADD's skip reads it too */
  assert_int_equal(m->layers[6]->inputs[0], 1);
  assert_int_equal(m->layers[6]->inputs[1], 6);
  assert_int_equal(m->inner_mutations[0]->layer, 1);
  assert_true(valid_fixpoint(m));
  lemon_remove_layer(m, 0); /* back: the ADD's skip reads the model input again */
  assert_int_equal(m->layers[5]->inputs[0], 0);
  lemon_swap_layers(m, 1, 2);
  assert_int_equal(m->inner_mutations[1]->layer, 1);
  assert_int_equal(m->layers[1]->kind, K(BATCH_NORM));
  assert_int_equal(m->layers[1]->weight_stream, 1);
  free_model(m);
}

/* LS: two layers with the same input and output shapes change places; inputs stay with the
 * positions, weights and inner mutations go with the layers. */
static void test_ls_switches_two_layers(void **state) {
  (void)state;
  const char *names[] = {"mobilenet_block", "resnet_block"};
  for (int i = 0; i < 2; i++) {
    lemon_model_msg *o = load_seed(names[i]);
    lemon_append_inner_mutation(o, MLF__LEMON__INNER_MUTATION__RULE__WEIGHTS_SHUFFLING, 0, 5);
    shapes so;
    infer_ok(o, &so);
    for (uint64_t t = 0; t < 12; t++) {
      lemon_model_msg *mu = mutant_of(o, LEMON_RULE_LS, t);
      assert_non_null(mu);
      assert_int_equal(mu->n_layers, o->n_layers);
      size_t moved[2], n_moved = 0;
      for (size_t j = 0; j < mu->n_layers; j++) {
        uint32_t a[LEMON_MAX_LAYER_INPUTS], b[LEMON_MAX_LAYER_INPUTS];
        size_t na = refs_of(mu, j, a);
        assert_int_equal(na, refs_of(o, j, b));
        assert_memory_equal(a, b, na * sizeof *a);
        if (stream_of(mu, j) != j) {
          assert_true(n_moved < 2);
          moved[n_moved++] = j;
        }
      }
      assert_int_equal(n_moved, 2);
      size_t x = moved[0], y = moved[1];
      assert_int_equal(stream_of(mu, x), y);
      assert_int_equal(stream_of(mu, y), x);
      assert_true(same_layer_params(mu->layers[x], o->layers[y]));
      assert_true(same_layer_params(mu->layers[y], o->layers[x]));
      assert_true(lemon_shape_equal(in_shape(&so, x), in_shape(&so, y)));
      assert_true(lemon_shape_equal(&so.geo[x].out, &so.geo[y].out));
      assert_int_equal(mu->inner_mutations[0]->layer, x == 0 ? y : y == 0 ? x : 0);
      free_model(mu);
    }
    free_model(o);
  }
  lemon_model_msg *mlp = load_seed("mlp"); /* no two layers share input and output shapes */
  assert_false(lemon_rule_applicable(mlp, LEMON_RULE_LS));
  free_model(mlp);
}

/* LC: a copy with the same weights (stream and inner mutations) right after a shape-keeping
 * layer; the original's readers read the copy. */
static void test_lc_copies_with_same_weights(void **state) {
  (void)state;
  int applied = 0;
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *o = load_seed(seed_names[i]);
    for (size_t k = 0; k < o->n_layers; k++)
      lemon_append_inner_mutation(o, MLF__LEMON__INNER_MUTATION__RULE__ACTIVATION_INVERSE,
                                  (uint32_t)k, 100 + k);
    shapes so;
    infer_ok(o, &so);
    for (uint64_t t = 0; t < 12; t++) {
      lemon_model_msg *mu = mutant_of(o, LEMON_RULE_LC, t);
      if (!mu) continue;
      applied++;
      assert_int_equal(mu->n_layers, o->n_layers + 1);
      size_t c = 1; /* the copy: the first repeated stream */
      while (stream_of(mu, c) != stream_of(mu, c - 1)) c++;
      size_t k = c - 1;
      assert_true(keeps_shape(&so, k));
      assert_true(same_layer_params(mu->layers[c], o->layers[k]));
      assert_int_equal(mu->layers[c]->inputs ? mu->layers[c]->inputs[0] : c, k + 1);
      for (size_t j = c + 1; j < mu->n_layers; j++) {
        uint32_t got[LEMON_MAX_LAYER_INPUTS], want[LEMON_MAX_LAYER_INPUTS];
        size_t n = refs_of(mu, j, got);
        assert_int_equal(n, refs_of(o, j - 1, want));
        for (size_t r = 0; r < n; r++)
          assert_int_equal(got[r], want[r] <= k ? want[r] : want[r] + 1);
      }
      size_t copies = 0; /* the copy got the original's inner mutation */
      for (size_t q = 0; q < mu->n_inner_mutations; q++)
        copies += mu->inner_mutations[q]->seed == 100 + k;
      assert_int_equal(copies, 2);
      free_model(mu);
    }
    free_model(o);
  }
  assert_true(applied > 0);
}

/* The new layers of LA or MLA: consecutive, with fresh streams, the first reading reference
 * p and the readers of p reading the last; returns how many. */
static size_t check_inserted(const lemon_model_msg *o, const lemon_model_msg *mu, size_t *at) {
  size_t n_new = mu->n_layers - o->n_layers, p = 0;
  while (p < o->n_layers && stream_of(mu, p) == p) p++;
  for (size_t j = p; j < p + n_new; j++) {
    assert_true(stream_of(mu, j) >= o->n_layers);
    for (size_t q = p; q < j; q++) assert_int_not_equal(stream_of(mu, j), stream_of(mu, q));
  }
  uint32_t first[LEMON_MAX_LAYER_INPUTS];
  refs_of(mu, p, first);
  assert_int_equal(first[0], p);
  for (size_t j = p + n_new; j < mu->n_layers; j++) {
    assert_int_equal(stream_of(mu, j), j - n_new);
    assert_true(same_layer_params(mu->layers[j], o->layers[j - n_new]));
    uint32_t got[LEMON_MAX_LAYER_INPUTS], want[LEMON_MAX_LAYER_INPUTS];
    size_t n = refs_of(mu, j, got);
    assert_int_equal(n, refs_of(o, j - n_new, want));
    for (size_t r = 0; r < n; r++)
      assert_int_equal(got[r], want[r] < p ? want[r] : want[r] + n_new);
  }
  *at = p;
  return n_new;
}

static void test_la_inserts_a_shape_keeping_layer(void **state) {
  (void)state;
  unsigned kinds_seen = 0;
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *o = load_seed(seed_names[i]);
    for (uint64_t t = 0; t < 40; t++) {
      lemon_model_msg *mu = mutant_of(o, LEMON_RULE_LA, t);
      assert_non_null(mu);
      size_t p;
      assert_int_equal(check_inserted(o, mu, &p), 1);
      shapes sm;
      infer_ok(mu, &sm);
      assert_true(keeps_shape(&sm, p));
      kinds_seen |= 1u << mu->layers[p]->kind;
      free_model(mu);
    }
    free_model(o);
  }
  print_message("LA kinds seen: %d of 21\n", __builtin_popcount(kinds_seen));
  assert_true(__builtin_popcount(kinds_seen) >= 15);
  /* Never after a layer nobody reads: layer 0 is dead (layer 1 reads the model input). */
  lemon_model_msg *dead = activation_chain(2, (Mlf__Lemon__Activation[]){A(TANH), A(RELU)});
  uint32_t model_input = 0;
  lemon_layer_set_inputs(dead->layers[1], &model_input, 1);
  for (uint64_t t = 0; t < 40; t++) {
    lemon_model_msg *mu = mutant_of(dead, LEMON_RULE_LA, t);
    assert_non_null(mu);
    assert_true(stream_of(mu, 1) < 2); /* position 1 holds an old layer */
    free_model(mu);
  }
  free_model(dead);
  Mlf__Lemon__Activation relu[LEMON_MAX_LAYERS];
  for (int i = 0; i < LEMON_MAX_LAYERS; i++) relu[i] = A(RELU);
  lemon_model_msg *full = activation_chain(LEMON_MAX_LAYERS, relu); /* no room */
  assert_false(lemon_rule_applicable(full, LEMON_RULE_LA));
  assert_false(lemon_rule_applicable(full, LEMON_RULE_LC));
  assert_false(lemon_rule_applicable(full, LEMON_RULE_MLA));
  assert_true(lemon_rule_applicable(full, LEMON_RULE_LR));
  free_model(full);
}

static void test_mla_inserts_a_shape_keeping_bundle(void **state) {
  (void)state;
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *o = load_seed(seed_names[i]);
    for (uint64_t t = 0; t < 30; t++) {
      lemon_model_msg *mu = mutant_of(o, LEMON_RULE_MLA, t);
      assert_non_null(mu);
      size_t p, n = check_inserted(o, mu, &p);
      assert_in_range(n, 2, 3);
      shapes sm;
      infer_ok(mu, &sm);
      assert_true(lemon_shape_equal(in_shape(&sm, p), &sm.geo[p + n - 1].out));
      free_model(mu);
    }
    free_model(o);
  }
}

/* ---- activation rules --------------------------------------------------------------------- */

/* The one layer whose activation differs; everything else equal. */
static size_t changed_activation(const lemon_model_msg *o, const lemon_model_msg *mu) {
  assert_int_equal(mu->n_layers, o->n_layers);
  size_t changed = SIZE_MAX;
  for (size_t j = 0; j < o->n_layers; j++) {
    lemon_layer_msg a = *mu->layers[j], b = *o->layers[j];
    if (a.activation == b.activation && a.act_alpha == b.act_alpha && a.act_beta == b.act_beta)
      continue;
    assert_int_equal(changed, SIZE_MAX);
    changed = j;
    a.activation = b.activation, a.act_alpha = b.act_alpha, a.act_beta = b.act_beta;
    a.has_activation = b.has_activation, a.has_act_alpha = b.has_act_alpha;
    a.has_act_beta = b.has_act_beta;
    assert_true(same_layer_params(&a, &b));
  }
  return changed;
}

static void test_afrm_and_afrp(void **state) {
  (void)state;
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *o = load_seed(seed_names[i]);
    for (uint64_t t = 0; t < 20; t++) {
      lemon_model_msg *mu = mutant_of(o, LEMON_RULE_AFRM, t);
      if (mu) {
        size_t j = changed_activation(o, mu);
        assert_int_not_equal(o->layers[j]->activation, A(LINEAR));
        assert_int_equal(mu->layers[j]->activation, A(LINEAR));
        assert_false(mu->layers[j]->has_act_alpha || mu->layers[j]->has_act_beta);
        free_model(mu);
      }
      mu = mutant_of(o, LEMON_RULE_AFRP, t);
      assert_non_null(mu);
      size_t j = changed_activation(o, mu);
      assert_int_not_equal(mu->layers[j]->activation, o->layers[j]->activation);
      assert_int_not_equal(mu->layers[j]->activation, A(LINEAR));
      assert_int_not_equal(mu->layers[j]->activation, A(LOG));
      free_model(mu);
    }
    free_model(o);
  }
  lemon_model_msg *lstm = load_seed("lstm_forecaster"); /* no activation to remove */
  assert_false(lemon_rule_applicable(lstm, LEMON_RULE_AFRM));
  free_model(lstm);
}

/* SQRT keeps a non-negative input: LR may remove the SQRT but not the RELU before it, AFRm
 * may only make the SQRT linear, and AFRp never gives the RELU a sign-changing activation. */
static void test_rules_respect_sqrt_domain(void **state) {
  (void)state;
  lemon_model_msg *o = activation_chain(2, (Mlf__Lemon__Activation[]){A(RELU), A(SQRT)});
  for (uint64_t t = 0; t < 30; t++) {
    lemon_model_msg *mu = mutant_of(o, LEMON_RULE_LR, t);
    assert_non_null(mu);
    assert_int_equal(mu->n_layers, 1);
    assert_int_equal(mu->layers[0]->activation, A(RELU));
    free_model(mu);
    mu = mutant_of(o, LEMON_RULE_AFRM, t);
    assert_non_null(mu);
    assert_int_equal(mu->layers[0]->activation, A(RELU));
    assert_int_equal(mu->layers[1]->activation, A(LINEAR));
    free_model(mu);
    mu = mutant_of(o, LEMON_RULE_AFRP, t);
    Mlf__Lemon__Activation first = mu->layers[0]->activation;
    int nonneg = first == A(RELU) || first == A(ABS) || first == A(SQUARE) || first == A(SOFT_RELU) ||
                 first == A(LOGISTIC) || first == A(EXP) || first == A(SQRT) ||
                 first == A(BOUNDED_RELU) || first == A(CLIP) || first == A(POW);
    assert_true(nonneg || mu->layers[1]->activation != A(SQRT));
    free_model(mu);
  }
  free_model(o);
}

/* ---- inner-layer rules -------------------------------------------------------------------- */

static void test_inner_rules_append_on_weighted_layers(void **state) {
  (void)state;
  static const struct {
    lemon_rule rule;
    Mlf__Lemon__InnerMutation__Rule inner;
  } inner[] = {{LEMON_RULE_GF, MLF__LEMON__INNER_MUTATION__RULE__GAUSSIAN_FUZZING},
               {LEMON_RULE_WS, MLF__LEMON__INNER_MUTATION__RULE__WEIGHTS_SHUFFLING},
               {LEMON_RULE_NAI, MLF__LEMON__INNER_MUTATION__RULE__ACTIVATION_INVERSE},
               {LEMON_RULE_NEB, MLF__LEMON__INNER_MUTATION__RULE__EFFECT_BLOCK},
               {LEMON_RULE_NS, MLF__LEMON__INNER_MUTATION__RULE__NEURON_SWITCH}};
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *o = load_seed(seed_names[i]);
    shapes so;
    infer_ok(o, &so);
    for (size_t r = 0; r < 5; r++)
      for (uint64_t t = 0; t < 8; t++) {
        lemon_model_msg *mu = mutant_of(o, inner[r].rule, t);
        assert_non_null(mu);
        assert_int_equal(mu->n_inner_mutations, o->n_inner_mutations + 1);
        const Mlf__Lemon__InnerMutation *im = mu->inner_mutations[o->n_inner_mutations];
        assert_int_equal(im->rule, inner[r].inner);
        assert_true(lemon_kind_has_weights(o->layers[im->layer]->kind));
        const lemon_shape *out = &so.geo[im->layer].out;
        if (inner[r].rule == LEMON_RULE_NS) assert_true(out->dim[out->rank - 1] >= 2);
        free_model(mu);
      }
    free_model(o);
  }
  /* No weights: no inner rule. One neuron: everything but NS. */
  lemon_model_msg *none = activation_chain(1, (Mlf__Lemon__Activation[]){A(TANH)});
  for (size_t r = 0; r < 5; r++) assert_false(lemon_rule_applicable(none, inner[r].rule));
  none->layers[0]->kind = K(DENSE);
  none->layers[0]->has_units = 1, none->layers[0]->units = 1;
  assert_true(lemon_rule_applicable(none, LEMON_RULE_GF));
  assert_true(lemon_rule_applicable(none, LEMON_RULE_NEB));
  assert_false(lemon_rule_applicable(none, LEMON_RULE_NS));
  for (int k = 0; k < LEMON_MAX_INNER_MUTATIONS; k++)
    lemon_append_inner_mutation(none, MLF__LEMON__INNER_MUTATION__RULE__GAUSSIAN_FUZZING, 0, k);
  assert_false(lemon_rule_applicable(none, LEMON_RULE_GF)); /* full */
  free_model(none);
}

static void test_invalid_model_takes_no_rule(void **state) {
  (void)state;
  lemon_model_msg *m = activation_chain(1, (Mlf__Lemon__Activation[]){A(TANH)});
  m->n_input_shape = 0; /* invalid */
  mlf_rng rng;
  mlf_rng_seed(&rng, 1);
  for (int r = 0; r < LEMON_RULE_COUNT; r++) {
    assert_false(lemon_rule_applicable(m, (lemon_rule)r));
    assert_int_equal(lemon_apply_rule(m, (lemon_rule)r, &rng), 0);
  }
  assert_int_equal(lemon_rules_applicable_mask(m), 0);
  m->n_input_shape = 1;
  free_model(m);
}

/* ---- validity of higher-order mutation ------------------------------------------------------ */

#define CHAINS 10000

static void test_chains_stay_valid_without_repair(void **state) {
  (void)state;
  lemon_model_msg *seeds[N_SEEDS];
  for (int i = 0; i < N_SEEDS; i++) seeds[i] = load_seed(seed_names[i]);
  mlf_rng rng;
  mlf_rng_seed(&rng, 2020);
  size_t valid = 0, applied = 0, per_rule[LEMON_RULE_COUNT] = {0}, max_layers = 0;
  for (int c = 0; c < CHAINS; c++) {
    lemon_model_msg *m = lemon_model_clone(seeds[c % N_SEEDS]);
    size_t n = 1 + (size_t)mlf_rng_below(&rng, 8);
    applied += lemon_mutate_chain(m, n, &rng);
    valid += valid_fixpoint(m);
    assert_true(m->n_lineage <= LEMON_LINEAGE_MAX);
    for (size_t k = 0; k < m->n_lineage; k++) per_rule[lemon_rule_from_name(m->lineage[k])]++;
    if (m->n_layers > max_layers) max_layers = m->n_layers;
    free_model(m);
  }
  print_message("%d chains, %zu rules applied, %zu valid without repair (%.2f%%), up to %zu layers\n",
                CHAINS, applied, valid, 100.0 * (double)valid / CHAINS, max_layers);
  for (int r = 0; r < LEMON_RULE_COUNT; r++)
    print_message("  %-4s %zu\n", lemon_rule_name((lemon_rule)r), per_rule[r]);
  assert_int_equal(valid, CHAINS);
  for (int r = 0; r < LEMON_RULE_COUNT; r++) assert_true(per_rule[r] > 0);
  for (int i = 0; i < N_SEEDS; i++) free_model(seeds[i]);
}

/* ---- selection ---------------------------------------------------------------------------- */

#define ALL_RULES ((1u << LEMON_RULE_COUNT) - 1)

/* Statistics ranking rule r at rank r + 1 (ratios 12/13, 11/13, ...). */
static void ranked_stats(lemon_rule_stats *s) {
  memset(s, 0, sizeof *s);
  for (int r = 0; r < LEMON_RULE_COUNT; r++) {
    s->selected[r] = 13;
    s->amplified[r] = (uint64_t)(LEMON_RULE_COUNT - r);
  }
}

/* |count - n p| within 5 binomial standard deviations. */
static void assert_binomial(size_t count, size_t n, double p, const char *what) {
  double sd = sqrt((double)n * p * (1 - p)), dev = fabs((double)count - (double)n * p);
  if (dev > 5 * sd)
    fail_msg("%s: %zu of %zu, expected %.1f (sd %.1f)", what, count, n, (double)n * p, sd);
}

/* From a fixed last rule, each proposal b is accepted with probability
 * min(1, q^(kb - ka)), q = 1 - p, and proposals repeat: P(b) is proportional to that. */
static void check_one_step(unsigned ka, size_t draws) {
  lemon_rule_stats s;
  ranked_stats(&s);
  assert_int_equal(lemon_rule_rank(&s, (lemon_rule)(ka - 1)), ka);
  double q = 1 - LEMON_MH_P, w[LEMON_RULE_COUNT], total = 0;
  for (int r = 0; r < LEMON_RULE_COUNT; r++) total += w[r] = r + 1 <= (int)ka ? 1 : pow(q, r + 1 - ka);
  size_t count[LEMON_RULE_COUNT] = {0};
  mlf_rng rng;
  mlf_rng_seed(&rng, 77 + ka);
  for (size_t i = 0; i < draws; i++)
    count[lemon_select_rule_among(&s, ALL_RULES, (lemon_rule)(ka - 1), &rng)]++;
  for (int r = 0; r < LEMON_RULE_COUNT; r++) {
    char what[64];
    snprintf(what, sizeof what, "rank %d after rank %u", r + 1, ka);
    assert_binomial(count[r], draws, w[r] / total, what);
  }
  /* The paper's shape: rank 1 over rank 12, expected q^-(12 - ka); tolerance 5 standard
   * deviations of the log ratio (multinomial: (1-p1)/(N p1) + (1-p12)/(N p12) + 2/N). */
  double p1 = w[0] / total, p12 = w[11] / total, n = (double)draws;
  double ratio = (double)count[0] / (double)count[11], expected = p1 / p12;
  double sd_log = sqrt((1 - p1) / (n * p1) + (1 - p12) / (n * p12) + 2 / n);
  print_message("after rank %2u: rank1/rank12 = %.4f (expected %.4f, sd of log %.4f); "
                "frequencies rank 1..12:", ka, ratio, expected, sd_log);
  for (int r = 0; r < LEMON_RULE_COUNT; r++) print_message(" %.4f", (double)count[r] / n);
  print_message("\n");
  assert_true(fabs(log(ratio / expected)) <= 5 * sd_log);
}

static void test_mh_one_step_frequencies(void **state) {
  (void)state;
  check_one_step(1, 240000);
  check_one_step(6, 240000);
}

/* On a model, proposals are uniform among the applicable rules only (probed lazily): from
 * rank 1, P(b) is proportional to q^(kb - 1) over the rules that apply to the LSTM seed. */
static void test_mh_on_a_model_among_applicable_rules(void **state) {
  (void)state;
  lemon_rule_stats s;
  ranked_stats(&s);
  lemon_model_msg *lstm = load_seed("lstm_forecaster");
  unsigned mask = lemon_rules_applicable_mask(lstm);
  assert_false(mask >> LEMON_RULE_LR & 1);
  assert_false(mask >> LEMON_RULE_LS & 1);
  double q = 1 - LEMON_MH_P, w[LEMON_RULE_COUNT] = {0}, total = 0;
  for (int r = 0; r < LEMON_RULE_COUNT; r++)
    if (mask >> r & 1) total += w[r] = pow(q, r);
  size_t count[LEMON_RULE_COUNT] = {0}, draws = 12000;
  mlf_rng rng;
  mlf_rng_seed(&rng, 21);
  for (size_t i = 0; i < draws; i++) count[lemon_select_rule(&s, lstm, LEMON_RULE_LR, &rng)]++;
  for (int r = 0; r < LEMON_RULE_COUNT; r++) assert_binomial(count[r], draws, w[r] / total, "on the LSTM");
  free_model(lstm);
}

/* The chain's stationary distribution by ranks: P(b | a) = w(a, b) / sum_c w(a, c) with
 * w(a, b) = min(1, q^(kb - ka)), by power iteration. */
static void stationary(double pi[LEMON_RULE_COUNT]) {
  double q = 1 - LEMON_MH_P, next[LEMON_RULE_COUNT];
  for (int b = 0; b < LEMON_RULE_COUNT; b++) pi[b] = 1.0 / LEMON_RULE_COUNT;
  for (int it = 0; it < 1000; it++) {
    memset(next, 0, sizeof next);
    for (int a = 0; a < LEMON_RULE_COUNT; a++) {
      double z = 0;
      for (int b = 0; b < LEMON_RULE_COUNT; b++) z += b <= a ? 1 : pow(q, b - a);
      for (int b = 0; b < LEMON_RULE_COUNT; b++) next[b] += pi[a] * (b <= a ? 1 : pow(q, b - a)) / z;
    }
    memcpy(pi, next, sizeof next);
  }
}

/* Following the chain (last = the previous pick): each rank's frequency within 5 standard
 * deviations of the stationary distribution (batch means: successive picks are correlated);
 * the top third of the ranks more frequent than the middle one, the middle than the bottom. */
static void test_mh_chain_prefers_higher_ranks(void **state) {
  (void)state;
  enum { BATCHES = 100, BATCH = 2400 };
  lemon_rule_stats s;
  ranked_stats(&s);
  double pi[LEMON_RULE_COUNT], sum[LEMON_RULE_COUNT] = {0}, sum2[LEMON_RULE_COUNT] = {0};
  stationary(pi);
  mlf_rng rng;
  mlf_rng_seed(&rng, 5);
  lemon_rule last = LEMON_RULE_COUNT;
  for (int batch = 0; batch < BATCHES; batch++) {
    size_t count[LEMON_RULE_COUNT] = {0};
    for (int i = 0; i < BATCH; i++) count[last = lemon_select_rule_among(&s, ALL_RULES, last, &rng)]++;
    for (int r = 0; r < LEMON_RULE_COUNT; r++) {
      double f = (double)count[r] / BATCH;
      sum[r] += f, sum2[r] += f * f;
    }
  }
  double thirds[3] = {0};
  print_message("chain frequencies rank 1..12 (stationary):");
  for (int r = 0; r < LEMON_RULE_COUNT; r++) {
    double mean = sum[r] / BATCHES, var = (sum2[r] / BATCHES - mean * mean) * BATCHES / (BATCHES - 1);
    print_message(" %.4f (%.4f)", mean, pi[r]);
    if (fabs(mean - pi[r]) > 5 * sqrt(var / BATCHES))
      fail_msg("rank %d: %.5f, stationary %.5f, sd %.5f", r + 1, mean, pi[r], sqrt(var / BATCHES));
    thirds[r / 4] += mean;
  }
  print_message("\n");
  assert_true(thirds[0] > thirds[1] && thirds[1] > thirds[2]);
  /* Only applicable rules, whatever the last one was. */
  unsigned some = (1u << LEMON_RULE_LR) | (1u << LEMON_RULE_GF) | (1u << LEMON_RULE_NS);
  for (int i = 0; i < 2000; i++) {
    last = lemon_select_rule_among(&s, some, (lemon_rule)(i % LEMON_RULE_COUNT), &rng);
    assert_true(some >> last & 1);
  }
  assert_int_equal(lemon_select_rule_among(&s, 0, LEMON_RULE_LR, &rng), LEMON_RULE_COUNT);
}

static void test_equal_ratios_and_uniform_selection_are_uniform(void **state) {
  (void)state;
  lemon_rule_stats s;
  memset(&s, 0, sizeof s);
  lemon_rule_stats_record(&s, LEMON_RULE_LA, 1);
  lemon_rule_stats_record(&s, LEMON_RULE_LA, 0);
  assert_true(lemon_rule_ratio(&s, LEMON_RULE_LA) == 0.5);
  assert_int_equal(lemon_rule_rank(&s, LEMON_RULE_LA), 1);
  assert_int_equal(lemon_rule_rank(&s, LEMON_RULE_GF), 2); /* the rest tie at rank 2 */
  memset(&s, 0, sizeof s);
  size_t mh[LEMON_RULE_COUNT] = {0}, uni[LEMON_RULE_COUNT] = {0}, draws = 120000;
  mlf_rng rng;
  mlf_rng_seed(&rng, 9);
  lemon_rule last = LEMON_RULE_COUNT;
  for (size_t i = 0; i < draws; i++) {
    mh[last = lemon_select_rule_among(&s, ALL_RULES, last, &rng)]++;
    uni[lemon_select_rule_uniform_among(ALL_RULES, &rng)]++;
  }
  for (int r = 0; r < LEMON_RULE_COUNT; r++) {
    assert_binomial(mh[r], draws, 1.0 / LEMON_RULE_COUNT, "MH with equal ratios");
    assert_binomial(uni[r], draws, 1.0 / LEMON_RULE_COUNT, "uniform");
  }
  lemon_model_msg *lstm = load_seed("lstm_forecaster");
  unsigned mask = lemon_rules_applicable_mask(lstm);
  assert_false(mask >> LEMON_RULE_LR & 1);
  for (int i = 0; i < 200; i++) {
    assert_true(mask >> lemon_select_rule_uniform(lstm, &rng) & 1);
    assert_true(mask >> lemon_select_rule(&s, lstm, (lemon_rule)(i % 12), &rng) & 1);
  }
  free_model(lstm);
}

static void test_seed_selection_prefers_less_picked(void **state) {
  (void)state;
  const uint32_t picked[4] = {0, 1, 3, 9};
  const double score[4] = {1, 0.5, 0.25, 0.1}, total = 1.85;
  size_t count[4] = {0}, draws = 100000;
  mlf_rng rng;
  mlf_rng_seed(&rng, 11);
  for (size_t i = 0; i < draws; i++) count[lemon_select_seed(picked, 4, &rng)]++;
  for (int i = 0; i < 4; i++) {
    assert_binomial(count[i], draws, score[i] / total, "seed");
    if (i) assert_true(count[i] < count[i - 1]);
  }
  assert_int_equal(lemon_select_seed(picked, 0, &rng), 0);
}

/* ---- ACC cache and guidance ------------------------------------------------------------- */

static void test_acc_cache_and_guidance(void **state) {
  (void)state;
  lemon_model_msg *a = load_seed("mlp"), *b = load_seed("lenet");
  double acc;
  assert_false(lemon_acc_cache_get(b, &acc));
  lemon_acc_cache_put(a, 0.25);
  mlf_rng rng;
  mlf_rng_seed(&rng, 3);
  lemon_model_msg *mu = lemon_model_clone(a);
  assert_true(lemon_apply_rule(mu, LEMON_RULE_GF, &rng)); /* adds lineage */
  assert_false(lemon_acc_cache_get(mu, &acc));
  lemon_model_msg *same = lemon_model_clone(a);
  const char *name = "LR";
  same->lineage = malloc(sizeof *same->lineage);
  same->lineage[0] = strdup(name), same->n_lineage = 1;
  same->has_parent_acc = 1, same->parent_acc = 9;
  assert_true(lemon_acc_cache_get(same, &acc)); /* lineage and parent_acc do not count */
  assert_true(acc == 0.25);
  /* The mutator notes its mutant; only that mutant's run scores the rule. */
  lemon_rule_stats before = *lemon_global_rule_stats();
  mu->has_parent_acc = 1, mu->parent_acc = 0.25;
  lemon_guidance_note_mutant(mu, LEMON_RULE_GF);
  assert_false(lemon_guidance_observe(b, 1.0));
  assert_true(lemon_guidance_observe(mu, 0.5));
  assert_false(lemon_guidance_observe(mu, 0.5)); /* once */
  assert_int_equal(lemon_global_rule_stats()->selected[LEMON_RULE_GF], before.selected[LEMON_RULE_GF] + 1);
  assert_int_equal(lemon_global_rule_stats()->amplified[LEMON_RULE_GF], before.amplified[LEMON_RULE_GF] + 1);
  assert_true(lemon_acc_cache_get(mu, &acc) && acc == 0.5);
  mu->has_parent_acc = 0; /* parent unknown: nothing to score */
  lemon_guidance_note_mutant(mu, LEMON_RULE_GF);
  assert_false(lemon_guidance_observe(mu, 0.7));
  *lemon_global_rule_stats() = before;
  free_model(a), free_model(b), free_model(mu), free_model(same);
}

/* Through MLF_LEMON_GUIDANCE_FILE's mapping, as under AFL++: the mutator (this process) notes
 * a mutant and reads ACCs; the harness (a forked child, like a fork-server child) reports the
 * mutant's ACC; the parent then sees the child's ACC and the rule it scored. */
static void test_guidance_shared_across_processes(void **state) {
  (void)state;
  char path[] = "/tmp/lemon-guidance-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_int_equal(lemon_guidance_map(path), 0);
  lemon_model_msg *parent = load_seed("mlp");
  mlf_rng rng;
  mlf_rng_seed(&rng, 5);
  lemon_model_msg *mu = lemon_model_clone(parent);
  assert_true(lemon_apply_rule(mu, LEMON_RULE_NS, &rng));
  mu->has_parent_acc = 1, mu->parent_acc = 0.5;
  lemon_guidance_note_mutant(mu, LEMON_RULE_NS);
  fflush(NULL);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) _exit(lemon_guidance_observe(mu, 2.0) ? 0 : 1);
  int status;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  double acc;
  assert_true(lemon_acc_cache_get(mu, &acc) && acc == 2.0);
  assert_int_equal(lemon_global_rule_stats()->selected[LEMON_RULE_NS], 1);
  assert_int_equal(lemon_global_rule_stats()->amplified[LEMON_RULE_NS], 1);
  assert_int_equal(lemon_guidance_map(NULL), 0);  /* back to this process's own state */
  assert_false(lemon_acc_cache_get(mu, &acc));
  unlink(path);
  free_model(parent), free_model(mu);
}

/* ---- the Model mutator end to end --------------------------------------------------------- */

/* Activation parameters keep any finite float (no +-16 bound: none is documented); bounded
 * ReLU's alpha turns non-negative and clip's bounds ordered, as oneDNN documents them. */
static void test_repair_keeps_wide_activation_parameters(void **state) {
  (void)state;
  lemon_model_msg *m = load_seed("mlp");
  size_t layers = m->n_layers;
  const struct {
    Mlf__Lemon__Activation act;
    double alpha, beta, want_alpha, want_beta;
  } cases[] = {
      {A(AFFINE), -0x1p100, 1e30, -0x1p100, 1e30},
      {A(RELU), 3e38, -0x1p-140, 3e38, -0x1p-140},
      {A(CLIP), 3e38, -0x1p-140, -0x1p-140, 3e38},
      {A(BOUNDED_RELU), -1e20, 1e300, 1e20, FLT_MAX},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    Mlf__Lemon__Layer *l = m->layers[0];
    l->has_activation = l->has_act_alpha = l->has_act_beta = 1;
    l->activation = cases[i].act, l->act_alpha = cases[i].alpha, l->act_beta = cases[i].beta;
    lemon_repair(m);
    assert_int_equal(m->n_layers, layers);
    assert_true(m->layers[0]->act_alpha == cases[i].want_alpha);
    assert_true(m->layers[0]->act_beta == cases[i].want_beta);
  }
  free_model(m);
}

static void test_model_mutator_mostly_rules_and_valid(void **state) {
  (void)state;
  mlf_mutator *mut = mlf_mutator_new(&mlf__lemon__model__descriptor, 42, NULL);
  size_t rules = 0, total = 0;
  for (int i = 0; i < N_SEEDS; i++) {
    lemon_model_msg *seed = load_seed(seed_names[i]);
    uint8_t buf[8192];
    size_t n = mlf__lemon__model__pack(seed, buf);
    free_model(seed);
    for (int k = 0; k < 300; k++, total++) {
      n = mlf_mutate_bytes(mut, buf, n, sizeof buf);
      rules += !strcmp(mlf_mutator_last_op(mut), "lemon:rule");
      lemon_model_msg *m = mlf__lemon__model__unpack(NULL, n, buf);
      assert_non_null(m);
      shapes s;
      infer_ok(m, &s);
      assert_true(m->n_lineage <= LEMON_LINEAGE_MAX || strcmp(mlf_mutator_last_op(mut), "lemon:rule"));
      free_model(m);
    }
  }
  print_message("Model mutator: %zu of %zu mutations were LEMON rules (%.0f%%)\n", rules, total,
                100.0 * (double)rules / (double)total);
  assert_true(rules * 3 > total * 2); /* LEMON_RULE_WEIGHT: at least two in three */
  mlf_mutator_free(mut);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seeds_valid_and_small),
      cmocka_unit_test(test_rule_names),
      cmocka_unit_test(test_repair_keeps_wide_activation_parameters),
      cmocka_unit_test(test_lr_removes_one_shape_keeping_layer),
      cmocka_unit_test(test_edits_renumber_references_and_inner_mutations),
      cmocka_unit_test(test_ls_switches_two_layers),
      cmocka_unit_test(test_lc_copies_with_same_weights),
      cmocka_unit_test(test_la_inserts_a_shape_keeping_layer),
      cmocka_unit_test(test_mla_inserts_a_shape_keeping_bundle),
      cmocka_unit_test(test_afrm_and_afrp),
      cmocka_unit_test(test_rules_respect_sqrt_domain),
      cmocka_unit_test(test_inner_rules_append_on_weighted_layers),
      cmocka_unit_test(test_invalid_model_takes_no_rule),
      cmocka_unit_test(test_chains_stay_valid_without_repair),
      cmocka_unit_test(test_mh_one_step_frequencies),
      cmocka_unit_test(test_mh_on_a_model_among_applicable_rules),
      cmocka_unit_test(test_mh_chain_prefers_higher_ranks),
      cmocka_unit_test(test_equal_ratios_and_uniform_selection_are_uniform),
      cmocka_unit_test(test_seed_selection_prefers_less_picked),
      cmocka_unit_test(test_acc_cache_and_guidance),
      cmocka_unit_test(test_guidance_shared_across_processes),
      cmocka_unit_test(test_model_mutator_mostly_rules_and_valid),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
