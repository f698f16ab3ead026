/* Differential executor over N backends (see mlf_differential.h). */
#include "mlf_differential.h"
#include "mlf_report.h"

#include <stdio.h>
#include <stdlib.h>

/* 1 when compared[i] disagrees with every other compared backend and those others all
 * agree with each other pairwise. */
static int is_odd_one(const mlf_diff_outcome *o, const int *compared, size_t m, size_t i) {
  for (size_t j = 0; j < m; j++) {
    if (j == i) continue;
    if (o->pair[compared[i]][compared[j]] == MLF_CMP_OK) return 0;
    for (size_t k = j + 1; k < m; k++)
      if (k != i && o->pair[compared[j]][compared[k]] != MLF_CMP_OK) return 0;
  }
  return 1;
}

/* The majority-vote rule documented in the header; at most one backend can satisfy it. */
static int find_odd_one(const mlf_diff_outcome *o, const int *compared, size_t m) {
  if (m < 3) return -1;
  for (size_t i = 0; i < m; i++)
    if (is_odd_one(o, compared, m, i)) return compared[i];
  return -1;
}

void mlf_diff_compare(const mlf_result *r, size_t n, mlf_agree_fn agree, void *ctx,
                      mlf_diff_outcome *out) {
  if (n > MLF_MAX_BACKENDS) {
    fprintf(stderr, "mlf: mlf_diff_compare: %zu backends, at most %d\n", n, MLF_MAX_BACKENDS);
    abort();
  }
  int compared[MLF_MAX_BACKENDS];
  size_t m = 0;
  out->n = n;
  out->all_agree = 1;
  for (size_t i = 0; i < MLF_MAX_BACKENDS; i++)
    for (size_t j = 0; j < MLF_MAX_BACKENDS; j++) out->pair[i][j] = -1;
  for (size_t i = 0; i < n; i++)
    if (r[i].status == MLF_RESULT_OK) compared[m++] = (int)i;
  for (size_t a = 0; a < m; a++)
    for (size_t b = a + 1; b < m; b++) {
      int i = compared[a], j = compared[b];
      mlf_cmp_kind k = agree(r[i].data, r[j].data, ctx);
      out->pair[i][j] = out->pair[j][i] = (int)k;
      if (k != MLF_CMP_OK) out->all_agree = 0;
    }
  out->odd_one = find_odd_one(out, compared, m);
}

char mlf_tag_char(char c) {
  if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
  int keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
  return keep ? c : '_';
}

/* Appends one sanitized part; returns the new position (never past len - 1). */
static size_t put_part(char *buf, size_t len, size_t pos, const char *part) {
  for (const char *s = part ? part : ""; *s && pos + 1 < len; s++) buf[pos++] = mlf_tag_char(*s);
  return pos;
}

size_t mlf_finding_tag(char *buf, size_t len, const char *target, const char *backend,
                       const char *op, const char *kind) {
  if (len == 0) return 0;
  const char *parts[] = {"mlf", target, backend, op, kind};
  size_t pos = 0;
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    if (i > 0 && pos + 1 < len) buf[pos++] = ':';
    pos = put_part(buf, len, pos, parts[i]);
  }
  buf[pos] = '\0';
  return pos;
}

void mlf_diff_log_disagreements(struct mlf_run *run, const mlf_result *r, size_t n,
                                const mlf_diff_outcome *d) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      if (d->pair[i][j] > MLF_CMP_OK)
        mlf_log(run, "disagree: %s vs %s (%s)", r[i].backend, r[j].backend,
                mlf_cmp_kind_name((mlf_cmp_kind)d->pair[i][j]));
}
