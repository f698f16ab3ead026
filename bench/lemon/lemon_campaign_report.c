/* Printing the campaign bench's results (lemon_campaign_report.h). */
#include "lemon_campaign_report.h"

static void print_modes(FILE *out, const char *const *names, const campaign_stats *const *st,
                        size_t n) {
  fprintf(out, "%-9s %6s %8s %7s %9s %6s %7s %5s %6s %9s %6s %9s %6s %10s\n", "mode", "execs",
          "seconds", "exec/s", "generated", "valid", "valid%", "kept", "slots", "findings",
          "known", "dmad>0.4", "noise", "violations");
  for (size_t i = 0; i < n; i++) {
    const campaign_stats *s = st[i];
    size_t known = 0;
    for (size_t t = 0; t < s->n_tags; t++) known += s->tag_known[t];
    char valid_share[16] = "n/a";
    if (s->generated) snprintf(valid_share, sizeof valid_share, "%.1f%%", 100.0 * s->valid / s->generated);
    fprintf(out, "%-9s %6zu %8.1f %7.2f %9zu %6zu %7s %5zu %6zu %9zu %6zu %9zu %6zu %10zu\n",
            names[i], s->executions, s->seconds, s->seconds > 0 ? s->executions / s->seconds : 0,
            s->generated, s->valid, valid_share, s->kept, s->slots, s->n_tags + s->tags_dropped,
            known, s->paper_inconsistent, s->rounding_noise, s->bound_violations);
  }
}

static double mean(const campaign_pair *p, int kept) {
  return p->n[kept] ? p->sum[kept] / (double)p->n[kept] : 0;
}

/* V_I from the first mode (every mode runs the same seeds first). */
static void print_table5(FILE *out, const char *const *names, const campaign_stats *const *st,
                         size_t n) {
  fprintf(out, "\nTable 5 form: mean over models of the mean D_MAD over inputs, seed models (V_I)"
               " vs kept mutants (V_M), ratio V_M / V_I\n%-20s %6s", "library pair", "V_I");
  for (size_t i = 0; i < n; i++) fprintf(out, " %8.8s_V_M %6s", names[i], "ratio");
  fputc('\n', out);
  for (size_t p = 0; p < st[0]->n_pairs; p++) {
    const campaign_pair *seed = &st[0]->pairs[p];
    double vi = mean(seed, 0);
    fprintf(out, "%-20s %6.3f", seed->name, vi);
    for (size_t i = 0; i < n; i++) {
      int q = campaign_pair_find(st[i], seed->name);
      const campaign_pair *kept = q >= 0 ? &st[i]->pairs[q] : NULL;
      double vm = kept ? mean(kept, 1) : 0;
      if (!kept || !kept->n[1]) fprintf(out, " %12s %6s", "-", "-");
      else if (vi > 0) fprintf(out, " %12.3f %6.2f", vm, vm / vi);
      else fprintf(out, " %12.3f %6s", vm, vm > 0 ? "inf" : "-"); /* 0 / 0: no ratio */
    }
    fputc('\n', out);
  }
}

static void print_rules(FILE *out, const char *const *names, const campaign_stats *const *st,
                        size_t n) {
  fprintf(out, "\nrules: mutants scored / amplification ratio (ACC above the parent's)\n%-5s", "rule");
  for (size_t i = 0; i < n; i++) fprintf(out, " %14s", names[i]);
  fputc('\n', out);
  for (int r = 0; r < LEMON_RULE_COUNT; r++) {
    fprintf(out, "%-5s", lemon_rule_name((lemon_rule)r));
    for (size_t i = 0; i < n; i++)
      fprintf(out, " %7llu / %4.2f", (unsigned long long)st[i]->rules.selected[r],
              lemon_rule_ratio(&st[i]->rules, (lemon_rule)r));
    fputc('\n', out);
  }
}

static void print_tags(FILE *out, const char *const *names, const campaign_stats *const *st,
                       size_t n) {
  for (size_t i = 0; i < n; i++) {
    fprintf(out, "\nfindings %s: %zu unique tags\n", names[i], st[i]->n_tags + st[i]->tags_dropped);
    for (size_t t = 0; t < st[i]->n_tags; t++) {
      char path[4096];
      campaign_artifact_path(st[i], t, path, sizeof path);
      fprintf(out, "  %s%s at execution %zu%s%s\n", st[i]->tags[t],
              st[i]->tag_known[t] ? " (known)" : "", st[i]->tag_execution[t],
              !st[i]->tag_known[t] && *path ? ", model " : "", st[i]->tag_known[t] ? "" : path);
    }
    if (st[i]->tags_dropped) fprintf(out, "  ... and %zu more\n", st[i]->tags_dropped);
  }
}

void campaign_report(FILE *out, const char *const *mode_names, const campaign_stats *const *st,
                     size_t n) {
  if (!n) return;
  print_modes(out, mode_names, st, n);
  print_table5(out, mode_names, st, n);
  print_rules(out, mode_names, st, n);
  print_tags(out, mode_names, st, n);
}
