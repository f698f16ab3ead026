/* Prints one line per MoCo target, "<library> <functions> <tables>": the library as in the
 * target's name (moco_<library>), how many distinct API functions its specification tables
 * name, and each table with its own count ("png:46,png-image:5"). A template belongs to the
 * target its enum name begins with (PNG_WRITE_READ and PNG_SIMPLIFIED: moco_png; FANN_NETWORK:
 * moco_fann); its table comes from moco_spec_of, and a table several templates share counts
 * once. Used by scripts/bench-moco.sh. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "moco_spec.h"

#define MAX_TEMPLATES 64

/* The target a template belongs to: its enum name up to the first '_', lower-cased. */
static void target_of(const char *template_name, char *out, size_t size) {
  size_t n = strcspn(template_name, "_");
  if (n >= size) n = size - 1;
  for (size_t i = 0; i < n; i++) out[i] = (char)tolower((unsigned char)template_name[i]);
  out[n] = '\0';
}

/* How many distinct API names the tables specs[0..n) hold together. */
static size_t distinct_apis(const moco_spec *const *specs, size_t n) {
  size_t count = 0;
  for (size_t s = 0; s < n; s++)
    for (size_t a = 0; a < specs[s]->n_apis; a++) {
      int earlier = 0;
      for (size_t t = 0; t <= s && !earlier; t++)
        for (size_t b = 0; b < (t == s ? a : specs[t]->n_apis) && !earlier; b++)
          earlier = strcmp(specs[t]->apis[b].name, specs[s]->apis[a].name) == 0;
      count += !earlier;
    }
  return count;
}

int main(void) {
  const ProtobufCEnumDescriptor *templates = &mlf__moco__program__template__descriptor;
  char targets[MAX_TEMPLATES][32];
  const moco_spec *specs[MAX_TEMPLATES];
  size_t n = 0;
  for (unsigned i = 0; i < templates->n_values && n < MAX_TEMPLATES; i++) {
    Mlf__Moco__Program p = MLF__MOCO__PROGRAM__INIT;
    p.template_ = (Mlf__Moco__Program__Template)templates->values[i].value;
    if (!(specs[n] = moco_spec_of(&p))) continue; /* a template no library has yet */
    target_of(templates->values[i].name, targets[n], sizeof targets[n]);
    n++;
  }
  for (size_t i = 0; i < n; i++) {
    int printed = 0;
    for (size_t j = 0; j < i && !printed; j++) printed = strcmp(targets[j], targets[i]) == 0;
    if (printed) continue;
    const moco_spec *mine[MAX_TEMPLATES];
    size_t m = 0;
    for (size_t j = i; j < n; j++) {
      int shared = 0;
      for (size_t k = 0; k < m && !shared; k++) shared = mine[k] == specs[j];
      if (strcmp(targets[j], targets[i]) == 0 && !shared) mine[m++] = specs[j];
    }
    printf("%s %zu ", targets[i], distinct_apis(mine, m));
    for (size_t k = 0; k < m; k++) printf("%s%s:%zu", k ? "," : "", mine[k]->library, mine[k]->n_apis);
    putchar('\n');
  }
  return 0;
}
