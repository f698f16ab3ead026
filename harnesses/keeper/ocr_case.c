/* The OCR case flow (ocr_case.h). A relation violation is a robustness failure of the engine's
 * model, tagged mlf:<target>:<library>:relation-<name>:robustness-failure; leptonica's own PNG
 * round trip must also give the same pixels (a leptonica bug otherwise). */
#include <stdio.h>
#include <stdlib.h>
#include "mlf_capture.h"
#include "ocr_case.h"
#include "ocr_contract.h"
#include "ocr_feedback.h"
#include "ocr_relation.h"

int ocr_engine_run(const ocr_engine *e, const render_params *p, PIX *pix, ocr_reading *out, mlf_run *run) {
  const char *failed_call = "";
  mlf_capture_begin(e->library);
  int rc = e->read(pix, out, &failed_call);
  mlf_capture_end(NULL);
  if (rc) {
    mlf_log(run, "%s: %s refused the image", e->library, failed_call);
    return -1;
  }
  mlf_log(run, "%s read \"%.200s\"", e->library, out->text);
  ocr_feedback_reading(e->library, p, out);
  ocr_contract_check(out, e->target, e->library, run);
  return 0;
}

/* The follow-up image: leptonica's round trip of the base image, or a new rendering. */
static PIX *follow_up_image(const Mlf__Keeper__ImageRelation *rel, const render_params *follow_up, PIX *base_pix,
                            const ocr_engine *e, mlf_run *run) {
  if (rel->kind != MLF__KEEPER__IMAGE_RELATION__KIND__PNG_ROUND_TRIP) return scene_image(follow_up, e->target, run);
  mlf_capture_begin("leptonica (pixWriteMem/pixReadMem)");
  PIX *back = image_png_round_trip(base_pix);
  l_int32 same = 0;
  if (back) pixEqual(base_pix, back, &same);
  mlf_capture_end(NULL);
  if (!same) {
    char tag[MLF_TAG_MAX];
    snprintf(tag, sizeof tag, "mlf:%s:leptonica:pixWriteMem:png-round-trip-%s", e->target, back ? "pixels-differ" : "failed");
    mlf_finding(run, tag, "leptonica's PNG write and read of an 8-bit gray image did not give it back");
  }
  return back;
}

static void check_relation(const Mlf__Keeper__OcrCase *c, const render_params *base, PIX *base_pix,
                           const ocr_reading *base_reading, const ocr_engine *e, mlf_run *run) {
  const Mlf__Keeper__ImageRelation *rel = c->relation;
  if (!ocr_relation_in_range(e->calibration, base, rel)) {
    mlf_log(run, "relation %s: not judged (outside the calibrated range)", ocr_relation_name(rel->kind));
    return;
  }
  render_params follow_up = ocr_relation_follow_up(base, rel);
  PIX *pix = follow_up_image(rel, &follow_up, base_pix, e, run);
  ocr_reading *follow = malloc(sizeof *follow);
  if (pix && follow && !ocr_engine_run(e, &follow_up, pix, follow, run)) {
    relation_verdict v = ocr_relation_judge(e->calibration, rel->kind, c->scene->text, base_reading->text, follow->text);
    ocr_feedback_verdict(ocr_relation_name(rel->kind), (int)v, base);
    mlf_log(run, "relation %s: %s", ocr_relation_name(rel->kind),
            v == RELATION_UNDETERMINED ? "not judged (the base scene is misread)" : v == RELATION_HOLDS ? "holds" : "violated");
    if (v == RELATION_VIOLATED) {
      char tag[MLF_TAG_MAX];
      snprintf(tag, sizeof tag, "mlf:%s:%s:relation-%s:robustness-failure", e->target, e->library, ocr_relation_name(rel->kind));
      mlf_finding(run, tag, "\"%s\" read right, its follow-up read \"%.200s\" (tolerance %.3f edits per character)",
                  c->scene->text, follow->text, e->calibration->tolerance[rel->kind]);
    }
  }
  free(follow);
  pixDestroy(&pix);
}

PIX *ocr_case_run(const Mlf__Keeper__OcrCase *c, const ocr_engine *e, ocr_reading *base_out, mlf_run *run) {
  render_params base = render_params_from_scene(c->scene);
  PIX *pix = scene_image(&base, e->target, run);
  if (!pix) return NULL;
  ocr_reading *reading = base_out ? base_out : malloc(sizeof *reading);
  if (!reading) abort();
  int read = ocr_engine_run(e, &base, pix, reading, run);
  if (!read && c->relation && c->relation->kind != MLF__KEEPER__IMAGE_RELATION__KIND__NONE)
    check_relation(c, &base, pix, reading, e, run);
  if (base_out) return pix;
  free(reading);
  pixDestroy(&pix);
  return NULL;
}
