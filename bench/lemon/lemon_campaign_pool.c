/* The campaign's model pool (lemon_campaign_pool.h). */
#include "lemon_campaign_pool.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *checked(void *p) {
  if (!p) {
    fprintf(stderr, "lemon_campaign: out of memory\n");
    abort();
  }
  return p;
}

lemon_model_msg *campaign_model_copy(const lemon_model_msg *m) {
  size_t len = mlf__lemon__model__get_packed_size(m);
  uint8_t *buf = checked(malloc(len ? len : 1));
  mlf__lemon__model__pack(m, buf);
  lemon_model_msg *copy = mlf__lemon__model__unpack(NULL, len, buf);
  free(buf);
  return checked(copy);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of the *.bin files directly in dir, sorted; NULL when dir cannot be read. */
static char **bin_names(const char *dir, size_t *n) {
  DIR *d = opendir(dir);
  if (!d) return NULL;
  char **names = NULL;
  size_t cap = 0;
  *n = 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len < 5 || strcmp(e->d_name + len - 4, ".bin") || e->d_type == DT_DIR) continue;
    if (*n == cap) names = checked(realloc(names, (cap = cap ? 2 * cap : 8) * sizeof *names));
    names[(*n)++] = checked(strdup(e->d_name));
  }
  closedir(d);
  qsort(names, *n, sizeof *names, by_name);
  return names;
}

/* One seed file: an encoded Model that shape inference accepts, or NULL with why. */
static lemon_model_msg *read_seed(const char *path, char *why, size_t why_len) {
  FILE *f = fopen(path, "rb");
  if (!f) return snprintf(why, why_len, "cannot read %s", path), NULL;
  uint8_t *buf = NULL;
  size_t len = 0, cap = 0, got;
  do {
    if (len == cap) buf = checked(realloc(buf, cap = cap ? 2 * cap : 4096));
    got = fread(buf + len, 1, cap - len, f);
    len += got;
  } while (got);
  fclose(f);
  lemon_model_msg *m = mlf__lemon__model__unpack(NULL, len, buf);
  free(buf);
  if (!m) return snprintf(why, why_len, "%s is not an encoded mlf.lemon.Model", path), NULL;
  lemon_shape input;
  lemon_geometry *geo = checked(calloc(m->n_layers + 1, sizeof *geo));
  char reason[200];
  int bad = lemon_infer(m, &input, geo, reason, sizeof reason);
  free(geo);
  if (bad) {
    snprintf(why, why_len, "seed %s is not a valid model: %s", path, reason);
    mlf__lemon__model__free_unpacked(m, NULL);
    return NULL;
  }
  return m;
}

int campaign_pool_load(campaign_pool *p, const char *dir, size_t cap, char *why, size_t why_len) {
  memset(p, 0, sizeof *p);
  size_t n_files = 0;
  char **names = bin_names(dir, &n_files);
  if (!names) return snprintf(why, why_len, "cannot read the seed directory %s", dir), -1;
  if (n_files == 0 || n_files >= cap) { /* room for one mutant at least */
    snprintf(why, why_len, "%s holds %zu seed files (*.bin), want 1 to %zu (run make corpora)",
             dir, n_files, cap - 1);
    free(names);
    return -1;
  }
  p->cap = cap;
  p->models = checked(calloc(cap, sizeof *p->models));
  p->acc = checked(calloc(cap, sizeof *p->acc));
  p->picked = checked(calloc(cap, sizeof *p->picked));
  int status = 0;
  for (size_t i = 0; i < n_files; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    if (!status && !(p->models[p->n++] = read_seed(path, why, why_len))) p->n--, status = -1;
    free(names[i]);
  }
  free(names);
  p->n_seeds = p->next_evict = p->n;
  if (status) campaign_pool_free(p);
  return status;
}

void campaign_pool_add(campaign_pool *p, lemon_model_msg *m, double acc) {
  size_t at = p->n;
  if (p->n == p->cap) {
    at = p->next_evict;
    p->next_evict = at + 1 < p->cap ? at + 1 : p->n_seeds;
    mlf__lemon__model__free_unpacked(p->models[at], NULL);
  } else {
    p->n++;
  }
  p->models[at] = m;
  p->acc[at] = acc;
  p->picked[at] = 0;
}

void campaign_pool_free(campaign_pool *p) {
  for (size_t i = 0; i < p->n; i++) mlf__lemon__model__free_unpacked(p->models[i], NULL);
  free(p->models);
  free(p->acc);
  free(p->picked);
  memset(p, 0, sizeof *p);
}
