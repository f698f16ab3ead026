/* The OcrCase post-processor and domain mutators. The post-processor keeps a case inside the
 * text-to-image pseudo-inverse's range (keeper_image_bounds.h): the scene renders as an image,
 * its text is one line of at most KEEPER_TEXT_MAX characters the fonts draw (others are
 * dropped), its font is one of KEEPER_FONTS (an unknown name becomes one by its length), every
 * number lies in its range, and text length times size keeps the canvas in budget. It leaves
 * a valid case unchanged. Domain mutators: another font, a word of a small vocabulary, another
 * relation with parameters in range, another distortion. */
#include <stdlib.h>
#include <string.h>
#include "keeper.pb-c.h"
#include "keeper_image_bounds.h"
#include "mlf_mutator.h"

typedef Mlf__Keeper__OcrCase ocr_case;
typedef Mlf__Keeper__ImageRendering rendering;

static const char *const fonts[KEEPER_N_FONTS] = {KEEPER_FONTS};
/* Pixels of text per line the budget allows: characters times pixel size. */
#define KEEPER_TEXT_EXTENT_MAX 1400

static void replace_string(char **s, const char *with) {
  if (*s && *s != protobuf_c_empty_string) free(*s);
  *s = strdup(with);
}

static void *new_message(size_t size, void (*init)(void *)) {
  void *m = calloc(1, size);
  if (!m) abort();
  init(m);
  return m;
}

static void init_rendering(void *m) { mlf__keeper__image_rendering__init(m); }
static void init_scene(void *m) { mlf__keeper__scene__init(m); }
static void init_relation(void *m) { mlf__keeper__image_relation__init(m); }
static void init_distortion(void *m) { mlf__keeper__distortion__init(m); }

static void clamp_u(uint32_t *v, protobuf_c_boolean *has, uint32_t lo, uint32_t hi) {
  if (*v < lo) *has = 1, *v = lo;
  if (*v > hi) *has = 1, *v = lo + *v % (hi - lo + 1);
}

/* Keeps the characters of KEEPER_TEXT_ALPHABET, at most KEEPER_TEXT_MAX of them, in place. */
static void bound_text(char *text) {
  size_t n = 0;
  for (const char *c = text; *c && n < KEEPER_TEXT_MAX; c++)
    if (strchr(KEEPER_TEXT_ALPHABET, *c)) text[n++] = *c;
  text[n] = 0;
}

static int known_font(const char *name) {
  for (int i = 0; i < KEEPER_N_FONTS; i++)
    if (!strcmp(name, fonts[i])) return 1;
  return 0;
}

static void bound_distortion(Mlf__Keeper__Distortion *d) {
  clamp_u(&d->noise_specks, &d->has_noise_specks, 0, KEEPER_SPECKS_MAX);
  clamp_u(&d->blur_level, &d->has_blur_level, 0, KEEPER_BLUR_MAX);
  clamp_u(&d->texture_strength, &d->has_texture_strength, 0, KEEPER_TEXTURE_STRENGTH_MAX);
}

static void bound_rendering(rendering *r, size_t text_len) {
  if (!r->font || !known_font(r->font)) replace_string(&r->font, fonts[(r->font ? strlen(r->font) : 0) % KEEPER_N_FONTS]);
  clamp_u(&r->size_px, &r->has_size_px, KEEPER_SIZE_MIN, KEEPER_SIZE_MAX);
  if (text_len && text_len * r->size_px > KEEPER_TEXT_EXTENT_MAX) {
    uint32_t fit = (uint32_t)(KEEPER_TEXT_EXTENT_MAX / text_len);
    r->has_size_px = 1, r->size_px = fit < KEEPER_SIZE_MIN ? KEEPER_SIZE_MIN : fit;
  }
  if (r->rotation_deg < -KEEPER_ROTATION_MAX || r->rotation_deg > KEEPER_ROTATION_MAX)
    r->has_rotation_deg = 1, r->rotation_deg %= KEEPER_ROTATION_MAX + 1;
  clamp_u(&r->margin_px, &r->has_margin_px, 0, KEEPER_MARGIN_MAX);
  clamp_u(&r->foreground_gray, &r->has_foreground_gray, 0, 255);
  clamp_u(&r->background_gray, &r->has_background_gray, 0, 255);
  if (r->distortion) bound_distortion(r->distortion);
}

/* The scaled size must stay a size the renderer draws: the scale is narrowed to fit. */
static void bound_relation(Mlf__Keeper__ImageRelation *rel, uint32_t size_px) {
  clamp_u(&rel->dx, &rel->has_dx, 0, KEEPER_SHIFT_MAX);
  clamp_u(&rel->dy, &rel->has_dy, 0, KEEPER_SHIFT_MAX);
  uint32_t lo = (KEEPER_SIZE_MIN * 100 + size_px - 1) / size_px, hi = KEEPER_SIZE_MAX * 100 / size_px;
  if (lo < KEEPER_SCALE_PERCENT_MIN) lo = KEEPER_SCALE_PERCENT_MIN;
  if (hi > KEEPER_SCALE_PERCENT_MAX) hi = KEEPER_SCALE_PERCENT_MAX;
  if (rel->scale_percent || rel->kind == MLF__KEEPER__IMAGE_RELATION__KIND__SCALE)
    clamp_u(&rel->scale_percent, &rel->has_scale_percent, lo, hi);
  clamp_u(&rel->added_specks, &rel->has_added_specks, 0, KEEPER_ADDED_SPECKS_MAX);
  clamp_u(&rel->added_blur, &rel->has_added_blur, 0, KEEPER_ADDED_BLUR_MAX);
}

static void post_process_ocr_case(ProtobufCMessage *msg) {
  ocr_case *c = (ocr_case *)msg;
  if (!c->scene) c->scene = new_message(sizeof *c->scene, init_scene);
  Mlf__Keeper__Scene *s = c->scene;
  if (s->medium_case != MLF__KEEPER__SCENE__MEDIUM_IMAGE) {
    if (s->medium_case == MLF__KEEPER__SCENE__MEDIUM_SPEECH)
      protobuf_c_message_free_unpacked(&s->speech->base, NULL);
    s->medium_case = MLF__KEEPER__SCENE__MEDIUM_IMAGE;
    s->image = new_message(sizeof *s->image, init_rendering);
  }
  if (!s->text) s->text = strdup("");
  bound_text(s->text);
  bound_rendering(s->image, strlen(s->text));
  if (c->relation) bound_relation(c->relation, s->image->size_px);
}

/* ---- domain mutators -------------------------------------------------------------------- */

static const char *const words[] = {"Keeper", "total 42", "STOP", "Invoice 2019", "hello world",
                                    "Yes", "no", "Open the door.", "A1B2C3", "(call) me: now!",
                                    "lllI1|", "rn m", "O0o", "Milk, eggs; bread", "x"};

static int mutate_font(ProtobufCMessage *msg, mlf_rng *rng) {
  post_process_ocr_case(msg); /* a scene with an image to change */
  rendering *r = ((ocr_case *)msg)->scene->image;
  replace_string(&r->font, fonts[mlf_rng_below(rng, KEEPER_N_FONTS)]);
  return 1;
}

static int mutate_text(ProtobufCMessage *msg, mlf_rng *rng) {
  post_process_ocr_case(msg); /* a scene with an image to change */
  Mlf__Keeper__Scene *s = ((ocr_case *)msg)->scene;
  replace_string(&s->text, words[mlf_rng_below(rng, sizeof words / sizeof *words)]);
  return 1;
}

static int mutate_relation(ProtobufCMessage *msg, mlf_rng *rng) {
  post_process_ocr_case(msg); /* a scene with an image to change */
  ocr_case *c = (ocr_case *)msg;
  if (!c->relation) c->relation = new_message(sizeof *c->relation, init_relation);
  Mlf__Keeper__ImageRelation *rel = c->relation;
  rel->kind = (Mlf__Keeper__ImageRelation__Kind)mlf_rng_below(rng, 5), rel->has_kind = 1;
  rel->dx = (uint32_t)mlf_rng_below(rng, KEEPER_SHIFT_MAX + 1), rel->has_dx = 1;
  rel->dy = (uint32_t)mlf_rng_below(rng, KEEPER_SHIFT_MAX + 1), rel->has_dy = 1;
  rel->scale_percent = KEEPER_SCALE_PERCENT_MIN + (uint32_t)mlf_rng_below(rng, KEEPER_SCALE_PERCENT_MAX - KEEPER_SCALE_PERCENT_MIN + 1);
  rel->has_scale_percent = 1;
  rel->added_specks = (uint32_t)mlf_rng_below(rng, KEEPER_ADDED_SPECKS_MAX + 1), rel->has_added_specks = 1;
  rel->added_blur = (uint32_t)mlf_rng_below(rng, KEEPER_ADDED_BLUR_MAX + 1), rel->has_added_blur = 1;
  return 1;
}

static int mutate_distortion(ProtobufCMessage *msg, mlf_rng *rng) {
  post_process_ocr_case(msg); /* a scene with an image to change */
  rendering *r = ((ocr_case *)msg)->scene->image;
  if (!r->distortion) r->distortion = new_message(sizeof *r->distortion, init_distortion);
  Mlf__Keeper__Distortion *d = r->distortion;
  switch (mlf_rng_below(rng, 3)) {
  case 0: d->noise_specks = (uint32_t)mlf_rng_below(rng, KEEPER_SPECKS_MAX + 1), d->has_noise_specks = 1;
          d->noise_seed = mlf_rng_next(rng), d->has_noise_seed = 1; break;
  case 1: d->blur_level = (uint32_t)mlf_rng_below(rng, KEEPER_BLUR_MAX + 1), d->has_blur_level = 1; break;
  default: d->texture = (Mlf__Keeper__Texture)mlf_rng_below(rng, 4), d->has_texture = 1;
           d->texture_strength = (uint32_t)mlf_rng_below(rng, KEEPER_TEXTURE_STRENGTH_MAX + 1), d->has_texture_strength = 1;
  }
  return 1;
}

/* Weights in the generic mutator's unit (4 per field for a plain mutation). */
__attribute__((constructor)) static void register_keeper_image(void) {
  const ProtobufCMessageDescriptor *d = &mlf__keeper__ocr_case__descriptor;
  mlf_register_post_processor(d, post_process_ocr_case);
  mlf_register_domain_mutator(d, "keeper:font", mutate_font, 6);
  mlf_register_domain_mutator(d, "keeper:text", mutate_text, 6);
  mlf_register_domain_mutator(d, "keeper:relation", mutate_relation, 6);
  mlf_register_domain_mutator(d, "keeper:distortion", mutate_distortion, 6);
}
