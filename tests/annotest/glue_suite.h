/* The generated glue of one annotated library against its annotations (the glue tests of
 * tests/annotest/): for every called function, random call messages (random_message.c) built
 * by the glue, no library call of the function under test, each judged by annotation_checker.c
 * from the parsed annotation header, independently of the glue's folding. A build the glue
 * refuses must say why (an at_reject reason or a @known finding), and each function must be
 * built, not refused, for most messages. The judge itself must catch values planted outside
 * the annotations. */
#ifndef GLUE_SUITE_H
#define GLUE_SUITE_H
#include <stddef.h>
#include <protobuf-c/protobuf-c.h>
#include "annotation_checker.h"

typedef struct {
  const char *header_path;                  /* harnesses/annotest/annotations/<lib>.h */
  const char *target, *library;             /* as the target names them in its tags */
  const ProtobufCMessageDescriptor *root;   /* the <Lib>AnnotatedCall message */
  /* The glue's annotest_<lib>_build and annotest_<lib>_stats. */
  int (*build)(const ProtobufCMessage *m, at_ctx *ctx, const char **function, at_slot **slots);
  at_function_stats *(*stats)(size_t *n);
  const annotation_model *model;            /* the test's model of the library's generators */
  size_t messages;                          /* per function */
  size_t min_functions, min_planted;        /* what the header has at least */
  void (*setup)(void);                      /* before the runs (e.g. a library's log off), or NULL */
  /* After each build: why a generator refused the valid input it was given, else NULL (a
   * generator's failure is a harness bug); NULL when the library's generators cannot fail. */
  const char *(*generator_failure)(void);
} glue_suite;

/* Runs the two tests (every built call satisfies its annotations; the judge catches planted
 * violations) through cmocka; its exit status. */
int glue_suite_run(const glue_suite *suite);
#endif
