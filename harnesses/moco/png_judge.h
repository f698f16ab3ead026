/* The oracles of the PNG_WRITE_READ template: a positive program runs without error, the
 * write struct's getters report every chunk as the setters set it, and the file read back
 * holds the pixels written and every chunk as set (within
 * libpng's documented normalisation: gamma in units of 1/100000); a negative program is
 * refused (an error or a warning); no path leaks. Findings are tagged
 * mlf:moco_png:libpng:<call>:<kind>. */
#ifndef PNG_JUDGE_H
#define PNG_JUDGE_H
#include "mlf_report.h"
#include "moco.pb-c.h"
#include "png_template.h"

/* Judges the outcome of program p. */
void png_judge(const Mlf__Moco__Program *p, const png_outcome *o, mlf_run *run);
#endif
