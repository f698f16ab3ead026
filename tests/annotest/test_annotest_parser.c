/* The aN parser and generator: every construct parses into its strategy, malformed
 * annotations fail with file:line, the schema and glue are emitted for every construct, a
 * @cc_example outside its range is refused, and a declaration that no longer matches the
 * installed header fails the build's declaration check with the function's name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "generator/at_emit.h"
#include "generator/at_model.h"

static const char every_construct[] =
    "#include <stddef.h>\n"
    "typedef struct { int index; double value; } node_t;\n"
    "typedef struct { int kind; double c; } param_t;\n"
    "// a generator\n"
    "//@ generator(free = free)\n"
    "//@ arg(n): ints(min=1, max=8)\n"
    "double *make(size_t n);\n"
    "\n"
    "/* documentation in a block comment */\n"
    "//@ arg(i): ints(min=-3, max=n, exclude_max=true)\n"
    "//@ arg(x): floats(min=0, max=1, exclude_min=true, allow_nan=true, allow_inf=false)\n"
    "//@ arg(b): bools()\n"
    "//@ arg(e): froms([A, B, 7])\n"
    "//@ arg(f): flags([F1, F2])\n"
    "//@ arg(t): tuples(ints(min=0, max=2), floats(max=1))\n"
    "//@ arg(l): lists(ints(min=0, max=9), min_len=1, max_len=\n"
    "//            n * 2)\n"
    "//@ arg(a): arrays(dtype=double, shape=[n, m], ld=m + 1, elements=floats(min=-1, max=1))\n"
    "//@ arg(v): arrays(dtype=float, shape=[n], stride=2)\n"
    "//@ arg(s): sparse(dtype=node_t, index=index, value=value, min_len=0, max_len=16, max_index=100, values=floats())\n"
    "//@ arg(p): dicts(kind=froms([K0, K1]), c=floats(min=0.001, max=1000))\n"
    "//@ arg(y): anys(-1, ints(min=1, max=5), floats(min=10, max=20))\n"
    "//@ arg(o): objs(make, n=n)\n"
    "//@ arg(out): outs(count=n)\n"
    "//@ arg(n): ints(min=1, max=8)\n"
    "//@ arg(k): n - 1\n"
    "//@ dim(m): ints(min=1, max=4)\n"
    "//@ require(i != 0)\n"
    "//@ ensure(ret >= 0)\n"
    "//@ known(some-bug, n == 3)\n"
    "//@ check(oracle)\n"
    "//@ timeout(2.5)\n"
    "//@ cc_example(i=1, x=0.5, e=B, f=[F2], t=[1, 0.5], l=[3], n=2, m=1, s=[[1, 0.5], [4, 2]],\n"
    "//             p=param_t(kind=K1, c=2), y=3, o=make())\n"
    "int f(int i, double x, int b, int e, unsigned f, const int *t, int *l, double *a, float *v,\n"
    "      const node_t *s, const param_t *p, long y, double *o, double out[], size_t n, long k);\n"
    "//@ exclude\n"
    "void g(void);\n";

static at_header parse_ok(const char *text) {
  at_header h;
  char err[512] = "";
  int rc = at_parse("every.h", text, &h, err, sizeof err);
  if (rc != 0) print_error("%s\n", err);
  assert_int_equal(rc, 0);
  return h;
}

static const at_strategy *strategy_of(const at_function *fn, const char *name) {
  int v = at_var_index(fn, name);
  assert_true(v >= 0);
  return fn->vars[v].strategy;
}

static void every_construct_parses(void **state) {
  (void)state;
  at_header h = parse_ok(every_construct);
  assert_int_equal(h.nfns, 3);
  const at_function *f = at_find_function(&h, "f");
  assert_non_null(f);
  assert_int_equal(f->nparams, 16);
  assert_int_equal(f->nvars, 17);
  static const struct { const char *name; at_strategy_kind kind; } want[] = {
      {"i", AT_INTS},   {"x", AT_FLOATS},  {"b", AT_BOOLS},  {"e", AT_FROMS},  {"f", AT_FLAGS},  {"t", AT_TUPLES},
      {"l", AT_LISTS},  {"a", AT_ARRAYS},  {"v", AT_ARRAYS}, {"s", AT_SPARSE}, {"p", AT_DICTS},  {"y", AT_ANYS},
      {"o", AT_OBJS},   {"out", AT_OUTS},  {"n", AT_INTS},   {"k", AT_CONST},  {"m", AT_INTS}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) assert_int_equal(strategy_of(f, want[i].name)->kind, want[i].kind);
  const at_strategy *x = strategy_of(f, "x");
  assert_true(x->exclude_min && !x->exclude_max && x->allow_nan && !x->allow_inf);
  assert_int_equal(strategy_of(f, "e")->nvalues, 3);
  assert_int_equal(strategy_of(f, "a")->rank, 2);
  assert_non_null(strategy_of(f, "a")->ld);
  assert_non_null(strategy_of(f, "v")->stride);
  assert_string_equal(strategy_of(f, "s")->index_field, "index");
  assert_string_equal(strategy_of(f, "p")->names[1], "c");
  assert_int_equal(strategy_of(f, "y")->nitems, 3);
  assert_int_equal(strategy_of(f, "o")->nbind, 1);
  assert_int_equal(f->nrequires, 1);
  assert_int_equal(f->nensures, 1);
  assert_int_equal(f->nknown, 1);
  assert_string_equal(f->check, "oracle");
  assert_true(f->timeout == 2.5);
  assert_int_equal(f->nexamples, 1);
  assert_int_equal(f->nannotations, 23);
  /* n is built before i (whose max is n), l, a and o; m before a. */
  size_t pos[32];
  for (size_t k = 0; k < f->nvars; k++) pos[f->order[k]] = k;
  assert_true(pos[at_var_index(f, "n")] < pos[at_var_index(f, "i")]);
  assert_true(pos[at_var_index(f, "m")] < pos[at_var_index(f, "a")]);
  assert_true(pos[at_var_index(f, "n")] < pos[at_var_index(f, "o")]);
  assert_true(at_find_function(&h, "g")->exclude);
  assert_true(at_find_function(&h, "make")->is_generator);
  at_header_free(&h);
}

/* Each malformed header fails with exactly this file:line message prefix. */
static void malformed_annotations_name_file_and_line(void **state) {
  (void)state;
  static const struct { const char *text, *error; } cases[] = {
      {"//@ arg(n): ints(min=1)\nint f(int m);\n", "bad.h:1: error: @arg(n): f has no parameter named n"},
      {"//@ arg(n): lists(ints())\nint f(int *n);\n", "bad.h:1: error: lists needs len= or max_len="},
      {"// c\n//@ arg(n): ints(mn=1)\nint f(int n);\n", "bad.h:2: error: ints has no keyword \"mn\""},
      {"//@ arg(n): ints(min=1\nint f(int n);\n", "bad.h:1: error: expected ')'"},
      {"//@ arg(n): ints()\n\nint f(int n);\n", "bad.h:1: error: annotations are not directly above a declaration"},
      {"//@ arg(n): ints()\nint f(int n, int m);\n", "bad.h:2: error: f: parameter m has no @arg"},
      {"//@ arg(a): ints(max=b)\n//@ arg(b): ints(max=a)\nint f(int a, int b);\n", "bad.h:1: error: f: the strategies of a"},
      {"//@ arg(n): objs(nothing)\nint f(void *n);\n", "bad.h:1: error: objs(nothing): no @generator function nothing"},
      {"//@ frobnicate\nint f(void);\n", "bad.h:1: error: unknown annotation @frobnicate"},
      {"//@ arg(n): ints()\n//@ timeout(-1)\nint f(int n);\n", "bad.h:2: error: @timeout takes a positive number"},
      {"//@ arg(n): froms(A, B)\nint f(int n);\n", "bad.h:1: error: froms takes one non-empty list"},
      {"//@ arg(n): arrays(dtype=double)\nint f(double *n);\n", "bad.h:1: error: arrays needs shape="},
      {"//@ arg(n): int(min=0)\nint f(int n);\n", "bad.h:1: error: unknown strategy \"int\""},
      {"//@ arg(n): tuples(lists(ints(), len=2))\nint f(int *n);\n", "bad.h:1: error: the elements, fields"},
      {"//@ arg(n): ints()\n//@ cc_example(m=1)\nint f(int n);\n", "bad.h:2: error: @cc_example: f has no parameter"},
      {"//@ arg(n): ints()\n", "bad.h:1: error: annotations at the end of the file"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    at_header h;
    char err[512] = "";
    int rc = at_parse("bad.h", cases[i].text, &h, err, sizeof err);
    if (rc == 0 || strncmp(err, cases[i].error, strlen(cases[i].error)) != 0)
      print_error("case %zu: got \"%s\", want \"%s...\"\n", i, err, cases[i].error);
    assert_int_equal(rc, -1);
    assert_memory_equal(err, cases[i].error, strlen(cases[i].error));
  }
}

static char *emit_to_string(int (*emit)(const at_emit_ctx *, FILE *, char *, size_t), const at_emit_ctx *c) {
  char *text = NULL, err[512] = "";
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  int rc = emit(c, f, err, sizeof err);
  fclose(f);
  if (rc != 0) print_error("%s\n", err);
  assert_int_equal(rc, 0);
  return text;
}

static void schema_and_glue_cover_every_construct(void **state) {
  (void)state;
  at_header h = parse_ok(every_construct);
  at_emit_ctx c = {&h, "demo", "every.h", "annotest_demo"};
  char *proto = emit_to_string(at_emit_proto, &c), *glue = emit_to_string(at_emit_glue, &c);
  static const char *const in_proto[] = {
      "message DemoFCall {", "optional sint64 i = ", "optional double x = ", "repeated sint64 l = ",
      "repeated double a = ", "optional uint64 a_seed = ", "repeated uint32 s_gap = ", "repeated double s_value = ",
      "optional DemoFCallP p = ", "optional DemoFCallY y = ", "optional DemoFCallT t = ", "optional DemoMakeCall o = ",
      "message DemoFCallY {\n  optional uint32 pick = 1;", "message DemoAnnotatedCall {", "DemoFCall f = 1;"};
  for (size_t i = 0; i < sizeof in_proto / sizeof *in_proto; i++) {
    if (!strstr(proto, in_proto[i])) print_error("schema lacks \"%s\":\n%s\n", in_proto[i], proto);
    assert_non_null(strstr(proto, in_proto[i]));
  }
  assert_null(strstr(proto, " g = ")); /* excluded */
  static const char *const in_glue[] = {
      "if (!(i != 0)) { at_reject(at__ctx, \"@require(i != 0)\"); return; }",
      "if (!(ret >= 0)) at_ensure_failed(", "if ((n == 3) && !at_known(at__ctx, \"some-bug\"", "at_call_begin(at__ctx, 2.5);",
      "oracle(at__ctx, ret, ", "at__p[at__n].index = -1;", "at_build_make(at__m->o, at__s, at__b, at__ctx)",
      "long k = (long)((n - 1));", "default: e = 7; break;"};
  for (size_t i = 0; i < sizeof in_glue / sizeof *in_glue; i++) {
    if (!strstr(glue, in_glue[i])) print_error("glue lacks \"%s\"\n", in_glue[i]);
    assert_non_null(strstr(glue, in_glue[i]));
  }
  free(proto);
  free(glue);
  at_header_free(&h);
}

/* A computed variable in a shape stands for its expression: it has no slot value of its own
 * (a shape [len] with len: n * 2 used to read 0). */
static void computed_variable_in_a_shape_is_its_expression(void **state) {
  (void)state;
  at_header h = parse_ok("#include <stddef.h>\n"
                         "//@ arg(n): ints(min=1, max=8)\n"
                         "//@ arg(len): n * 2\n"
                         "//@ arg(x): arrays(dtype=double, shape=[len])\n"
                         "int h(size_t n, size_t len, const double *x);\n");
  at_emit_ctx c = {&h, "demo", "every.h", "annotest_demo"};
  char *glue = emit_to_string(at_emit_glue, &c);
  if (!strstr(glue, "at__d0 = (int64_t)(((at__v[0].i * 2)))")) print_error("%s\n", glue);
  assert_non_null(strstr(glue, "at__d0 = (int64_t)(((at__v[0].i * 2)))"));
  assert_null(strstr(glue, "at__v[1].i"));
  free(glue);
  at_header_free(&h);
}

/* A @cc_example whose value lies outside its literal bound is an annotation error. */
static void out_of_range_example_is_refused(void **state) {
  (void)state;
  at_header h = parse_ok("//@ arg(x): floats(min=0, max=1)\n//@ cc_example(x=2)\nint f(double x);\n");
  at_emit_ctx c = {&h, "demo", "x.h", "annotest_demo"};
  char dir[] = "/tmp/annotest-seedsXXXXXX", err[512] = "";
  assert_non_null(mkdtemp(dir));
  assert_int_equal(at_emit_seeds(&c, dir, err, sizeof err), -1);
  assert_string_equal(err, "every.h:2: error: @cc_example: x = 2 is above the annotated maximum 1");
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
  at_header_free(&h);
}

/* The build's declaration check: a planted wrong copy of gsl_sort (int instead of size_t n)
 * fails to compile after GSL's header, naming the function. */
static void mismatched_declaration_fails_the_check(void **state) {
  (void)state;
  char path[] = "/tmp/annotest-declXXXXXX.h";
  int fd = mkstemps(path, 2);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs("#include <gsl/gsl_sort_double.h>\n//@ arg(n): ints(min=0, max=3)\n"
        "void gsl_sort (double * data, const size_t stride, const int n);\n", f);
  fclose(f);
  char cmd[700], out[4096] = "";
  snprintf(cmd, sizeof cmd, "clang-16 -std=c11 -fsyntax-only -x c %s 2>&1", path);
  FILE *p = popen(cmd, "r");
  size_t got = fread(out, 1, sizeof out - 1, p);
  out[got] = 0;
  int status = pclose(p);
  remove(path);
  assert_int_not_equal(status, 0);
  assert_non_null(strstr(out, "conflicting types for 'gsl_sort'"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_construct_parses),
      cmocka_unit_test(malformed_annotations_name_file_and_line),
      cmocka_unit_test(schema_and_glue_cover_every_construct),
      cmocka_unit_test(computed_variable_in_a_shape_is_its_expression),
      cmocka_unit_test(out_of_range_example_is_refused),
      cmocka_unit_test(mismatched_declaration_fails_the_check),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
