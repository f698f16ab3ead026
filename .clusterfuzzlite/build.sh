#!/bin/bash -eu
# ClusterFuzzLite's build step: the repository's build.sh under the same contract ($CC,
# $CFLAGS, $LIB_FUZZING_ENGINE, $OUT, ...; README section 5).
exec "$SRC/mlfuzz/build.sh"
