/* API specification tables of the MoCo family: per function its parameters with their kinds,
 * legal ranges and defaults, and its group (API replacement stays inside a group), written
 * here from the installed headers and the libraries' documentation. A table also names the
 * constraints between parameters and between blocks (legalize) and which values just past a
 * boundary are the ones the library documents as refused (boundary). The mutators need them
 * to keep programs valid and to derive new ones; the harness needs them to decode a block. */
#ifndef MOCO_SPEC_H
#define MOCO_SPEC_H
#include <stddef.h>
#include "moco.pb-c.h"

typedef enum { MOCO_INT, MOCO_REAL, MOCO_TEXT } moco_kind;

typedef struct {
  const char *name;
  moco_kind kind;
  double lo, hi;       /* legal closed range (MOCO_TEXT: of the length in bytes) */
  double fallback;     /* the value a missing argument takes (MOCO_TEXT: ignored) */
  double resolution;   /* MOCO_REAL: the step "just past a boundary" moves by */
} moco_param;

#define MOCO_MAX_PARAMS 8

typedef struct {
  const char *name;
  const char *group;
  unsigned n_params;
  moco_param params[MOCO_MAX_PARAMS];
  /* 1 when the library checks the arguments only when it uses them and a later call of the
   * same API replaces them: a refused value then counts only when no later call replaces it. */
  int deferred;
} moco_api;

typedef struct {
  const moco_api *apis;
  size_t n_apis;
  /* The API the template needs exactly once, as the first block (the PNG header), or -1. */
  int first_api;
  /* Restores the constraints between parameters and blocks of a program whose every argument
   * is already of the right kind and inside its range (e.g. the first block creates the
   * image; a bit depth the colour type allows). The argument the last derivation step made
   * negative, if any, is left to the caller. Idempotent. */
  void (*legalize)(Mlf__Moco__Program *p);
  /* 1 when value v of parameter `param` of block b is legal in its program (ranges and the
   * constraints legalize keeps). */
  int (*legal)(const Mlf__Moco__Program *p, size_t b, unsigned param, double v);
  /* 1 when the library documents the value just past the lower (upper = 0) or upper boundary
   * of parameter `param` of API `api` as refused (an error or a warning). */
  int (*refused)(unsigned api, unsigned param, int upper);
} moco_spec;

/* The specification of a program's template. */
const moco_spec *moco_spec_of(const Mlf__Moco__Program *p);
/* The index of an API by name in spec, or -1. */
int moco_api_index(const moco_spec *spec, const char *name);
/* Removes block b of p. */
void moco_drop_block(Mlf__Moco__Program *p, size_t b);
/* An argument as a number (integer or real; text: its length). */
double moco_value_number(const Mlf__Moco__Value *v);

extern const moco_spec moco_png_spec;
#endif
