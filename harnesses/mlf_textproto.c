/* Text-format inputs: a .textproto file given to the replay driver or a tool is encoded by
 * `protoc --encode=<type> -I<dir>... <every .proto file in them>` (bounded by `timeout`), so nobody
 * encodes by hand; and any input is exported as text format that protoc encodes back into the
 * same message. Where the .proto files are: $MLF_PROTO_PATH (directories separated by ':'),
 * else the source tree's, fixed at build time (MLF_PROTO_PATH below). */
#include "mlf_textproto.h"

#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "mlf_mutator.h"

#ifndef MLF_PROTO_PATH
#error "MLF_PROTO_PATH: the build passes the source tree's proto directories"
#endif
#define PROTOC_SECONDS "20"
#define MAX_PROTOC_ARGS 256

int mlf_is_textproto(const char *path) {
  size_t n = strlen(path);
  return (n > 10 && strcmp(path + n - 10, ".textproto") == 0) ||
         (n > 6 && strcmp(path + n - 6, ".txtpb") == 0);
}

/* Reads all of fd; NULL when memory runs out. */
static uint8_t *read_all(int fd, size_t *size) {
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = malloc(cap);
  ssize_t got;
  while (buf && (got = read(fd, buf + n, cap - n)) != 0) {
    if (got < 0) {
      if (errno == EINTR) continue;
      free(buf);
      return NULL;
    }
    n += (size_t)got;
    if (n == cap) {
      uint8_t *bigger = realloc(buf, cap *= 2);
      if (!bigger) free(buf);
      buf = bigger;
    }
  }
  *size = n;
  return buf;
}

/* Appends to args "-I<dir>" for each directory of the proto path (*includes of them, to free)
 * and then every .proto file in them (kept in g). 0, or -1 after saying what is unusable. */
static int add_proto_args(const char *who, char *path, const char **args, size_t *n,
                          size_t *includes, glob_t *g) {
  int first_file = 0;
  for (char *dir = strtok(path, ":"); dir; dir = strtok(NULL, ":")) {
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
      fprintf(stderr, "%s: proto directory %s is missing; set MLF_PROTO_PATH to the mlfuzz "
                      "source tree's proto/ (and build/gen/<family>/ for generated schemas)\n",
              who, dir);
      return -1;
    }
    char pattern[4096];
    snprintf(pattern, sizeof pattern, "%s/*.proto", dir);
    if (glob(pattern, first_file ? GLOB_APPEND : 0, NULL, g) != 0) {
      fprintf(stderr, "%s: no .proto file in %s (MLF_PROTO_PATH)\n", who, dir);
      return -1;
    }
    first_file = 1;
    if (*n + 1 >= MAX_PROTOC_ARGS) return -1;
    char *include = malloc(strlen(dir) + 3);
    sprintf(include, "-I%s", dir);
    args[(*n)++] = include;
    (*includes)++;
  }
  for (size_t i = 0; i < g->gl_pathc && *n + 1 < MAX_PROTOC_ARGS; i++) args[(*n)++] = g->gl_pathv[i];
  return 0;
}

/* protoc --encode of the text file `path` as a message of `type`. */
static uint8_t *encode_textproto(const char *who, const char *path,
                                 const ProtobufCMessageDescriptor *type, size_t *size) {
  const char *env = getenv("MLF_PROTO_PATH");
  char *proto_path = strdup(env && *env ? env : MLF_PROTO_PATH);
  char encode[512];
  snprintf(encode, sizeof encode, "--encode=%s", type->name);
  const char *args[MAX_PROTOC_ARGS] = {"timeout", PROTOC_SECONDS, "protoc", encode};
  size_t n = 4, first_include = n, includes = 0;
  glob_t files = {0};
  uint8_t *out = NULL;
  int pipefd[2] = {-1, -1};
  int input = -1;
  if (add_proto_args(who, proto_path, args, &n, &includes, &files) < 0) goto done;
  args[n] = NULL;
  if ((input = open(path, O_RDONLY)) < 0) {
    fprintf(stderr, "%s: cannot read %s: %s\n", who, path, strerror(errno));
    goto done;
  }
  if (pipe(pipefd) < 0) goto done;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(input, 0);
    dup2(pipefd[1], 1);
    close(pipefd[0]);
    execvp(args[0], (char *const *)args);
    _exit(127);
  }
  close(pipefd[1]);
  pipefd[1] = -1;
  out = pid > 0 ? read_all(pipefd[0], size) : NULL;
  int status = 0;
  if (pid > 0) waitpid(pid, &status, 0);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (pid < 0 || code != 0) {
    free(out);
    out = NULL;
    if (code == 127)
      fprintf(stderr, "%s: protoc not found: install protobuf-compiler (scripts/install-deps.sh) "
                      "to read %s\n", who, path);
    else if (code == 124)
      fprintf(stderr, "%s: protoc took more than " PROTOC_SECONDS " s on %s\n", who, path);
    else
      fprintf(stderr, "%s: protoc could not encode %s as %s (its message above)\n", who, path,
              type->name);
  }
done:
  if (input >= 0) close(input);
  if (pipefd[0] >= 0) close(pipefd[0]);
  for (size_t i = 0; i < includes; i++) free((char *)args[first_include + i]);
  globfree(&files);
  free(proto_path);
  return out;
}

uint8_t *mlf_input_read(const char *who, const char *path, const ProtobufCMessageDescriptor *type,
                        size_t *size) {
  if (mlf_is_textproto(path)) return encode_textproto(who, path, type, size);
  int fd = open(path, O_RDONLY);
  uint8_t *data = fd < 0 ? NULL : read_all(fd, size);
  if (!data) fprintf(stderr, "%s: cannot read %s: %s\n", who, path, strerror(errno));
  if (fd >= 0) close(fd);
  return data;
}

void mlf_textproto_write(FILE *out, const ProtobufCMessage *msg, const char *origin) {
  fprintf(out, "# %s, from %s\n", msg->descriptor->name, origin);
  mlf_print_text(out, msg);
}

/* DIR/<name of path without directory and .bin/.textproto extension><ext> */
static void output_name(char *buf, size_t len, const char *dir, const char *path, const char *ext) {
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  size_t n = strlen(base);
  if (n > 4 && strcmp(base + n - 4, ".bin") == 0) n -= 4;
  else if (mlf_is_textproto(base)) n = (size_t)(strrchr(base, '.') - base);
  snprintf(buf, len, "%s/%.*s%s", dir, (int)n, base, ext);
}

int mlf_textproto_convert_main(const char *who, const ProtobufCMessageDescriptor *type, int to_text,
                               int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s %s DIR|- FILE...\n", who, to_text ? "--export" : "--encode");
    return 2;
  }
  int status = 0;
  for (int i = 1; i < argc; i++) {
    size_t size;
    uint8_t *data = mlf_input_read(who, argv[i], type, &size);
    ProtobufCMessage *msg = data ? mlf_parse(type, data, size) : NULL;
    if (data && !msg) fprintf(stderr, "%s: %s is not an encoded %s\n", who, argv[i], type->name);
    free(data);
    if (!msg) {
      status = 2;
      continue;
    }
    char name[4096];
    output_name(name, sizeof name, argv[0], argv[i], to_text ? ".textproto" : ".bin");
    FILE *out = strcmp(argv[0], "-") == 0 ? stdout : fopen(name, "w");
    if (!out) {
      fprintf(stderr, "%s: cannot write %s: %s\n", who, name, strerror(errno));
      status = 2;
    } else {
      if (to_text) {
        mlf_textproto_write(out, msg, argv[i]);
      } else {
        size = protobuf_c_message_get_packed_size(msg);
        uint8_t *packed = malloc(size ? size : 1);
        fwrite(packed, 1, protobuf_c_message_pack(msg, packed), out);
        free(packed);
      }
      if (out == stdout ? fflush(out) != 0 : fclose(out) != 0) status = 2;
    }
    protobuf_c_message_free_unpacked(msg, NULL);
  }
  return status;
}
