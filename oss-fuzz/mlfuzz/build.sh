#!/bin/bash -eu
# OSS-Fuzz's build step, for every engine project.yaml names (libFuzzer; AFL++ with
# FUZZING_ENGINE=afl, where build.sh also puts <target>.mutator.so beside each fuzzer): the
# repository's build.sh under the same contract (README section 5).
exec "$SRC/mlfuzz/build.sh"
