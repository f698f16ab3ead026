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

/* MOCO_HANDLE: a reference to an earlier block that created a handle of the parameter's type
 * and that no block between them freed. */
typedef enum { MOCO_INT, MOCO_REAL, MOCO_TEXT, MOCO_HANDLE } moco_kind;

typedef struct {
  const char *name;
  moco_kind kind;
  double lo, hi;       /* legal closed range (MOCO_TEXT: of the length in bytes) */
  double fallback;     /* the value a missing argument takes (MOCO_TEXT: ignored) */
  double resolution;   /* MOCO_REAL: the step "just past a boundary" moves by */
  /* MOCO_HANDLE: the handle type it needs. MOCO_INT, MOCO_REAL: a result type whose value it
   * may take by reference instead of a literal (every value of that type lies in the range),
   * or NULL. */
  const char *type;
} moco_param;

#define MOCO_MAX_PARAMS 8
#define MOCO_MAX_BLOCKS 24

/* Parameter rows of the tables: an integer, a real (res: the step just past a boundary), a
 * text (lo, hi: of its length), a handle of a type, a number that may also take the result of
 * an earlier block of a type by reference. */
#define MOCO_I(name, lo, hi, fallback) {name, MOCO_INT, lo, hi, fallback, 1, NULL}
#define MOCO_R(name, lo, hi, fallback, res) {name, MOCO_REAL, lo, hi, fallback, res, NULL}
#define MOCO_T(name, lo, hi) {name, MOCO_TEXT, lo, hi, 0, 1, NULL}
#define MOCO_H(name, type) {name, MOCO_HANDLE, 0, 0, 0, 1, type}
#define MOCO_I_OR_REF(name, lo, hi, fallback, type) {name, MOCO_INT, lo, hi, fallback, 1, type}
#define MOCO_R_OR_REF(name, lo, hi, fallback, res, type) {name, MOCO_REAL, lo, hi, fallback, res, type}

typedef struct {
  const char *name;
  const char *group;
  unsigned n_params;
  moco_param params[MOCO_MAX_PARAMS];
  /* 1 when the library checks the arguments only when it uses them and a later call of the
   * same API replaces them: a refused value then counts only when no later call replaces it. */
  int deferred;
  /* The type of the result later blocks may reference (a handle it creates, or a number), or
   * NULL. */
  const char *returns;
  /* 1 + the index of the handle parameter whose handle the call frees (no later block may use
   * it), or 0. */
  unsigned frees;
} moco_api;

typedef struct {
  const char *library; /* as in finding tags and feedback names: "png", "fann" */
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
  /* 1 when the template hands the library an allocator the harness controls, so that an
   * allocation-failure schedule (Program.fail_allocation) means something. */
  int custom_allocator;
} moco_spec;

/* The specification of a program's template. */
const moco_spec *moco_spec_of(const Mlf__Moco__Program *p);
/* Makes p a program its template can run (moco_program.c); the post-processor of every MoCo
 * root message (moco_templates.c) calls it once the template is one of its library's. */
void moco_post_process_program(Mlf__Moco__Program *p);
/* The program a library's root message holds (created empty when missing). */
Mlf__Moco__Program *moco_root_program(ProtobufCMessage *msg);
/* The index of an API by name in spec, or -1. */
int moco_api_index(const moco_spec *spec, const char *name);
/* Removes block b of p; references to later blocks follow them, references to b are left
 * dangling (UINT32_MAX) for the post-processor to re-point. */
void moco_drop_block(Mlf__Moco__Program *p, size_t b);
/* An argument as a number (integer or real; text: its length; a reference: NAN, its value
 * exists only when the program runs). */
double moco_value_number(const Mlf__Moco__Value *v);

/* The specifications, one file each (moco_<library>_spec.c); moco_templates.c maps templates
 * to them. */
extern const moco_spec moco_png_spec;
extern const moco_spec moco_png_image_spec;
extern const moco_spec moco_fann_spec;
extern const moco_spec moco_dnnl_spec;
#endif
