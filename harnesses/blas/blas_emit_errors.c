/* The error-report part of a standalone BLAS program (blas_emit.h): the library's documented
 * error handler replaced by one that records each report, and the check of the reports
 * against the one the call must make. The harness observes reports the same way
 * (oracles/mlf_xerbla.c). */
#include <string.h>
#include "blas_emit.h"

/* Per library: what its documentation or reference source says about its error handler, and
 * so which handlers the program defines and whether they return. */
typedef struct {
  const char *backend_prefix;
  int fortran_handler; /* the library exports xerbla_ */
  int leaves;          /* its own handler never returns and its routines rely on that */
  const char *documentation;
} handler_facts;

static const handler_facts facts[] = {
    {"netlib", 1, 0,
     "The reference BLAS reports an invalid argument by calling XERBLA(SRNAME, INFO) and "
     "returning; xerbla.f's own comment says it prints and stops and that \"Installers may "
     "consider modifying the STOP statement in order to call system-specific "
     "exception-handling facilities\". netlib's CBLAS reports through cblas_xerbla(info, rout, "
     "form, ...) (CBLAS/src/cblas_xerbla.c: prints and exits), and CBLAS's own error-exit tests "
     "(CBLAS/testing/c_xerbla.c with c_?2chke.c, c_?3chke.c) replace cblas_xerbla and the "
     "Fortran XERBLA with handlers that record the parameter number and return, then check it "
     "(chkxer: \"ILLEGAL VALUE OF PARAMETER NUMBER %d NOT DETECTED BY %s\"). This program does "
     "the same; Debian's libblas.so.3 exports both (nm -D: T cblas_xerbla, T xerbla_), and the "
     "program's definitions take precedence (ELF symbol interposition)."},
    {"blis", 1, 0,
     "BLIS builds netlib's CBLAS sources (frame/compat/cblas/src, with netlib's cblas_xerbla.c) "
     "and a BLAS layer that reports through the Fortran xerbla_ (frame/compat/f2c/bla_xerbla.c, "
     "after the reference); libblis.so.4 exports both (nm -D: T cblas_xerbla, T xerbla_). As "
     "netlib CBLAS's own error-exit tests do (CBLAS/testing/c_xerbla.c), this program replaces "
     "both with handlers that record the report and return; the program's definitions take "
     "precedence (ELF symbol interposition)."},
    {"openblas", 1, 0,
     "OpenBLAS reports every invalid argument, CBLAS calls included, through the Fortran "
     "xerbla_ with the Fortran routine's name and returns (the interface/ sources call BLASFUNC(xerbla)); "
     "driver/others/xerbla.c defines xerbla_ as a weak alias of __xerbla, which prints \" ** On "
     "entry to %6s parameter number %2d had an illegal value\" and returns, so a program may "
     "supply its own (nm -D libopenblas.so.0: W xerbla_). This program does, and defines "
     "cblas_xerbla (also exported) the same way."},
    {"atlas", 1, 0,
     "ATLAS exports cblas_xerbla and xerbla_ (nm -D: T), the netlib CBLAS and reference BLAS "
     "handlers; this program replaces both, as netlib CBLAS's error-exit tests do "
     "(CBLAS/testing/c_xerbla.c), with handlers that record the report and return."},
    {"gslcblas", 0, 1,
     "GSL's cblas reports through cblas_xerbla (cblas/xerbla.c: prints \"Parameter %d to "
     "routine %s was incorrect\" and abort()s; libgslcblas.so.0 exports it, nm -D: T "
     "cblas_xerbla, and no xerbla_). Its routines check every argument (CHECK_ARGS, "
     "cblas/error_cblas_l*.h), call it and then go on computing, relying on the abort: so this "
     "program's handler records the report and leaves the call with longjmp, as GSL's own never "
     "returns, and the call is judged by its report alone."},
};

static const handler_facts *facts_of(const char *backend) {
  for (size_t i = 0; i < sizeof facts / sizeof *facts; i++)
    if (strncmp(backend, facts[i].backend_prefix, strlen(facts[i].backend_prefix)) == 0) return &facts[i];
  return &facts[0];
}

/* Text as comment lines of at most 95 columns. */
static void emit_comment(FILE *out, const char *text) {
  fprintf(out, "/*");
  const char *s = text;
  while (*s) {
    size_t n = strlen(s);
    if (n > 90) {
      n = 90;
      while (n > 0 && s[n] != ' ') n--;
      if (n == 0) n = 90;
    }
    fprintf(out, " %.*s\n *", (int)n, s);
    s += n;
    while (*s == ' ') s++;
  }
  fprintf(out, "/\n");
}

static const char recorder[] =
    "#include <setjmp.h>\n#include <stdarg.h>\n#include <strings.h>\n\n"
    "/* Each report the library makes, as its handler received it. */\n"
    "typedef struct {\n  char routine[32];\n  int info;\n} report;\n"
    "static report reports[4];\nstatic int n_reports;\nstatic jmp_buf leave_call;\n\n"
    "static void record(const char *routine, size_t len, int info) {\n"
    "  while (len > 0 && (routine[len - 1] == ' ' || routine[len - 1] == '\\0')) len--;\n"
    "  if (len > sizeof reports[0].routine - 1) len = sizeof reports[0].routine - 1;\n"
    "  if (n_reports < 4) {\n"
    "    memcpy(reports[n_reports].routine, routine, len);\n"
    "    reports[n_reports].routine[len] = '\\0';\n"
    "    reports[n_reports].info = info;\n  }\n"
    "  n_reports++;\n"
    "  printf(\"report:   %.*s, parameter %d\\n\", (int)len, routine, info);\n"
    "  if (handler_leaves) longjmp(leave_call, 1);\n}\n\n"
    "void cblas_xerbla(int info, const char *rout, const char *form, ...) {\n"
    "  (void)form;\n  record(rout, strlen(rout), info);\n}\n\n";

static const char fortran_handler[] =
    "/* gfortran passes the CHARACTER length of SRNAME as a hidden trailing argument. */\n"
    "void xerbla_(const char *srname, const int *info, size_t srname_length) {\n"
    "  record(srname, srname_length, *info);\n}\n\n";

static const char checker[] =
    "/* Whether report r names the invalid argument: by its CBLAS position under the CBLAS name\n"
    " * (or GSL's, its source file's), or by its Fortran position under the Fortran name (where\n"
    " * the layout, before the Fortran routine's first argument, is 0). */\n"
    "static int names_the_argument(const report *r) {\n"
    "  const char *gsl = strstr(r->routine, expected.gsl_source);\n"
    "  size_t gsl_len = strlen(expected.gsl_source);\n"
    "  if (strcasecmp(r->routine, expected.cblas_name) == 0 || (gsl && strchr(\"._\", gsl[gsl_len])))\n"
    "    return r->info == expected.cblas_position;\n"
    "  if (strcasecmp(r->routine, expected.fortran_name) == 0)\n"
    "    return r->info == expected.fortran_position;\n"
    "  return 0;\n}\n\n"
    "static int check_reports(void) {\n"
    "  if (!expected.invalid) printf(\"expected: no error report (the arguments are valid)\\n\");\n"
    "  else if (*expected.cblas_name)\n"
    "    printf(\"expected: one error report, of %s: %s parameter %d (or %s parameter %d, as the Fortran routine numbers it)\\n\",\n"
    "           expected.argument, expected.cblas_name, expected.cblas_position, expected.fortran_name,\n"
    "           expected.fortran_position);\n"
    "  else\n"
    "    printf(\"expected: one error report, of %s: %s parameter %d\\n\", expected.argument,\n"
    "           *expected.cblas_name ? expected.cblas_name : expected.fortran_name,\n"
    "           *expected.cblas_name ? expected.cblas_position : expected.fortran_position);\n"
    "  printf(\"actual:   %d error report%s\", n_reports, n_reports == 1 ? \"\" : \"s\");\n"
    "  for (int i = 0; i < n_reports && i < 4; i++)\n"
    "    printf(\"%s%s parameter %d\", i ? \", \" : \": \", reports[i].routine, reports[i].info);\n"
    "  printf(\"\\n\");\n"
    "  if (!expected.invalid) return n_reports != 0;\n"
    "  return n_reports != 1 || !names_the_argument(&reports[0]);\n}\n\n";

void blas_emit_error_hook(FILE *out, const char *backend, const blas_emit_report *e) {
  const handler_facts *f = facts_of(backend);
  emit_comment(out, f->documentation);
  fprintf(out, "static const int handler_leaves = %d;\n", f->leaves);
  fprintf(out, "%s", recorder);
  if (f->fortran_handler) fprintf(out, "%s", fortran_handler);
  fprintf(out,
          "/* The report the call must make (the reference's: the first invalid argument in its\n"
          " * checking order), or none. */\n"
          "static const struct {\n  int invalid;\n  const char *argument;\n"
          "  const char *cblas_name;\n  int cblas_position;\n"
          "  const char *fortran_name;\n  int fortran_position;\n  const char *gsl_source;\n"
          "} expected = {%d, \"%s\", \"%s\", %d, \"%s\", %d, \"%s\"};\n\n",
          e->invalid, e->argument, e->cblas_name, e->cblas_position, e->fortran_name,
          e->fortran_position, e->gsl_source);
  fprintf(out, "%s", checker);
}
