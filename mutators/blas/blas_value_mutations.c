/* Special-value mutations shared by the BLAS mutators (see blas_value_mutations.h). */
#include "blas_value_mutations.h"
#include <stdlib.h>

static void *allocate(size_t size) {
  void *p = malloc(size);
  if (!p) abort();
  return p;
}

void blas_special_scalar(Mlf__Blas__Scalar **scalar, mlf_rng *rng) {
  if (!*scalar) {
    *scalar = allocate(sizeof **scalar);
    mlf__blas__scalar__init(*scalar);
  }
  mlf_set_special(mlf_rng_chance(rng, 75) ? &(*scalar)->re : &(*scalar)->im, rng);
}

int blas_poke_special(Mlf__Blas__Fill **fill, size_t max_pokes, mlf_rng *rng) {
  if (!*fill) {
    *fill = allocate(sizeof **fill);
    mlf__blas__fill__init(*fill);
  }
  Mlf__Blas__Fill *f = *fill;
  if (f->n_pokes >= max_pokes) return 0;
  Mlf__Blas__Poke **pokes = realloc(f->pokes, (f->n_pokes + 1) * sizeof *pokes);
  if (!pokes) abort();
  Mlf__Blas__Poke *p = allocate(sizeof *p);
  mlf__blas__poke__init(p);
  p->has_index = 1;
  p->index = (uint32_t)mlf_rng_next(rng);
  p->value = NULL;
  mlf_set_special(&p->value, rng);
  p->has_imaginary = mlf_rng_chance(rng, 25);
  p->imaginary = p->has_imaginary;
  pokes[f->n_pokes++] = p;
  f->pokes = pokes;
  return 1;
}
