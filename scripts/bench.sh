#!/usr/bin/env bash
# make bench: throughput numbers for the closing notes, as one table in one run.
#  - mutator_throughput: the whole cycle an engine sees (unpack, mutate, post-process, pack)
#    per message type and size budget (bench/mutator_bench.c, no sanitizers);
#  - guard_alloc_free_ns: one guard-page buffer allocation and release (bench/guard_bench.c);
#  - per target (scripts/bench-targets.sh): libFuzzer exec/s on one core with the ASan build, all backends, sizes capped
#    at MLF_GEMM_MAX_DIM (32): by the wall clock, and per second of the process's own CPU time
#    (which other load on a shared machine does not move); and the share of time spent outside
#    the libraries (engine, mutator, decode, reference, guard pages, comparison)
#    = 1 - library time / total time, measured (not estimated) by the target itself with
#    MLF_PROFILE=1 (oracles/mlf_profile.h): process CPU time between mlf_capture_begin and
#    mlf_capture_end, which bracket every library call of every harness, against the process
#    CPU time since the target's init, summed over the runs (a run that ends on a finding
#    prints it before aborting; one that ends on a sanitizer crash does not). Library calls
#    made in a forked child (blas_errors' isolation) are not counted, so that share is an
#    upper bound. A target that brackets no library call reports "unknown".
#  - per BLAS target: OpenBLAS coverage reached by the structure-aware mutator and by plain
#    byte-level libFuzzer in the same time from the same seeds (scripts/bench-coverage.sh,
#    BENCH_COVERAGE_SECONDS per mode and seed, default 15; details and plots in build/bench/).
#  - LEMON campaign (out/bench/lemon_campaign, bench/lemon/): LEMON guidance vs LEMON_r vs
#    feedback-only corpus at BENCH_LEMON_BUDGET model executions per mode (default 2000,
#    about 2.5 minutes for the three modes on 2 busy cores): exec/s, valid share, the paper's
#    Table 5 per library pair, findings, D_MAD > 0.4 against bound violations.
#  - LEMON speed (scripts/bench-lemon-speed.sh): lemon_model on its seed models, executions per
#    wall and per CPU second on one core, and the share of time outside oneDNN and XNNPACK.
#  - MoCo (scripts/bench-moco.sh, bench/moco/): per moco_* target, functions in the spec and
#    reached, exec/s, reports, true bugs, false positives, precision, and coverage inside the
#    instrumented libraries against a byte-level baseline of the same library, BENCH_MOCO_SECONDS
#    per target and mode (default 60); also in build/bench/moco.txt.
#  - aNNoTest (scripts/bench-annotest.sh, bench/annotest/): per annotest_* target, annotated
#    functions, annotations per function, valid-input rate against a byte-level baseline of the
#    same functions and annotations, exec/s, reports, true bugs, spurious reports, precision,
#    BENCH_ANNOTEST_SECONDS per target and mode (default 60); also in build/bench/annotest.txt.
#  - Keeper (scripts/bench-keeper.sh, bench/keeper/): per evaluation subject (a small program
#    branching on OCR or speech output, with planted defects), branch coverage of Keeper's
#    clause-directed inputs vs random real inputs vs byte-level libFuzzer on the subject,
#    failures found vs defects carried, repair suggestions and whether they fix the defect,
#    OCR/ASR executions per second (BENCH_KEEPER_N inputs per clause, default 5); then per
#    engine pair (Tesseract/ocrad; PocketSphinx's language model/grammar) determinable failures
#    per hour (BENCH_KEEPER_PAIR_SECONDS per pair, default 60); 5.6 minutes in all, measured
#    on two cores; also in build/bench/keeper.txt.
# BENCH_SECONDS sets the fuzzing time per target (default 20). Results: bench-results/.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
dir=bench-results
mkdir -p "$dir"
result=$dir/latest.txt
{
  echo "# mlfuzz bench $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  out/bench/mutator_bench
  out/bench/guard_bench
  scripts/bench-targets.sh
  # LEMON campaign (bench/lemon/lemon_campaign.c): LEMON guidance vs LEMON_r vs feedback only
  # at the same budget of model executions, the paper's Table 5, valid share, exec/s.
  campaign=out/bench/lemon_campaign
  if [ ! -x "$campaign" ]; then
    echo "bench: $campaign is missing (build it: make $campaign)" >&2
    exit 1
  fi
  "$campaign" --seed 1 --budget "${BENCH_LEMON_BUDGET:-2000}" --mode all
  # LEMON speed on the seed models, per wall and CPU second, and the outside-library share.
  scripts/bench-lemon-speed.sh
  scripts/bench-coverage.sh
  scripts/bench-moco.sh
  scripts/bench-annotest.sh
  scripts/bench-keeper.sh
} | tee "$result"
echo "bench: results in $result"
