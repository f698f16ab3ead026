# The aNNoTest bench (scripts/bench-annotest.sh, run by make bench): the annotation counter
# and, per annotated library, a byte-level baseline out/bench/annotest_<lib>_bytes
# (bench/annotest/annotest_<lib>_bytes.c: a yardstick, not a target) built like the target:
# its support code and its libraries' session code, bytes_cast.c (raw bytes to a call) and
# bytes_fold.c instead of the glue's folding, the library's instrumented
# archive and the sanitizers.
$(OUT)/bench/annotest_spec_count: bench/annotest/annotest_spec_count.c \
  $(filter-out %/at_main.c,$(wildcard harnesses/annotest/generator/*.c)) $(wildcard harnesses/annotest/generator/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g -Iharnesses/annotest $(filter %.c,$^) -lm -o $@
bench: $(OUT)/bench/annotest_spec_count

define annotest_baseline
$(OUT)/bench/annotest_$(1)_bytes: $(call obj,libfuzzer,bench/annotest/annotest_$(1)_bytes.c bench/annotest/bytes_fold.c bench/annotest/bytes_cast.c \
  $(filter-out harnesses/annotest/annotest_fold.c,$(call target_support,annotest_$(1),annotest)) $(SHARED_SRC) $(call family_mutators,annotest) \
  $(call family_registry,annotest)) $(call target_libs,annotest_$(1),annotest,libfuzzer)
	@mkdir -p $$(@D)
	$(CLANG) $(SAN) -fsanitize=fuzzer $$(filter %.o %.a,$$^) $(call target_ldflags,annotest_$(1),annotest) $(LINK_LIBS) -o $$@
bench: $(OUT)/bench/annotest_$(1)_bytes
endef
$(foreach l,$(patsubst bench/annotest/annotest_%_bytes.c,%,$(wildcard bench/annotest/annotest_*_bytes.c)),$(eval $(call annotest_baseline,$(l))))
