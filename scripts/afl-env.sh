# Environment afl-fuzz needs on these machines (sourced by the campaign, bench and tests):
# no CPU-frequency or core pinning checks, no crash-pattern check, no curses UI.
export AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
export AFL_QUIET=1
# Never AFL_SKIP_BIN_CHECK: afl-fuzz 4.04c finds persistent mode and the deferred fork server
# by the driver's signatures in that very check. Skipped, every input forked a child that
# re-ran the whole init (every BLAS dlopen'ed) from main(): 4 exec/s instead of 348 on
# blas_gemm (fuzzer_stats target_mode "shmem_testcase default", not "persistent ... deferred").
unset AFL_SKIP_BIN_CHECK
# ASan as afl-fuzz expects it: abort on error so the crash is seen, no leak check at exit.
# Options already set come last and win, but abort_on_error=1 stays unless they override it.
export ASAN_OPTIONS="abort_on_error=1:symbolize=0:detect_leaks=0:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Only the structure-aware mutator: AFL++'s byte-level stages would mostly produce bytes
# that are not a message at all.
export AFL_CUSTOM_MUTATOR_ONLY=1
# The instrumented OpenBLAS with every BLAS routine linked in needs about 170,000 map entries
# (165,187 library counters folded in by harnesses/mlf_afl_library_coverage.c, the rest the
# project's own edges; AFL_DUMP_MAP_SIZE=1 out/afl/<target> prints it); the default map is 65,536.
export AFL_MAP_SIZE=${AFL_MAP_SIZE:-262144}
