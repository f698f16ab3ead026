/* Byte-level FANN harness: the baseline of the MoCo benchmark (scripts/bench-moco.sh), an
 * evaluation yardstick and not a fuzz target of this project. It is what a plain network-file
 * fuzzer does: the fuzzer input is written to a file (FANN loads networks from paths only) and
 * loaded with fann_create_from_file; a network that loads is run once on zero inputs (at most
 * 1000 neurons, to bound the work per input) and destroyed. Seeds: networks FANN saved
 * (bench/moco/fann-seeds/). */
#define FANN_FLAVOUR float
#include "libraries/fann/fann_flavour.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char path[] = "/tmp/mlf-moco-fann-bytes-XXXXXX";

static void remove_file(void) { unlink(path); }

/* The file the inputs are written to, made once per process and removed at exit. */
static const char *input_file(void) {
  static int made;
  if (!made) {
    int fd = mkstemp(path);
    if (fd < 0) { perror("moco_fann_bytes: mkstemp"); abort(); }
    close(fd);
    atexit(remove_file);
    made = 1;
  }
  return path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fopen(input_file(), "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) { perror("moco_fann_bytes: write"); abort(); }
  fann_set_error_log(NULL, NULL);
  struct fann *ann = fann_create_from_file(path);
  if (!ann) return 0;
  if (fann_get_total_neurons(ann) <= 1000) {
    fann_type *input = calloc(fann_get_num_input(ann) + 1, sizeof *input);
    if (!input) abort();
    fann_run(ann, input);
    free(input);
  }
  fann_destroy(ann);
  return 0;
}
