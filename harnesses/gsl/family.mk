# GSL statistics family: GSL 2.7.1 built from its Debian source per build variant, with the
# variant's sanitizers and coverage (scripts/build-gsl.sh, cached), linked statically. The
# headers are Debian's libgsl-dev of the same version. Unit tests of the family link the
# libFuzzer variant's library (its coverage hooks have defaults in the sanitizer runtime).
$(foreach v,libfuzzer afl oss,$(eval gsl_$(v)_LIBS := $(CACHE)/gsl-$(v)/libgsl.a))
$(foreach v,libfuzzer afl oss,$(eval gsl_$(v)_DEPS := $(gsl_$(v)_LIBS)))
gsl_LDFLAGS :=

# Without UBSan's alignment check: movstat's accumulators place their ring buffer and deque
# structs after int arrays of odd length inside one state buffer (misaligned by 4 bytes, benign
# on x86-64), which aborts every moving statistic with an odd window (see the gsl_movstat
# README section); every other check stays on.
$(CACHE)/gsl-%/libgsl.a: scripts/build-gsl.sh harnesses/gsl/family.mk | $(DEPS_STAMP)
	CC="$($*_CC)" GSL_CFLAGS="$($*_LIB_CFLAGS) -fno-sanitize=alignment" MLF_CACHE=$(CACHE) scripts/build-gsl.sh $(@D)

# Unit tests of the family's GSL-independent parts.
$(OUT)/tests/test_correlation_relations: $(call obj,unit,harnesses/gsl/correlation_relations.c harnesses/gsl/correlation_moments.c)
$(OUT)/tests/test_gsl_running_oracles: $(call obj,unit,harnesses/gsl/tracked_arith.c harnesses/gsl/movstat_window.c harnesses/gsl/movstat_running.c harnesses/gsl/movstat_verdict.c harnesses/gsl/fft_bound.c)
$(OUT)/tests/test_gsl_statistics_reference: $(call obj,unit,$(filter-out harnesses/gsl/statistics_call.c harnesses/gsl/statistics_domain.c harnesses/gsl/statistics_identities.c harnesses/gsl/statistics_known.c harnesses/gsl/statistics_relations%.c,$(wildcard harnesses/gsl/statistics_*.c)))
