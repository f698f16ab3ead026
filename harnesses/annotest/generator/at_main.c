/* annotest-gen: reads an annotation header and writes the .proto schema, the C glue (and its
 * header) and the @cc_example seeds of its library.
 * Usage: annotest-gen --lib NAME --include PATH HEADER OUT_DIR
 *   writes OUT_DIR/annotest_NAME.proto, annotest_NAME_glue.c, annotest_NAME_glue.h and
 *   OUT_DIR/seeds_NAME/<function>_<k>.textproto; the glue includes the header as "PATH". */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include "at_emit.h"

static int write_file(const char *dir, const char *name, const char *suffix, const at_emit_ctx *c,
                      int (*emit)(const at_emit_ctx *, FILE *, char *, size_t), char *err, size_t errlen) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s%s", dir, name, suffix);
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    return -1;
  }
  int rc = emit(c, f, err, errlen);
  if (fclose(f) != 0 && rc == 0) rc = -1, snprintf(err, errlen, "%s: write failed", path);
  if (rc < 0) remove(path);
  return rc;
}

static int glue_header(const at_emit_ctx *c, FILE *f, char *err, size_t errlen) {
  (void)err, (void)errlen;
  return at_emit_glue_header(c, f);
}

int main(int argc, char **argv) {
  const char *lib = NULL, *include = NULL;
  int a = 1;
  for (; a + 1 < argc && strncmp(argv[a], "--", 2) == 0; a += 2) {
    if (strcmp(argv[a], "--lib") == 0) lib = argv[a + 1];
    else if (strcmp(argv[a], "--include") == 0) include = argv[a + 1];
    else break;
  }
  if (!lib || !include || argc - a != 2) {
    fprintf(stderr, "usage: %s --lib NAME --include PATH HEADER OUT_DIR\n", argv[0]);
    return 2;
  }
  const char *header = argv[a], *dir = argv[a + 1];
  char err[1024] = "", proto_name[128], seeds[1024];
  at_header h;
  if (at_parse_file(header, &h, err, sizeof err) < 0) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  snprintf(proto_name, sizeof proto_name, "annotest_%s", lib);
  snprintf(seeds, sizeof seeds, "%s/seeds_%s", dir, lib);
  at_emit_ctx c = {&h, lib, include, proto_name};
  mkdir(dir, 0777); /* an existing directory is fine; a failure shows when writing */
  mkdir(seeds, 0777);
  int rc = write_file(dir, proto_name, ".proto", &c, at_emit_proto, err, sizeof err);
  if (rc == 0) rc = write_file(dir, proto_name, "_glue.c", &c, at_emit_glue, err, sizeof err);
  if (rc == 0) rc = write_file(dir, proto_name, "_glue.h", &c, glue_header, err, sizeof err);
  if (rc == 0) rc = at_emit_seeds(&c, seeds, err, sizeof err);
  if (rc < 0) fprintf(stderr, "%s\n", err);
  at_header_free(&h);
  return rc < 0 ? 1 : 0;
}
