/* Prints one line per MoCo specification table, "<library> <functions>": the library name the
 * table gives (as in target names: moco_<library>) and how many API functions it specifies.
 * Each table is found through moco_spec_of for every Program.Template value, so a library
 * counts once however many templates share its table. Used by scripts/bench-moco.sh. */
#include <stdio.h>
#include "moco_spec.h"

int main(void) {
  const ProtobufCEnumDescriptor *templates = &mlf__moco__program__template__descriptor;
  const moco_spec *printed[64];
  size_t n_printed = 0;
  for (unsigned i = 0; i < templates->n_values; i++) {
    Mlf__Moco__Program p = MLF__MOCO__PROGRAM__INIT;
    p.template_ = (Mlf__Moco__Program__Template)templates->values[i].value;
    const moco_spec *spec = moco_spec_of(&p);
    int seen = !spec;
    for (size_t j = 0; j < n_printed && !seen; j++) seen = printed[j] == spec;
    if (seen || n_printed == sizeof printed / sizeof *printed) continue;
    printed[n_printed++] = spec;
    printf("%s %zu\n", spec->library, spec->n_apis);
  }
  return 0;
}
