/* The oracles of the PNG_WRITE_READ template (png_judge.h). */
#include "png_judge.h"
#include <stdio.h>
#include <string.h>
#include "moco_spec.h"

/* Field by field: png_time has a padding byte that neither side sets. */
static int same_time(const png_time *a, const png_time *b) {
  return a->year == b->year && a->month == b->month && a->day == b->day && a->hour == b->hour &&
         a->minute == b->minute && a->second == b->second;
}

static int same_pcal(const png_expected *a, const png_expected *b) {
  if (strcmp(a->pcal_purpose, b->pcal_purpose) || strcmp(a->pcal_units, b->pcal_units) ||
      a->pcal_x0 != b->pcal_x0 || a->pcal_x1 != b->pcal_x1 || a->pcal_type != b->pcal_type ||
      a->pcal_nparams != b->pcal_nparams)
    return 0;
  for (int i = 0; i < a->pcal_nparams && i < 255; i++)
    if (strcmp(a->pcal_params[i], b->pcal_params[i])) return 0;
  return 1;
}

static int text_found(const png_expected *r, const char *key, const char *text) {
  for (size_t i = 0; i < r->n_text; i++)
    if (strcmp(r->text[i].key, key) == 0 && strcmp(r->text[i].text, text) == 0) return 1;
  return 0;
}

/* Every chunk the blocks set, as the getters report it: on the write struct before the image
 * is written (kind "getter-mismatch") or on the reader of the file (kind "state-mismatch"). */
static void judge_chunks(const png_expected *s, const png_expected *r, const char *kind, mlf_run *run) {
#define MISMATCH(call, ...)                                                            \
  do {                                                                                 \
    char tag_[MLF_TAG_MAX];                                                            \
    snprintf(tag_, sizeof tag_, "mlf:moco_png:libpng:%s:%s", call, kind);              \
    mlf_finding(run, tag_, __VA_ARGS__);                                               \
  } while (0)
  if (s->width != r->width || s->height != r->height || s->bit_depth != r->bit_depth ||
      s->color_type != r->color_type || s->interlace != r->interlace)
    MISMATCH("png_set_IHDR", "set %ux%u depth %d colour %d interlace %d, read %ux%u depth %d colour %d interlace %d",
             s->width, s->height, s->bit_depth, s->color_type, s->interlace, r->width, r->height,
             r->bit_depth, r->color_type, r->interlace);
  if (s->has_gama && (!r->has_gama || r->gama != s->gama))
    MISMATCH("png_set_gAMA", "set gamma %d / 100000, read %s %d", s->gama, r->has_gama ? "" : "none", r->gama);
  if (s->has_phys && (!r->has_phys || r->res_x != s->res_x || r->res_y != s->res_y || r->phys_unit != s->phys_unit))
    MISMATCH("png_set_pHYs", "set %u x %u unit %d, read %s%u x %u unit %d", s->res_x, s->res_y,
             s->phys_unit, r->has_phys ? "" : "none ", r->res_x, r->res_y, r->phys_unit);
  if (s->has_offs && (!r->has_offs || r->x_offset != s->x_offset || r->y_offset != s->y_offset ||
                      r->offs_unit != s->offs_unit))
    MISMATCH("png_set_oFFs", "set %d, %d unit %d, read %s%d, %d unit %d", s->x_offset, s->y_offset,
             s->offs_unit, r->has_offs ? "" : "none ", r->x_offset, r->y_offset, r->offs_unit);
  if (s->has_time && (!r->has_time || !same_time(&s->time, &r->time)))
    MISMATCH("png_set_tIME", "set %u-%u-%u %u:%u:%u, read %s%u-%u-%u %u:%u:%u", s->time.year,
             s->time.month, s->time.day, s->time.hour, s->time.minute, s->time.second,
             r->has_time ? "" : "none ", r->time.year, r->time.month, r->time.day, r->time.hour,
             r->time.minute, r->time.second);
  for (size_t i = 0; i < s->n_text; i++)
    if (!text_found(r, s->text[i].key, s->text[i].text))
      MISMATCH("png_set_text", "tEXt \"%s\" = \"%.40s\" not read back (%zu read)", s->text[i].key,
               s->text[i].text, r->n_text);
  if (s->n_palette && (r->n_palette != s->n_palette ||
                       memcmp(s->palette, r->palette, (size_t)s->n_palette * sizeof *s->palette) != 0))
    MISMATCH("png_set_PLTE", "set %d entries, read %d (or other colours)", s->n_palette, r->n_palette);
  if (s->has_pcal && (!r->has_pcal || !same_pcal(s, r)))
    MISMATCH("png_set_pCAL", "set \"%s\" %d..%d type %d, %d parameters, units \"%.20s\"; %s",
             s->pcal_purpose, s->pcal_x0, s->pcal_x1, s->pcal_type, s->pcal_nparams, s->pcal_units,
             r->has_pcal ? "read other values" : "read none");
#undef MISMATCH
}

static void judge_pixels(const png_outcome *o, mlf_run *run) {
  size_t n = (size_t)o->set.height * o->rowbytes;
  for (size_t i = 0; i < n; i++)
    if (o->pixels_written[i] != o->pixels_read[i]) {
      mlf_finding(run, "mlf:moco_png:libpng:pixels:round-trip-mismatch",
                  "row %zu byte %zu: wrote 0x%02x, read 0x%02x", i / o->rowbytes, i % o->rowbytes,
                  o->pixels_written[i], o->pixels_read[i]);
      return;
    }
}

/* Known finding: png_set_pCAL stores a new value without freeing the one before, so a second
 * call leaks the first purpose, units and parameters. A leak with two such calls (counted on
 * the write side only) is that one. */
static void judge_leaks(const png_phase *ph, const char *phase, int pcal_calls, mlf_run *run) {
  if (ph->alloc.live == 0) return;
  if (pcal_calls >= 2) {
    mlf_finding(run, "mlf:moco_png:libpng:png_set_pCAL:leak-on-repeated-call",
                "%ld blocks still live after png_destroy_write_struct, with %d png_set_pCAL calls",
                ph->alloc.live, pcal_calls);
    return;
  }
  char tag[MLF_TAG_MAX];
  snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:leak", phase);
  mlf_finding(run, tag, "%ld blocks allocated through the %s struct's allocator still live after png_destroy (%s)",
              ph->alloc.live, phase, ph->stopped_in ? ph->stopped_in : "completed");
}

void png_judge(const Mlf__Moco__Program *p, const png_outcome *o, mlf_run *run) {
  const char *negative = moco_negative_call(p);
  char tag[MLF_TAG_MAX];
  if (o->write.known_double_free) {
    mlf_finding(run, "mlf:moco_png:libpng:png_set_PLTE:double-free-on-allocation-failure",
                "allocation %lu failed inside png_set_PLTE after an earlier palette: "
                "png_ptr->palette is left freed and png_destroy_write_struct frees it again",
                o->write.alloc.fail_at);
    return; /* the structs were left allocated on purpose */
  }
  if (o->write.known_pcal_inconsistent) {
    mlf_finding(run, "mlf:moco_png:libpng:png_set_pCAL:inconsistent-after-allocation-failure",
                "allocation %lu failed inside png_set_pCAL after it stored the new parameter count: "
                "the count exceeds the parameters it keeps", o->write.alloc.fail_at);
    return; /* the structs were left allocated on purpose */
  }
  judge_leaks(&o->write, "write", o->set.pcal_calls, run);
  judge_leaks(&o->read_phase, "read", 0, run);
  if (p->fail_allocation) return; /* refused or survived, either is the library's right */
  if (negative) {
    if (o->write.reports.errors + o->write.reports.warnings == 0) {
      snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:refused-value-accepted", negative);
      mlf_finding(run, tag, "the value past the documented boundary raised no error or warning");
    }
    return;
  }
  if (!o->write.completed) {
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:error-on-valid", o->write.stopped_in);
    mlf_finding(run, tag, "%s", o->write.reports.first_error);
    return;
  }
  if (!o->read_phase.completed) {
    snprintf(tag, sizeof tag, "mlf:moco_png:libpng:%s:error-reading-own-output", o->read_phase.stopped_in);
    mlf_finding(run, tag, "%s", o->read_phase.reports.first_error);
    return;
  }
  judge_chunks(&o->set, &o->got, "getter-mismatch", run);
  judge_pixels(o, run);
  judge_chunks(&o->set, &o->read, "state-mismatch", run);
}
