/* The pseudo-inverse under test itself (keeper_render): a rendering in range must draw,
 * encode and decode, and the PNG must give back the canvas pixel for pixel (render_check.c). */
#ifndef KEEPER_RENDER_CHECK_H
#define KEEPER_RENDER_CHECK_H
#include "mlf_report.h"
#include "render_params.h"

void render_check(const render_params *p, mlf_run *run);
#endif
