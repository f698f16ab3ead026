/* Recording a check into a FANN_NETWORK outcome (fann_template.h); kept apart from the
 * template so that the judge's tests link it without FANN. */
#include <stdio.h>
#include "fann_template.h"

void fann_check_add(fann_outcome *o, const char *call, const char *kind, const char *what,
                    double expected, double got) {
  if (o->n_checks == FANN_MAX_CHECKS) { o->dropped_checks++; return; }
  fann_check *c = &o->checks[o->n_checks++];
  snprintf(c->call, sizeof c->call, "%s", call);
  snprintf(c->kind, sizeof c->kind, "%s", kind);
  snprintf(c->what, sizeof c->what, "%s", what);
  c->expected = expected, c->got = got;
}
