/* The shared writer of standalone BLAS reproducers (see blas_emit.h). */
#include "blas_emit.h"
#include <fnmatch.h>
#include <math.h>
#include <string.h>
#include "mlf_report.h"

#define LIBDIR "/usr/lib/x86_64-linux-gnu"

static const blas_emit_library libraries[] = {
    {"openblas", "libopenblas0-serial", LIBDIR "/openblas-serial/libopenblas.so.0"},
    {"openblas-serial", "libopenblas0-serial", LIBDIR "/openblas-serial/libopenblas.so.0"},
    {"openblas-pthread", "libopenblas0-pthread", LIBDIR "/openblas-pthread/libopenblas.so.0"},
    {"openblas-openmp", "libopenblas0-openmp", LIBDIR "/openblas-openmp/libopenblas.so.0"},
    {"netlib", "libblas3", LIBDIR "/blas/libblas.so.3"},
    {"atlas", "libatlas3-base", LIBDIR "/atlas/libblas.so.3"},
    {"blis", "libblis4-serial", LIBDIR "/blis-serial/libblis.so.4"},
    {"gslcblas", "libgslcblas0", LIBDIR "/libgslcblas.so.0"},
    {"onednn", "libdnnl2", LIBDIR "/libdnnl.so.2"},
};

const blas_emit_library *blas_emit_library_of(const char *backend) {
  for (size_t i = 0; i < sizeof libraries / sizeof *libraries; i++)
    if (strcmp(libraries[i].backend, backend) == 0) return &libraries[i];
  return NULL;
}

void blas_emit_tag_backend(const char *tag, char *out, size_t len) {
  const char *start = tag;
  for (int field = 0; field < 2 && start; field++) start = strchr(start, ':'), start = start ? start + 1 : NULL;
  const char *end = start ? strchr(start, ':') : NULL;
  size_t n = start && end ? (size_t)(end - start) : 0;
  if (n >= len) n = len - 1;
  memcpy(out, start ? start : "", n);
  out[n] = 0;
}

const char *blas_emit_identity(const blas_backend *backends, size_t n, const char *tag) {
  char name[40];
  blas_emit_tag_backend(tag, name, sizeof name);
  for (size_t i = 0; i < n; i++)
    if (strcmp(backends[i].name, name) == 0) return backends[i].identity;
  return NULL;
}

/* The installed version of a Debian package, "?" when dpkg does not know it. */
static void package_version(const char *package, char *out, size_t len) {
  char command[160];
  snprintf(command, sizeof command, "dpkg-query -W -f '${Version}' %s 2>/dev/null", package);
  FILE *p = popen(command, "r");
  size_t n = p ? fread(out, 1, len - 1, p) : 0;
  out[n] = 0;
  if (p) pclose(p);
  if (!n) snprintf(out, len, "?");
}

/* Text as comment lines of at most 95 columns (comment delimiters in it split by a blank). */
static void emit_wrapped(FILE *out, const char *text) {
  const char *s = text;
  while (*s) {
    size_t n = strlen(s);
    if (n > 92) {
      n = 92;
      while (n > 0 && s[n] != ' ') n--;
      if (n == 0) n = 92;
    }
    fprintf(out, " * ");
    for (size_t i = 0; i < n; i++) /* no comment delimiter inside the comment: "/ *", "* /" */
      fprintf(out, (s[i] == '/' && s[i + 1] == '*') || (s[i] == '*' && s[i + 1] == '/') ? "%c " : "%c", s[i]);
    fprintf(out, "\n");
    s += n;
    while (*s == ' ') s++;
  }
}

/* The BLIS kernel set the harness ran, as its identity names it ("kernels NAME
 * (BLIS_ARCH_TYPE ID)"): NAME and ID; NAME empty for other libraries. */
static void blis_kernels(const char *backend, const char *identity, char *name, size_t len, int *id) {
  *name = 0;
  const char *k = strcmp(backend, "blis") == 0 && identity ? strstr(identity, "kernels ") : NULL;
  if (!k) return;
  int n = (int)strcspn(k + 8, " ");
  if (sscanf(k + 8 + n, " (BLIS_ARCH_TYPE %d)", id) == 1) snprintf(name, len, "%.*s", n, k + 8);
}

/* The OpenBLAS kernel set the harness ran: HASWELL for the instrumented build, else the
 * "core X" its identity names; empty for other libraries. */
static void openblas_core(const char *backend, const char *identity, char *out, size_t len) {
  *out = 0;
  if (strncmp(backend, "openblas", 8) != 0) return;
  if (strcmp(backend, "openblas") == 0) {
    snprintf(out, len, "Haswell");
    return;
  }
  const char *core = identity ? strstr(identity, "core ") : NULL;
  if (core) snprintf(out, len, "%.*s", (int)strcspn(core + 5, " ,"), core + 5);
}

static const char prelude[] =
    "#define _GNU_SOURCE\n"
    "#include <dlfcn.h>\n#include <math.h>\n#include <signal.h>\n#include <stdio.h>\n"
    "#include <stdint.h>\n#include <stdlib.h>\n#include <string.h>\n#include <sys/mman.h>\n#include <unistd.h>\n\n"
    "/* CBLAS's enum values (cblas.h); the routine is declared below with int in their place. */\n"
    "enum { CblasRowMajor = 101, CblasColMajor = 102 };\n"
    "enum { CblasNoTrans = 111, CblasTrans = 112, CblasConjTrans = 113 };\n"
    "enum { CblasUpper = 121, CblasLower = 122 };\n"
    "enum { CblasNonUnit = 131, CblasUnit = 132 };\n"
    "enum { CblasLeft = 141, CblasRight = 142 };\n\n"
    "/* Operands sit flush against an inaccessible page, as the fuzzer placed them, so the first\n"
    " * access past the end (or before the start) faults; inputs are read-only. */\n"
    "typedef struct {\n  const char *name;\n  char *start;\n  size_t bytes;\n} buffer;\n"
    "static buffer buffers[8];\nstatic int n_buffers;\nstatic size_t page;\n\n"
    "static void *guarded(const char *name, const void *init, size_t bytes, int writable, int head) {\n"
    "  size_t span = (bytes + page - 1) / page * page;\n"
    "  char *map = mmap(NULL, span + 2 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);\n"
    "  if (map == MAP_FAILED || mprotect(map + page, span, PROT_READ | PROT_WRITE) != 0) {\n"
    "    perror(\"mmap\");\n    exit(2);\n  }\n"
    "  char *start = head ? map + page : map + page + span - bytes;\n"
    "  memcpy(start, init, bytes);\n"
    "  if (!writable) mprotect(map + page, span, PROT_READ);\n"
    "  buffers[n_buffers++] = (buffer){name, start, bytes};\n"
    "  return start;\n}\n\n"
    "/* A fault or a hang is the bug showing: say where, and exit 1. */\n"
    "static void on_signal(int sig, siginfo_t *info, void *context) {\n"
    "  (void)context;\n"
    "  char *at = sig == SIGALRM ? NULL : info->si_addr, text[256];\n"
    "  int len = sig == SIGALRM ? snprintf(text, sizeof text, \"actual:   no return within 10 s (hang)\\n\")\n"
    "                          : snprintf(text, sizeof text, \"actual:   signal %d at %p, in no operand\\n\", sig, (void *)at);\n"
    "  for (int b = 0; b < n_buffers && at; b++) {\n"
    "    const buffer *o = &buffers[b];\n"
    "    long offset = (long)(at - o->start);\n"
    "    if (at >= o->start + o->bytes && at < o->start + o->bytes + page)\n"
    "      len = snprintf(text, sizeof text, \"actual:   access to %s at byte %ld, %ld past its end (%zu bytes)\\n\",\n"
    "                     o->name, offset, offset - (long)o->bytes, o->bytes);\n"
    "    else if (at < o->start && at + page >= o->start)\n"
    "      len = snprintf(text, sizeof text, \"actual:   access to %s %ld bytes before its start\\n\", o->name, -offset);\n"
    "    else if (at >= o->start && at < o->start + o->bytes)\n"
    "      len = snprintf(text, sizeof text, \"actual:   write into read-only input %s at byte %ld\\n\", o->name, offset);\n"
    "  }\n"
    "  static const char expected[] = \"expected: the call returns, touching only its operands\\n\";\n"
    "  if (write(STDOUT_FILENO, expected, sizeof expected - 1) < 0 || write(STDOUT_FILENO, text, (size_t)len) < 0) _exit(1);\n"
    "  _exit(1);\n}\n\n"
    "static void watch(void) {\n"
    "  struct sigaction sa;\n  memset(&sa, 0, sizeof sa);\n"
    "  sa.sa_sigaction = on_signal;\n  sa.sa_flags = SA_SIGINFO;\n"
    "  sigaction(SIGSEGV, &sa, NULL);\n  sigaction(SIGBUS, &sa, NULL);\n  sigaction(SIGALRM, &sa, NULL);\n"
    "  page = (size_t)sysconf(_SC_PAGESIZE);\n  setvbuf(stdout, NULL, _IONBF, 0);\n  alarm(10);\n}\n\n"
    "/* Names the file the entry point came from, and the kernel set OpenBLAS or BLIS picked. */\n"
    "static void print_library(const char *symbol, void *entry) {\n"
    "  Dl_info info;\n"
    "  printf(\"library:  %s from %s\", symbol, dladdr(entry, &info) && info.dli_fname ? info.dli_fname : \"?\");\n"
    "  char *(*openblas_core)(void) = (char *(*)(void))dlsym(RTLD_DEFAULT, \"openblas_get_corename\");\n"
    "  int (*blis_arch)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, \"bli_arch_query_id\");\n"
    "  const char *(*blis_name)(int) = (const char *(*)(int))dlsym(RTLD_DEFAULT, \"bli_arch_string\");\n"
    "  if (openblas_core) printf(\", OpenBLAS core %s\", openblas_core());\n"
    "  void (*blis_init)(void) = (void (*)(void))dlsym(RTLD_DEFAULT, \"bli_init\");\n"
    "  /* (BLIS 0.9.0 aborts when BLIS_ARCH_TYPE is set and it is asked before its set-up) */\n"
    "  if (blis_arch && blis_name && blis_init) blis_init(), printf(\", BLIS kernels %s\", blis_name(blis_arch()));\n"
    "  printf(\"\\n\");\n}\n\n"
    "/* What one scalar of the output must hold (scalar = element offset * parts + part): rule 'v'\n"
    " * value within bound (a NaN value: any NaN; an infinity: the same one; overflow_ok: the\n"
    " * non-finite results the specification allows too: 1 any, else bits 2 +Inf, 4 -Inf, 8 NaN),\n"
    " * or alt within alt_bound when has_alt (complex arithmetic that counts a product with a\n"
    " * zero part as zero, equally right); 'z' exactly zero; '*' anything. Scalars not listed\n"
    " * must keep their bits: the routine must not write them. */\n"
    "typedef struct {\n  long scalar;\n  int i, j, part;\n  char rule;\n"
    "  double value, bound, alt, alt_bound;\n  int overflow_ok, has_alt, alt_overflow_ok;\n} expectation;\n\n"
    "static int allowed_nonfinite(double got, int overflow_ok) {\n"
    "  if (isfinite(got) || !overflow_ok) return 0;\n"
    "  return overflow_ok == 1 || (overflow_ok & (isnan(got) ? 8 : got > 0 ? 2 : 4)) != 0;\n}\n\n"
    "static int meets(double got, double value, double bound, int overflow_ok) {\n"
    "  if (allowed_nonfinite(got, overflow_ok)) return 1;\n"
    "  if (isnan(value)) return isnan(got);\n"
    "  if (isinf(value)) return got == value;\n"
    "  if (!isfinite(got)) return 0;\n"
    "  return fabsl((long double)got - value) <= bound;\n}\n\n"
    "static int check_output(const char *name, const void *out, const void *init, long scalars,\n"
    "                        int is_double, const expectation *e, long n) {\n"
    "  size_t size = is_double ? 8 : 4;\n"
    "  unsigned char *listed = calloc((size_t)scalars + 1, 1);\n"
    "  int wrong = 0;\n"
    "  for (long k = 0; k < n; k++) {\n"
    "    double got = is_double ? ((const double *)out)[e[k].scalar] : ((const float *)out)[e[k].scalar];\n"
    "    listed[e[k].scalar] = 1;\n"
    "    int ok = e[k].rule == '*' || (e[k].rule == 'z' ? got == 0\n"
    "                                  : meets(got, e[k].value, e[k].bound, e[k].overflow_ok) ||\n"
    "                                    (e[k].has_alt && meets(got, e[k].alt, e[k].alt_bound, e[k].alt_overflow_ok)));\n"
    "    if (ok || wrong++ >= 10) continue;\n"
    "    printf(\"%s(%d,%d)%s: \", name, e[k].i, e[k].j, e[k].part ? \".im\" : \"\");\n"
    "    if (e[k].rule == 'z') printf(\"expected exactly 0\");\n"
    "    else if (isnan(e[k].value)) printf(\"expected NaN\");\n"
    "    else printf(\"expected %.17g (error bound %.3g%s%s%s%s)\", e[k].value, e[k].bound,\n"
    "                e[k].overflow_ok == 1 ? \", or non-finite\" : \"\", e[k].overflow_ok & 2 ? \", or +Inf\" : \"\",\n"
    "                e[k].overflow_ok & 4 ? \", or -Inf\" : \"\", e[k].overflow_ok & 8 ? \", or NaN\" : \"\");\n"
    "    printf(\", actual %.17g\\n\", got);\n"
    "  }\n"
    "  for (long s = 0; s < scalars; s++) {\n"
    "    const char *a = (const char *)out + (size_t)s * size, *b = (const char *)init + (size_t)s * size;\n"
    "    if (listed[s] || memcmp(a, b, size) == 0 || wrong++ >= 10) continue;\n"
    "    double got = is_double ? *(const double *)a : *(const float *)a, was = is_double ? *(const double *)b : *(const float *)b;\n"
    "    printf(\"%s scalar %ld, not the routine's to write: expected %.17g unchanged, actual %.17g\\n\", name, s, was, got);\n"
    "  }\n"
    "  free(listed);\n"
    "  if (wrong) printf(\"%d wrong scalars in %s\\n\", wrong, name);\n"
    "  else printf(\"%s as expected\\n\", name);\n"
    "  return wrong ? 1 : 0;\n}\n\n";

int blas_emit_begin(FILE *out, const char *tag, const char *identity, const char *title) {
  char backend[40], core[40], blis[40], version[80];
  int blis_id = -1;
  blas_emit_tag_backend(tag, backend, sizeof backend);
  const blas_emit_library *lib = blas_emit_library_of(backend);
  if (!lib) return -1;
  openblas_core(backend, identity, core, sizeof core);
  blis_kernels(backend, identity, blis, sizeof blis, &blis_id);
  package_version(lib->package, version, sizeof version);
  const mlf_known_finding *known = mlf_known_finding_lookup(tag);
  fprintf(out, "/* %s\n * (%s)\n", title, tag);
  if (known) emit_wrapped(out, known->explanation);
  fprintf(out, " * Library: Debian %s %s, %s.\n", lib->package, version, lib->file);
  if (strcmp(backend, "openblas") == 0)
    fprintf(out, " * The fuzzer found it in OpenBLAS %s built here from Debian's source with\n"
                 " * HASWELL kernels; this runs Debian's prebuilt library with those kernels.\n",
            version);
  fprintf(out, " * Generated by mlfuzz from the message that raised it (replay --reproducer).\n"
               " * Exit status: 1 while the bug shows (wrong output, fault or hang), 0 once fixed.\n"
               " * tags:");
  int tagged = 0;
  for (size_t i = 0; i < mlf_known_findings_count; i++) {
    const mlf_known_finding *k = &mlf_known_findings[i];
    if (!k->tag || strncmp(k->status, "library bug", 11) != 0 || fnmatch(k->tag, tag, 0) != 0) continue;
    int seen = 0; /* a pattern on several rows (several inputs) is listed once */
    for (size_t j = 0; j < i; j++) seen |= strcmp(mlf_known_findings[j].tag, k->tag) == 0;
    if (!seen) fprintf(out, " %s", k->tag), tagged = 1;
  }
  if (!tagged) fprintf(out, " %s", tag);
  const char *slash = strrchr(lib->file, '/');
  fprintf(out, "\n * link: %s -Wl,-rpath,%.*s -lm\n", lib->file, (int)(slash - lib->file), lib->file);
  if (*core) fprintf(out, " * env: OPENBLAS_CORETYPE=%s\n * needs: openblas-coretype %s\n", core, core);
  if (*blis) fprintf(out, " * env: BLIS_ARCH_TYPE=%d\n * needs: blis-arch %s\n", blis_id, blis);
  fprintf(out, " */\n%s", prelude);
  return 0;
}

void blas_emit_number(FILE *out, double v) {
  if (isnan(v)) fprintf(out, "NAN");
  else if (isinf(v)) fprintf(out, v < 0 ? "-INFINITY" : "INFINITY");
  else fprintf(out, "%a", v);
}

const char *blas_emit_real_type(const blas_precision *p) { return p->is_double ? "double" : "float"; }

void blas_emit_array(FILE *out, const blas_precision *p, const char *name, const void *data,
                     size_t count) {
  size_t scalars = count * (p->is_complex ? 2 : 1);
  fprintf(out, "static const %s %s_init[] = {", blas_emit_real_type(p), name);
  for (size_t s = 0; s < scalars; s++) {
    fprintf(out, s % 6 ? ", " : s ? ",\n    " : "\n    ");
    blas_emit_number(out, p->is_double ? ((const double *)data)[s] : ((const float *)data)[s]);
  }
  fprintf(out, scalars ? "};\n" : "0};\n");
  fprintf(out, "enum { %s_scalars = %zu };\n", name, scalars);
}

blas_emit_expect blas_emit_expect_of(long scalar, size_t i, size_t j, int part,
                                     const mlf_expect *e, const mlf_expect *alt) {
  blas_emit_expect x = {scalar, (int)i, (int)j, part, 'v', e->value, e->bound, 0, 0,
                        e->overflow_possible, 0, 0};
  int differs = alt && (memcmp(&alt->value, &e->value, sizeof e->value) != 0 || alt->bound != e->bound ||
                        alt->overflow_possible != e->overflow_possible);
  if (differs)
    x.has_alt = 1, x.alt = alt->value, x.alt_bound = alt->bound, x.alt_overflow_ok = alt->overflow_possible;
  return x;
}

void blas_emit_expectations(FILE *out, const char *name, const blas_emit_expect *e, size_t n) {
  fprintf(out, "static const expectation %s_expected[] = {\n", name);
  for (size_t k = 0; k < n; k++) {
    fprintf(out, "    {%ld, %d, %d, %d, '%c', ", e[k].scalar, e[k].i, e[k].j, e[k].part, e[k].rule);
    const double nums[4] = {e[k].value, e[k].bound, e[k].alt, e[k].alt_bound};
    for (int q = 0; q < 4; q++) blas_emit_number(out, nums[q]), fprintf(out, ", ");
    fprintf(out, "%d, %d, %d},\n", e[k].overflow_ok, e[k].has_alt, e[k].alt_overflow_ok);
  }
  if (!n) fprintf(out, "    {0, 0, 0, 0, '*', 0, 0, 0, 0, 0, 0},\n");
  fprintf(out, "};\nenum { %s_expectations = %zu };\n\n", name, n);
}

/* 1 when name is a word of the space-separated list. */
static int in_list(const char *list, const char *name) {
  size_t len = strlen(name);
  for (const char *w = list; (w = strstr(w, name)) != NULL; w += len)
    if ((w == list || w[-1] == ' ') && (w[len] == ' ' || w[len] == '\0')) return 1;
  return 0;
}

void blas_emit_main_begin(FILE *out, const blas_precision *p, const char *names,
                          const char *output, int head, const char *symbol) {
  const char *type = blas_emit_real_type(p);
  fprintf(out, "int main(void) {\n  watch();\n");
  char list[64];
  snprintf(list, sizeof list, "%s", names);
  for (char *save = NULL, *name = strtok_r(list, " ", &save); name; name = strtok_r(NULL, " ", &save))
    fprintf(out, "  %s *%s = guarded(\"%s\", %s_init, %s_scalars * sizeof(%s), %d, %d);\n", type, name,
            name, name, name, type, in_list(output, name), head);
  fprintf(out, "  print_library(\"%s\", (void *)%s);\n", symbol, symbol);
}

void blas_emit_main_end(FILE *out, const blas_precision *p, const char *output, const char *also) {
  fprintf(out, "  int wrong = %s;\n", also ? also : "0");
  char list[64];
  snprintf(list, sizeof list, "%s", output);
  for (char *save = NULL, *o = strtok_r(list, " ", &save); o; o = strtok_r(NULL, " ", &save))
    fprintf(out, "  wrong |= check_output(\"%s\", %s, %s_init, %s_scalars, %d, %s_expected, %s_expectations);\n",
            o, o, o, o, p->is_double, o, o);
  fprintf(out, "  printf(wrong ? \"the bug is present\\n\" : \"the bug is absent\\n\");\n  return wrong;\n}\n");
}
