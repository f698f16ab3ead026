/* The tiny data set every library room's smoke test trains on: 8 points in the plane, two
 * well separated classes (+1 around (2.5, 2.5), -1 around (-2.5, -2.5)), and 3 points none
 * of them was trained on. Every coordinate has at most 8 significant digits, so a model file
 * that prints its numbers with "%.8g" or more digits stores them exactly. Also: the
 * capture of what a call prints, to check that a session silences its library, and the
 * symbols of an installed binary loaded apart. */
#ifndef MLF_TINY_DATA_H
#define MLF_TINY_DATA_H
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define TINY_POINTS 8
#define TINY_FRESH 3
static const double tiny_x[TINY_POINTS][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3},
                                              {-2, -2}, {-2, -3}, {-3, -2}, {-3, -3}};
static const double tiny_y[TINY_POINTS] = {1, 1, 1, 1, -1, -1, -1, -1};
static const double tiny_fresh[TINY_FRESH][2] = {{2.5, 2.5}, {-2.5, -2.5}, {0.5, 0.25}};

/* A scratch file name for a saved model (the file is created empty; the caller unlinks it). */
static inline void tiny_scratch_file(char *name, size_t len) {
  snprintf(name, len, "/tmp/mlf_room_model_XXXXXX");
  int fd = mkstemp(name);
  if (fd < 0) abort();
  close(fd);
}

/* The content of the file at path into text (NUL-terminated), then the file removed; the
 * number of bytes read (len - 1 when the file may be longer). */
static inline size_t tiny_take_file(const char *path, char *text, size_t len) {
  FILE *f = fopen(path, "r");
  if (!f) abort();
  size_t n = fread(text, 1, len - 1, f);
  text[n] = 0;
  fclose(f);
  unlink(path);
  return n;
}

/* The symbol name of the library lib loaded with dlopen (the installed binary a room is
 * compared with); aborts naming it when the library lacks it. */
static inline void *tiny_symbol(void *lib, const char *name) {
  void *symbol = dlsym(lib, name);
  if (!symbol) fprintf(stderr, "the installed library has no %s\n", name), abort();
  return symbol;
}

/* Runs call(arg) with file descriptor fd (STDOUT_FILENO, STDERR_FILENO) sent to a scratch
 * file; returns how many bytes it wrote there. */
static inline long tiny_printed_bytes(int fd, void (*call)(void *), void *arg) {
  FILE *sink = tmpfile();
  if (!sink) abort();
  fflush(NULL);
  int saved = dup(fd);
  if (saved < 0 || dup2(fileno(sink), fd) < 0) abort();
  call(arg);
  fflush(NULL);
  if (dup2(saved, fd) < 0) abort();
  close(saved);
  fseek(sink, 0, SEEK_END);
  long printed = ftell(sink);
  fclose(sink);
  return printed;
}
#endif
