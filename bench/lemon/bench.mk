# The LEMON campaign bench (run by scripts/bench.sh): a plain optimized build like the other
# benches, with the family's code; make bench builds it.
LEMON_CAMPAIGN_SRC := $(wildcard bench/lemon/*.c) $(call family_support,lemon) $(SHARED_SRC) \
  $(call family_mutators,lemon) $(call family_registry,lemon)
$(OUT)/bench/lemon_campaign: $(LEMON_CAMPAIGN_SRC) $(ALL_GEN_H) \
  $(wildcard bench/lemon/*.h harnesses/lemon/*.h mutators/lemon/*.h oracles/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) $(call family_includes,lemon) $(filter %.c,$^) \
	  $(call family_ldflags,lemon) $(LINK_LIBS) -o $@
bench: $(OUT)/bench/lemon_campaign
