/* Standalone reproducers of blas_lapack findings (lapack_emit.h): a C program that calls the
 * routine of the finding through its Fortran interface in the one library the tag names,
 * with the case's matrices as literal arrays (column major; complex as (re, im) pairs), every
 * array ending where a PROT_NONE page begins, and the rule the finding broke checked on what
 * the call returns. A fault, a process stop inside the call (the reference xerbla's STOP) and
 * a call still running after 10 s are the bug too. The factorization the harness runs first
 * (?getrf before ?getrs and ?gecon, ?potrf before ?potrs) comes first in the program too. The
 * program's own part (guarded arrays, the watch over the call) is the fixed text in
 * lapack_emit_runtime.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "blas_lapack.pb-c.h"
#include "lapack_buffers.h"
#include "lapack_case.h"
#include "lapack_emit.h"
#include "lapack_emit_runtime.h"
#include "lapack_judge.h"
#include "libraries/debian_blas_lapack/mlf_blas_libraries.h"
#include "mlf_report.h"

/* What the program shows, by finding kind (the tag's last field). */
typedef enum {
  SHOW_NONFINITE,   /* finite input, non-finite factors or solution */
  SHOW_ZERO_COLUMN, /* A has a zero column j: INFO in 1..j */
  SHOW_PIVOTS,      /* IPIV written with valid pivots */
  SHOW_NAN_KEPT,    /* NaN in A: INFO > 0 or a NaN in the eigenvalues (the factors: nan_kept_in_factors) */
  SHOW_INVALID,     /* an invalid argument: INFO = -(its position) */
  SHOW_RETURNS,     /* a valid call returns INFO = 0 without fault, stop or hang */
  SHOW_QUERY,       /* a workspace query: A, B untouched and WORK(1) >= the documented floor */
  SHOW_LU_RESIDUAL, /* ?getrf's factor (of the call or its prerequisite): |A - P L U| in the bound */
  SHOW_RANK,        /* ?gelss / ?gelsd: RANK and X as RCOND truncates the returned S */
} show_kind;

typedef struct {
  const char *kind;
  show_kind show;
  int query_writes; /* SHOW_QUERY: the finding is the write, not WORK(1) */
} kind_rule;

static const kind_rule rules[] = {
    {"nonfinite-result", SHOW_NONFINITE, 0}, {"info-zero-column", SHOW_ZERO_COLUMN, 0},
    {"unfactored-nrhs-zero", SHOW_PIVOTS, 0}, {"nan-lost", SHOW_NAN_KEPT, 0},
    {"spectrum-differs", SHOW_NAN_KEPT, 0},   {"info-on-invalid", SHOW_INVALID, 0},
    {"info-differs-on-invalid", SHOW_INVALID, 0}, {"xerbla-on-valid", SHOW_RETURNS, 0},
    {"exit-on-valid", SHOW_RETURNS, 0},       {"read-past-b", SHOW_RETURNS, 0},
    {"read-past-end", SHOW_RETURNS, 0},       {"hang", SHOW_RETURNS, 0},
    {"write-outside", SHOW_QUERY, 1},         {"workspace-query", SHOW_QUERY, 0},
    {"lu-residual", SHOW_LU_RESIDUAL, 0},     {"xerbla-rcond-nan", SHOW_RETURNS, 0},
    {"exit-rcond-nan", SHOW_RETURNS, 0},     {"not-minimum-norm-rcond-ge-1", SHOW_RANK, 0},
    {"not-minimum-norm-m-zero", SHOW_RANK, 0},
};

/* The case as the program states it: column-major copies of A and B with their leading
 * dimensions, and the arguments of the call. */
typedef struct {
  const lapack_case *c;
  lapack_args a, valid; /* the call's arguments; valid: before an invalid one is set */
  size_t brows, u_cols, vt_rows;
  const kind_rule *rule;
  const mlf_blas_library *lib;
  int cplx;
  const char *real;
} program;

static size_t max_z(size_t a, size_t b) { return a > b ? a : b; }

/* A number as a C literal that reads back exactly. */
static void literal(FILE *o, long double v) {
  if (isnan(v)) fputs("NAN", o);
  else if (isinf(v)) fputs(v < 0 ? "-INFINITY" : "INFINITY", o);
  else fprintf(o, "%a", (double)v);
}

/* static const REAL name_init[]: m column major with leading dimension ld, the footprint a
 * routine may touch ((cols - 1) ld + rows elements), at least one element. */
static void emit_matrix(FILE *o, const program *p, const char *name, const ld_mat *m, size_t ld) {
  fprintf(o, "/* %s: %zu x %zu, column major, leading dimension %zu%s */\n", name, m->rows,
          m->cols, ld, p->cplx ? ", (re, im) pairs" : "");
  fprintf(o, "static const %s %s_init[] = {", p->real, name);
  size_t n = m->cols ? (m->cols - 1) * ld + m->rows : 0;
  for (size_t e = 0; e < n; e++) {
    size_t i = e % ld, j = e / ld;
    long double re = i < m->rows ? m->re[LD_AT(m, i, j)] : 0;
    fputs(e % (p->cplx ? 3 : 6) == 0 ? "\n   " : " ", o);
    literal(o, re);
    if (p->cplx) fputs(", ", o), literal(o, i < m->rows ? m->im[LD_AT(m, i, j)] : 0);
    fputs(",", o);
  }
  fputs(n ? "\n};\n" : " 0};\n", o);
  fprintf(o, "static const size_t %s_numbers = %zu;\n\n", name, n * (p->cplx ? 2 : 1));
}

static int is_char_arg(const char *name) {
  return !strcmp(name, "trans") || !strcmp(name, "uplo") || !strcmp(name, "jobu") ||
         !strcmp(name, "jobvt") || !strcmp(name, "jobz") || !strcmp(name, "norm");
}
static int is_int_arg(const char *name) {
  return !strcmp(name, "m") || !strcmp(name, "n") || !strcmp(name, "nrhs") || !strcmp(name, "info") ||
         !strncmp(name, "ld", 2) || !strcmp(name, "lwork") || !strcmp(name, "rank") ||
         !strcmp(name, "ipiv") || !strcmp(name, "iwork");
}
static int is_array_arg(const char *name) {
  static const char *const arrays[] = {"a", "b", "s", "w", "u", "vt", "tau", "work", "rwork", "iwork", "ipiv"};
  for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
    if (!strcmp(arrays[i], name)) return 1;
  return 0;
}
static int has_arg(lapack_routine r, int prec, const char *name) {
  for (int i = 0; lapack_argument_name(r, prec, i); i++)
    if (!strcmp(lapack_argument_name(r, prec, i), name)) return 1;
  return 0;
}

/* An array main declares: the main call's, and IPIV for the residual check after ?gecon. */
static int declared_in_main(const program *p, const char *name) {
  return is_array_arg(name) && (has_arg(p->c->routine, p->c->prec, name) ||
                                (p->rule->show == SHOW_LU_RESIDUAL && !strcmp(name, "ipiv")));
}

/* extern void zgels_(const char *trans, int *m, ..., size_t trans_len); */
static void emit_prototype(FILE *o, const program *p, lapack_routine r) {
  fprintf(o, "extern void %c%s_(", p->c->p.letter, lapack_routine_name(r, p->c->prec));
  const char *name;
  for (int i = 0; (name = lapack_argument_name(r, p->c->prec, i)); i++)
    fprintf(o, "%s%s%s *%s", i ? ", " : "", is_char_arg(name) ? "const " : "",
            is_char_arg(name) ? "char" : is_int_arg(name) ? "int" : p->real, name);
  for (int i = 0; (name = lapack_argument_name(r, p->c->prec, i)); i++)
    if (is_char_arg(name)) fprintf(o, ", size_t %s_len", name);
  fputs(");\n", o);
}

/* zgels_(&trans, &m, ..., a, ..., 1); */
static void emit_call(FILE *o, const program *p, lapack_routine r) {
  fprintf(o, "  %c%s_(", p->c->p.letter, lapack_routine_name(r, p->c->prec));
  const char *name;
  for (int i = 0; (name = lapack_argument_name(r, p->c->prec, i)); i++)
    fprintf(o, "%s%s%s", i ? ", " : "", is_array_arg(name) ? "" : "&", name);
  for (int i = 0; (name = lapack_argument_name(r, p->c->prec, i)); i++)
    if (is_char_arg(name)) fputs(", 1", o);
  fputs(");\n", o);
}

/* The first column of A that is exactly zero (1-based), 0 when none. */
static size_t zero_column(const ld_mat *A) {
  for (size_t j = 0; j < A->cols; j++) {
    size_t i = 0;
    while (i < A->rows && A->re[LD_AT(A, i, j)] == 0 && (!A->im || A->im[LD_AT(A, i, j)] == 0)) i++;
    if (i == A->rows) return j + 1;
  }
  return 0;
}

static void emit_header(FILE *o, const program *p, const char *tag, const mlf_known_finding *known) {
  char version[128] = "";
  char command[256], package[64]; /* the first of the LAPACK stack's packages */
  sscanf(p->lib->lapack_packages, "%63s", package);
  snprintf(command, sizeof command, "dpkg-query -W -f '${Version}' %s 2>/dev/null", package);
  FILE *q = popen(command, "r");
  if (q) {
    if (!fgets(version, sizeof version, q)) version[0] = 0;
    pclose(q);
  }
  const char *dir_end = strrchr(p->lib->lapack, '/');
  fprintf(o, "/* Standalone reproducer of %s, generated by out/replay/blas_lapack --reproducer\n", tag);
  fprintf(o, " * from the harness's case: %c%s_ (Fortran interface) of %s (Debian %s %s).\n",
          p->c->p.letter, lapack_routine_name(p->c->routine, p->c->prec), p->lib->lapack,
          package, version[0] ? version : "(version unknown)");
  if (p->c->iface != LAPACK_FORTRAN)
    fprintf(o, " * The harness called it through LAPACKE (%s major); this program makes the Fortran call\n"
               " * LAPACKE makes, on the same values.\n", p->c->iface == LAPACK_LAPACKE_ROW ? "row" : "column");
  if (!strcmp(p->rule->kind, "info-differs-on-invalid") || !strcmp(p->rule->kind, "spectrum-differs"))
    fprintf(o, " * %s is the libraries' disagreement; this program shows the defect behind it on one\n"
               " * library (%s).\n", p->rule->kind, p->lib->name);
  fprintf(o, " * Every array ends where a PROT_NONE page begins; a fault, a stop of the process inside\n"
             " * the call or a call still running after 10 s is reported as the bug. Exit 1 while the\n"
             " * bug shows, 0 once it is gone.\n");
  fprintf(o, " * tags: %s\n", known ? known->tag : tag);
  fprintf(o, " * link: %s -Wl,--disable-new-dtags,-rpath,%.*s", p->lib->lapack,
          (int)(dir_end - p->lib->lapack), p->lib->lapack);
  if (!strcmp(p->lib->name, "netlib")) fputs(":/usr/lib/x86_64-linux-gnu/blas", o);
  fputs("\n", o);
  /* unbuffered Fortran output: the library's xerbla message shows even when it stops */
  fputs(" * env: GFORTRAN_UNBUFFERED_PRECONNECTED=y", o);
  /* the kernel set the replay ran (scripts/reproducers.sh picks one the registry row names) */
  const char *core = getenv("OPENBLAS_CORETYPE");
  if (core && *core && strncmp(p->lib->name, "openblas", 8) == 0)
    fprintf(o, " OPENBLAS_CORETYPE=%s\n * needs: openblas-coretype %s", core, core);
  fputs("\n", o);
  fputs(" */\n", o);
}

/* The declaration of one argument of a call with arguments a (A and B copied into guarded
 * memory; WORK the query's answer, or the documented length when there is no LWORK). */
static void emit_declaration(FILE *o, const program *p, const lapack_args *a, const char *name) {
  size_t es = p->c->p.elem_size, rs = p->c->p.is_double ? 8 : 4, k = max_z(p->c->k, 1);
  const char *t = p->real;
  const struct { const char *name; int value; } ints[] = {
      {"m", a->m}, {"n", a->n}, {"nrhs", a->nrhs}, {"lda", a->lda}, {"ldb", a->ldb},
      {"ldu", a->ldu}, {"ldvt", a->ldvt}, {"info", 0}, {"rank", -1}, {"lwork", lapack_min_lwork(a)}};
  for (size_t i = 0; i < sizeof ints / sizeof *ints; i++)
    if (!strcmp(name, ints[i].name)) fprintf(o, "  int %s = %d;\n", name, ints[i].value);
  const struct { const char *name; char value; } chars[] = {
      {"trans", a->trans}, {"uplo", a->uplo}, {"jobu", a->jobu}, {"jobvt", a->jobvt},
      {"jobz", a->jobz}, {"norm", a->norm}};
  for (size_t i = 0; i < sizeof chars / sizeof *chars; i++)
    if (!strcmp(name, chars[i].name)) fprintf(o, "  char %s = '%c';\n", name, chars[i].value);
  if (!strcmp(name, "rcond") || !strcmp(name, "anorm")) {
    fprintf(o, "  %s %s = ", t, name);
    literal(o, name[0] == 'r' ? a->rcond_in : a->anorm);
    fputs(";\n", o);
  }
  if (!strcmp(name, "rcond_out")) fprintf(o, "  %s rcond_out = 0;\n", t);
  if (!strcmp(name, "a") || !strcmp(name, "b"))
    fprintf(o, "  %s *%s = guarded_copy(%s_init, %s_numbers * sizeof *%s_init);\n", t, name, name, name, name);
  if (!strcmp(name, "ipiv")) fprintf(o, "  int *ipiv = guarded(%zu * sizeof(int)); /* zeros: no valid pivot */\n", k);
  if (!strcmp(name, "tau")) fprintf(o, "  %s *tau = guarded(%zu);\n", t, k * es);
  if (!strcmp(name, "s")) fprintf(o, "  %s *s = guarded(%zu);\n", t, k * rs);
  if (!strcmp(name, "w")) fprintf(o, "  %s *w = guarded(%zu);\n", t, max_z(p->c->n, 1) * rs);
  if (!strcmp(name, "u")) fprintf(o, "  %s *u = guarded(%zu);\n", t, (size_t)a->ldu * p->u_cols * es);
  if (!strcmp(name, "vt")) fprintf(o, "  %s *vt = guarded(%zu);\n", t, (size_t)a->ldvt * p->c->n * es);
  if (!strcmp(name, "rwork")) fprintf(o, "  %s *rwork = guarded(%zu);\n", t, (size_t)lapack_rwork_len(a) * rs);
  if (!strcmp(name, "iwork")) fprintf(o, "  int *iwork = guarded(%zu);\n", (size_t)lapack_iwork_len(a) * sizeof(int));
  if (!strcmp(name, "work") && has_arg(a->routine, a->prec, "lwork"))
    fprintf(o, "  %s query[2] = {-1, -1}, *work = query; /* WORK(1) of a query, preset to a value no answer takes */\n", t);
  else if (!strcmp(name, "work"))
    fprintf(o, "  %s *work = guarded(%zu);\n", t, (size_t)lapack_min_lwork(a) * es);
}

/* The prerequisite factorization (lapack_prerequisite), as the harness runs it: on the valid
 * n x n A, in a block whose scalar arguments shadow the main call's (which may hold the
 * invalid one), with the arrays only it takes (?getrf's IPIV before ?gecon) declared there. */
static void emit_prerequisite(FILE *o, const program *p) {
  lapack_routine main_r = p->c->routine, r = lapack_prerequisite(main_r);
  if (r == LAPACK_ROUTINES) return;
  int prec = p->c->prec;
  lapack_args f = p->valid;
  f.routine = r, f.m = f.n = (int)p->c->n;
  fputs("  { /* the prerequisite factorization */\n", o);
  const char *name;
  for (int i = 0; (name = lapack_argument_name(r, prec, i)); i++)
    if (strcmp(name, "info") && !declared_in_main(p, name))
      emit_declaration(o, p, &f, name);
  emit_call(o, p, r);
  fputs("  }\n", o);
  fprintf(o, "  printf(\"prerequisite %s: INFO %%d\\n\", info);\n", lapack_routine_name(r, prec));
}

/* The arguments, the workspace query (valid calls) and the prerequisite factorization. */
static void emit_arguments(FILE *o, const program *p) {
  lapack_routine r = p->c->routine;
  int prec = p->c->prec;
  const char *name;
  for (int i = 0; (name = lapack_argument_name(r, prec, i)); i++) emit_declaration(o, p, &p->a, name);
  if (declared_in_main(p, "ipiv") && !has_arg(r, prec, "ipiv")) emit_declaration(o, p, &p->a, "ipiv");
  if (has_arg(r, prec, "lwork") && p->rule->show != SHOW_INVALID) {
    fputs("  lwork = -1; /* the workspace query */\n", o);
    if (p->rule->show == SHOW_QUERY) {
      fputs("  watch(\"the workspace query\");\n", o);
      emit_call(o, p, r);
      fputs("  unwatch();\n", o);
      return;
    }
    emit_call(o, p, r);
    fprintf(o, "  lwork = (int)query[0] > %d ? (int)query[0] : %d; /* at least the documented minimum */\n",
            lapack_min_lwork(&p->a), lapack_min_lwork(&p->a));
    fprintf(o, "  work = guarded((size_t)lwork * %zu);\n", p->c->p.elem_size);
  } else if (has_arg(r, prec, "lwork")) {
    fprintf(o, "  work = guarded((size_t)lwork * %zu);\n", p->c->p.elem_size);
  }
  emit_prerequisite(o, p);
}

/* SHOW_NAN_KEPT for a routine without eigenvalues (?getrf and those that factor with it): the
 * NaN must survive in the factors written over A, as lapack_judge_nan_kept has it. */
static int nan_kept_in_factors(const program *p) {
  return p->rule->show == SHOW_NAN_KEPT && !has_arg(p->c->routine, p->c->prec, "w");
}

/* The check after the call: prints expected against actual, sets bug. */
static void emit_check(FILE *o, const program *p) {
  const lapack_case *c = p->c;
  switch (p->rule->show) {
    case SHOW_NONFINITE:
      fprintf(o, "  size_t bad_a = nonfinite(a, a_numbers), bad_b = %s;\n"
                 "  printf(\"expected: finite factors and solution (the input is finite)\\n\"\n"
                 "         \"actual:   INFO %%d, %%zu non-finite numbers in A, %%zu in B\\n\", info, bad_a, bad_b);\n"
                 "  bug = nonfinite(a_init, a_numbers) == 0 && bad_a + bad_b > 0;\n",
              c->has_b ? "nonfinite(b, b_numbers)" : "0");
      break;
    case SHOW_ZERO_COLUMN: {
      size_t j = zero_column(&c->A);
      fprintf(o, "  printf(\"expected: INFO in 1..%zu (column %zu of A is zero: a zero pivot at or before it)\\n\"\n"
                 "         \"actual:   INFO %%d\\n\", info);\n"
                 "  bug = !(info >= 1 && info <= %zu);\n", j, j, j);
      break;
    }
    case SHOW_PIVOTS:
      fprintf(o, "  printf(\"expected: IPIV(i) in i..n for i = 1..n (A factored, NRHS = 0 or not)\\n\"\n"
                 "         \"actual:   INFO %%d, IPIV =\", info);\n"
                 "  for (int i = 0; i < n; i++) {\n"
                 "    printf(\" %%d\", ipiv[i]);\n"
                 "    bug |= ipiv[i] < i + 1 || ipiv[i] > n;\n"
                 "  }\n"
                 "  printf(\"\\n\");\n");
      break;
    case SHOW_NAN_KEPT:
      if (nan_kept_in_factors(p)) {
        fputs("  size_t nan_in = nans(a_init, a_numbers), nan_out = nans(a, a_numbers);\n"
              "  printf(\"expected: INFO > 0 or a NaN in the factors (A holds %zu NaN)\\n\"\n"
              "         \"actual:   INFO %d, %zu NaN in the factors\\n\", nan_in, info, nan_out);\n"
              "  bug = nan_in > 0 && info == 0 && nan_out == 0;\n", o);
        break;
      }
      fprintf(o, "  size_t nan_a = nonfinite(a_init, a_numbers), nan_w = nonfinite(w, (size_t)n);\n"
                 "  printf(\"expected: INFO > 0 or non-finite eigenvalues (A holds a NaN)\\n\"\n"
                 "         \"actual:   INFO %%d, eigenvalues\", info);\n"
                 "  for (int i = 0; i < n; i++) printf(\" %%g\", (double)w[i]);\n"
                 "  printf(\"\\n\");\n"
                 "  bug = nan_a > 0 && info == 0 && nan_w == 0;\n");
      break;
    case SHOW_INVALID:
      fprintf(o, "  printf(\"expected: INFO %d (the invalid argument's position), xerbla called\\n\"\n"
                 "         \"actual:   INFO %%d, xerbla %%s\\n\", info, xerbla_calls ? \"called\" : \"not called\");\n"
                 "  bug = info != %d;\n", c->expected_info, c->expected_info);
      break;
    case SHOW_RETURNS:
      fprintf(o, "  printf(\"expected: the call returns INFO >= 0 without touching memory outside its arrays\\n\"\n"
                 "         \"actual:   it returned INFO %%d\\n\", info);\n"
                 "  bug = info < 0;\n");
      break;
    case SHOW_QUERY:
      fprintf(o, "  int a_same = memcmp(a, a_init, a_numbers * sizeof *a) == 0;\n"
                 "  int b_same = memcmp(b, b_init, b_numbers * sizeof *b) == 0;\n"
                 "  printf(\"expected: INFO 0, WORK(1) >= %d, A and B untouched by a query\\n\"\n"
                 "         \"actual:   INFO %%d, WORK(1) = %%g%%s, A %%s, B %%s\\n\", info, (double)query[0],\n"
                 "         query[0] == -1 ? \" (the preset: left unwritten)\" : \"\",\n"
                 "         a_same ? \"untouched\" : \"written\", b_same ? \"untouched\" : \"written\");\n",
              lapack_query_floor(&p->a));
      if (p->rule->query_writes) fputs("  bug = !a_same || !b_same;\n", o);
      else fprintf(o, "  bug = info != 0 || query[0] < %d;\n", lapack_query_floor(&p->a));
      break;
    case SHOW_LU_RESIDUAL:
      fprintf(o, "  double q = lu_residual(a_init, a, ipiv, %zu, %zu, ", c->m, c->n);
      literal(o, c->p.unit_roundoff);
      fputs(", ", o);
      literal(o, c->p.tiny);
      fputs(");\n"
            "  printf(\"expected: |A - P L U| <= gamma_{k+2} P |L||U| + the underflow floor, element by element\\n\"\n"
            "         \"actual:   INFO %d, worst |A - P L U| / allowed %g\\n\", info, q);\n"
            "  bug = !(q <= 1);\n", o);
      break;
    case SHOW_RANK: /* dgelsd.f: RANK is "the number of singular values which are greater than
                       RCOND*S(1)", and those at most it are treated as zero: X = 0 when none */
      fprintf(o, "  int kept = 0, k = m < n ? m : n, parts = %d;\n"
                 "  double xmax = 0; /* the largest part of X, B's first N rows */\n"
                 "  for (int i = 0; i < k; i++) kept += s[i] > rcond * s[0];\n"
                 "  for (int j = 0; j < nrhs; j++)\n"
                 "    for (int i = 0; i < n * parts; i++)\n"
                 "      if (fabs((double)b[(size_t)j * ldb * parts + i]) > xmax) xmax = fabs((double)b[(size_t)j * ldb * parts + i]);\n"
                 "  printf(\"expected: RANK = %%d (the S(i) > RCOND*S(1), RCOND = %%g, S(1) = %%g)%%s\\n\"\n"
                 "         \"actual:   INFO %%d, RANK %%d, largest |part| of X %%g\\n\", kept, (double)rcond, (double)s[0],\n"
                 "         kept ? \"\" : \", X = 0\", info, rank, xmax);\n"
                 "  bug = info == 0 && (rank != kept || (kept == 0 && xmax != 0));\n", p->cplx ? 2 : 1);
      break;
  }
}

/* The library of the program: the tag's backend; for a disagreement between libraries, the
 * one with the defect behind it (OpenBLAS for ?getrs INFO, netlib for the NaN spectra). */
static const mlf_blas_library *library_for(const char *backend, const char *kind) {
  if (!strcmp(kind, "info-differs-on-invalid")) backend = "openblas-serial";
  if (!strcmp(backend, "differential")) backend = "netlib";
  for (size_t i = 0; i < mlf_blas_library_count; i++)
    if (!strcmp(mlf_blas_libraries[i].name, backend) && mlf_blas_libraries[i].lapack) return &mlf_blas_libraries[i];
  return NULL;
}

int lapack_emit_reproducer(const ProtobufCMessage *msg, const char *tag, FILE *out) {
  /* mlf:blas_lapack:BACKEND:ROUTINE:KIND */
  char backend[64], routine[32], kind[64];
  if (sscanf(tag, "mlf:blas_lapack:%63[^:]:%31[^:]:%63s", backend, routine, kind) != 3) return -1;
  program p = {0};
  for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
    if (!strcmp(rules[i].kind, kind)) p.rule = &rules[i];
  if (!p.rule || !(p.lib = library_for(backend, kind))) return -1;
  lapack_case c;
  lapack_case_make(&c, (const Mlf__Lapack__LapackCase *)msg);
  if (p.rule->show == SHOW_LU_RESIDUAL && c.cplx) { /* lapack_emit_lu_residual is real only */
    lapack_case_free(&c);
    return -1;
  }
  p.c = &c, p.cplx = c.cplx, p.real = c.p.is_double ? "double" : "float";
  /* The harness's arguments, column major with the tightest leading dimensions. */
  p.a = c.base;
  /* B whole: max(M, N) rows for the least squares (they write the solution there), N else */
  int least_squares = c.routine == LAPACK_GELS || c.routine == LAPACK_GELSS || c.routine == LAPACK_GELSD;
  p.brows = !c.has_b ? 0 : least_squares ? max_z(c.m, c.n) : c.n;
  p.a.lda = (int)max_z(c.m, 1), p.a.ldb = (int)max_z(p.brows, 1);
  p.u_cols = c.base.jobu == 'A' ? c.m : c.k;
  p.vt_rows = c.base.jobvt == 'A' ? c.n : c.k;
  p.a.ldu = (int)max_z(c.m, 1), p.a.ldvt = (int)max_z(p.vt_rows, 1);
  p.valid = p.a;
  if (c.invalid) lapack_make_invalid(&c, &p.a);
  const mlf_known_finding *known = mlf_known_finding_lookup(tag);
  emit_header(out, &p, tag, known);
  fputs(lapack_emit_includes, out);
  fprintf(out, "typedef %s real; /* the routine's real type */\n\n", p.real);
  fputs(lapack_emit_runtime, out);
  if (p.rule->show == SHOW_INVALID) fputs(lapack_emit_xerbla, out);
  if (nan_kept_in_factors(&p)) fprintf(out, lapack_emit_counter, "nans", "isnan");
  else if (p.rule->show == SHOW_NONFINITE || p.rule->show == SHOW_NAN_KEPT)
    fprintf(out, lapack_emit_counter, "nonfinite", "!isfinite");
  if (p.rule->show == SHOW_LU_RESIDUAL) fputs(lapack_emit_lu_residual, out);
  emit_prototype(out, &p, c.routine);
  if (lapack_prerequisite(c.routine) != LAPACK_ROUTINES) emit_prototype(out, &p, lapack_prerequisite(c.routine));
  fputs("\n", out);
  emit_matrix(out, &p, "a", &c.A, (size_t)p.a.lda);
  if (c.has_b) {
    ld_mat b = ld_from_buffer(c.b.data, c.prec, c.b.ld, c.row_major, p.brows, c.nrhs);
    emit_matrix(out, &p, "b", &b, (size_t)p.a.ldb);
    ld_free(&b);
  }
  fputs("int main(void) {\n  int bug = 0;\n", out);
  emit_arguments(out, &p);
  if (p.rule->show != SHOW_QUERY) {
    fputs("  info = 0;\n", out);
    fprintf(out, "  watch(\"%c%s_\");\n", c.p.letter, lapack_routine_name(c.routine, c.prec));
    emit_call(out, &p, c.routine);
    fputs("  unwatch();\n", out);
  }
  emit_check(out, &p);
  fputs("  return bug;\n}\n", out);
  lapack_case_free(&c);
  return 0;
}
