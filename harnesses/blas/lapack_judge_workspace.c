/* The workspace-query judge of a Fortran call with valid arguments (lapack_call makes the query
 * and the call). */
#include "lapack_judge.h"

/* A workspace query (LWORK = -1) answers the optimal LWORK in WORK(1): at least the documented
 * minimum, and the call with exactly that LWORK must accept it. */
void lapack_judge_workspace_query(mlf_run *run, const lapack_case *c, const char *name,
                                  lapack_outcome *o, const lapack_args *a) {
  if (a->queried && !(a->work_query >= a->lwork_floor))
    lapack_finding(run, c, name, o, 0, "workspace-query",
                   "LWORK = -1 answered WORK(1) = %g%s, below the documented minimum LWORK %d", a->work_query,
                   a->work_query == -1 ? " (the preset: left unwritten)" : "", a->lwork_floor);
  if (a->lwork_rejected)
    lapack_finding(run, c, name, o, 0, "workspace-query", "INFO = %d: LWORK = %g, its own query's WORK(1), rejected",
                   o->info, a->work_query);
}
