/* LEMON campaign bench (make bench): LEMON's model generation (Wang et al., FSE 2020,
 * Algorithm 1) against oneDNN, XNNPACK and the double-precision reference G, at a fixed budget
 * of model executions per mode, from the seed models (*.bin files in build/corpora/lemon_model):
 *   guided    LEMON: parent by roulette wheel over 1 / (c + 1), rule by Metropolis-Hastings
 *             over the rules' amplification ratios, a mutant kept when its ACC exceeds its
 *             parent's;
 *   random    LEMON_r: uniform parent and rule, every valid mutant kept;
 *   feedback  uniform parent and rule, a mutant kept only when it hits a semantic-feedback
 *             slot (mlf_feedback: D_MAD buckets per backend pair and layer kind, closeness
 *             to G's bound per backend and layer kind) no earlier execution of the mode hit.
 * Prints per mode: executions, exec/s, generated and valid models (lemon_infer without
 * repair), kept mutants, feedback slots, unique finding tags, the paper's inconsistencies
 * (input, pair of library runs with D_MAD > 0.4) and how many of them are rounding noise (both
 * runs within G's rigorous bound), bound violations; then the paper's Table 5 (mean D_MAD per
 * library pair of the seeds vs the kept mutants), the rules' amplification ratios and the
 * tags (--artifacts DIR saves the first model of each tag not in the registry).
 * Deterministic for a given --seed and backend set (MLF_LEMON_BACKENDS; MLF_LEMON_VARIANTS,
 * default 8: every implementation oneDNN offers; fewer runs faster). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "lemon_campaign_pool.h"
#include "lemon_campaign_report.h"
#include "lemon_campaign_stats.h"
#include "lemon_execute.h"

#define POOL_CAP 200
/* Consecutive mutation attempts without an execution before the mode gives up. */
#define MAX_FRUITLESS 1000

typedef enum { MODE_GUIDED, MODE_RANDOM, MODE_FEEDBACK, MODE_COUNT } campaign_mode;
static const char *const mode_names[MODE_COUNT] = {"guided", "random", "feedback"};

typedef struct {
  uint64_t seed;
  size_t budget;
  unsigned modes;  /* bit per campaign_mode */
  const char *seeds;
  const char *artifacts;  /* directory for the models of new findings, or NULL */
} options;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int usage(const char *why) {
  fprintf(stderr,
          "lemon_campaign: %s\n"
          "usage: lemon_campaign [--seed N] [--budget N] [--mode guided|random|feedback|all]\n"
          "                      [--seeds DIR (default build/corpora/lemon_model)]\n"
          "                      [--artifacts DIR (models of findings not in the registry)]\n"
          "  --budget: model executions per mode, seeds included (default 300)\n",
          why);
  return 2;
}

/* 0 and *value when text is a whole decimal number in [lo, hi]. */
static int parse_number(const char *text, unsigned long long lo, unsigned long long hi,
                        unsigned long long *value) {
  char *end;
  if (!text || !*text || *text == '-') return -1;
  *value = strtoull(text, &end, 10);
  return *end || *value < lo || *value > hi ? -1 : 0;
}

static int parse_options(int argc, char **argv, options *o) {
  *o = (options){.seed = 1, .budget = 300, .modes = (1u << MODE_COUNT) - 1,
                 .seeds = "build/corpora/lemon_model"};
  for (int i = 1; i < argc; i += 2) {
    const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    unsigned long long n;
    if (!strcmp(arg, "--seed") && !parse_number(val, 0, UINT64_MAX, &n)) o->seed = n;
    else if (!strcmp(arg, "--budget") && !parse_number(val, 1, 100000000, &n)) o->budget = n;
    else if (!strcmp(arg, "--seeds") && val) o->seeds = val;
    else if (!strcmp(arg, "--artifacts") && val) o->artifacts = val;
    else if (!strcmp(arg, "--mode") && val) {
      o->modes = 0;
      for (int m = 0; m < MODE_COUNT; m++)
        if (!strcmp(val, mode_names[m]) || !strcmp(val, "all")) o->modes |= 1u << m;
      if (!o->modes) return usage("unknown --mode");
    } else {
      char why[160];
      snprintf(why, sizeof why, "bad or incomplete argument '%.100s'", arg);
      return usage(!strcmp(arg, "--help") ? "LEMON campaign bench" : why);
    }
  }
  return 0;
}

/* 1 when shape inference accepts m as it is (no repair). */
static int model_valid(const lemon_model_msg *m) {
  lemon_shape input;
  lemon_geometry *geo = calloc(m->n_layers + 1, sizeof *geo);
  char why[200];
  if (!geo) abort();
  int ok = lemon_infer(m, &input, geo, why, sizeof why) == 0;
  free(geo);
  return ok;
}

/* One mutant of a parent picked as the mode picks: 0 and *mutant / *rule / *parent, or -1
 * when no rule applies to the parent (nothing generated). */
static int generate(campaign_mode mode, campaign_pool *pool, campaign_stats *st,
                    lemon_rule last, mlf_rng *rng, lemon_model_msg **mutant, lemon_rule *rule,
                    size_t *parent) {
  *parent = mode == MODE_GUIDED ? lemon_select_seed(pool->picked, pool->n, rng)
                                : (size_t)mlf_rng_below(rng, pool->n);
  pool->picked[*parent]++;
  *mutant = campaign_model_copy(pool->models[*parent]);
  *rule = mode == MODE_GUIDED ? lemon_select_rule(&st->rules, *mutant, last, rng)
                              : lemon_select_rule_uniform(*mutant, rng);
  if (*rule != LEMON_RULE_COUNT && lemon_apply_rule(*mutant, *rule, rng)) return 0;
  mlf__lemon__model__free_unpacked(*mutant, NULL);
  return -1;
}

/* Whether the mode keeps a mutant. */
static int keeps(campaign_mode mode, int amplified, const campaign_outcome *o) {
  return mode == MODE_GUIDED ? amplified : mode == MODE_RANDOM ? 1 : o->new_slots > 0;
}

/* One iteration of Algorithm 1 (lines 3-29): 1 when a mutant was executed, 0 when none was
 * (no applicable rule, or an invalid mutant: counted, never run), -1 with why on an error. */
static int step(campaign_mode mode, campaign_pool *pool, campaign_stats *st, lemon_rule *last,
                mlf_rng *rng, char *why, size_t why_len) {
  lemon_model_msg *m;
  lemon_rule r;
  size_t parent;
  if (generate(mode, pool, st, *last, rng, &m, &r, &parent) != 0) return 0;
  st->generated++;
  if (!model_valid(m)) {
    mlf__lemon__model__free_unpacked(m, NULL);
    return 0;
  }
  st->valid++;
  campaign_outcome o;
  if (campaign_execute(m, st, &o, why, why_len) != 0) {
    mlf__lemon__model__free_unpacked(m, NULL);
    return -1;
  }
  int amplified = o.acc > pool->acc[parent];
  lemon_rule_stats_record(&st->rules, r, amplified);
  *last = r;
  if (!keeps(mode, amplified, &o)) {
    mlf__lemon__model__free_unpacked(m, NULL);
    return 1;
  }
  st->kept++;
  campaign_record_dmad(st, &o, 1);
  campaign_pool_add(pool, m, o.acc);
  return 1;
}

/* Runs one mode until st->executions reaches the budget. 0, or -1 after a message. */
static int run_mode(campaign_mode mode, const options *opt, campaign_stats *st) {
  campaign_pool pool;
  char why[512] = "";
  if (campaign_pool_load(&pool, opt->seeds, POOL_CAP, why, sizeof why))
    return fprintf(stderr, "lemon_campaign: %s\n", why), -1;
  mlf_rng rng;
  mlf_rng_seed(&rng, opt->seed);
  double t0 = now_s();
  int status = 0;
  for (size_t i = 0; i < pool.n_seeds && !status; i++) {
    campaign_outcome o;
    status = campaign_execute(pool.models[i], st, &o, why, sizeof why);
    pool.acc[i] = o.acc;
    campaign_record_dmad(st, &o, 0);
  }
  lemon_rule last = LEMON_RULE_COUNT;  /* the Metropolis-Hastings chain's state */
  for (size_t fruitless = 0; !status && st->executions < opt->budget;) {
    int ran = step(mode, &pool, st, &last, &rng, why, sizeof why);
    if (ran < 0) status = -1;
    else if (ran) fruitless = 0;
    else if (++fruitless == MAX_FRUITLESS)
      snprintf(why, sizeof why, "%d attempts in a row made no valid mutant", MAX_FRUITLESS),
          status = -1;
  }
  st->seconds = now_s() - t0;
  if (status) fprintf(stderr, "lemon_campaign: %s mode: %s\n", mode_names[mode], why);
  campaign_pool_free(&pool);
  return status;
}

int main(int argc, char **argv) {
  options opt;
  if (parse_options(argc, argv, &opt)) return 2;
  if (opt.artifacts && mkdir(opt.artifacts, 0777) != 0 && errno != EEXIST)
    return fprintf(stderr, "lemon_campaign: cannot create %s: %s\n", opt.artifacts,
                   strerror(errno)), 1;
  const char *identities = lemon_execute_init();
  const char *variants = getenv("MLF_LEMON_VARIANTS");
  printf("lemon_campaign: seed %llu, budget %zu model executions per mode (seeds included), "
         "seeds %s, pool cap %d, MLF_LEMON_VARIANTS=%s\n%s",
         (unsigned long long)opt.seed, opt.budget, opt.seeds, POOL_CAP,
         variants ? variants : "(default 8)", identities);
  static campaign_stats stats[MODE_COUNT];
  const campaign_stats *ran[MODE_COUNT];
  const char *ran_names[MODE_COUNT];
  size_t n = 0;
  for (int m = 0; m < MODE_COUNT; m++) {
    if (!(opt.modes >> m & 1)) continue;
    static char prefix[MODE_COUNT][4096];
    if (opt.artifacts) {
      snprintf(prefix[m], sizeof prefix[m], "%s/%s-", opt.artifacts, mode_names[m]);
      stats[m].artifact_prefix = prefix[m];
    }
    if (run_mode((campaign_mode)m, &opt, &stats[m]) != 0) return 1;
    ran[n] = &stats[m], ran_names[n++] = mode_names[m];
  }
  printf("columns: valid = lemon_infer accepts the mutant without repair; kept = mutants added"
         " to the pool; slots = semantic-feedback slots hit; findings = unique tags (known: in"
         " the registry); dmad>0.4 = (input, pair of library runs) over the paper's threshold,"
         " noise = of those, both runs within G's rounding bound; violations = (model, run) out"
         " of it\n");
  campaign_report(stdout, ran_names, ran, n);
  return 0;
}
