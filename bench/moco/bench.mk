# The MoCo bench (scripts/bench-moco.sh, run by make bench): the specification counter and the
# byte-level baselines it compares the moco_* targets with.
MOCO_SPEC_COUNT_SRC := bench/moco/moco_spec_count.c $(SHARED_SRC) $(call family_mutators,moco) \
  $(call family_registry,moco)
$(OUT)/bench/moco_spec_count: $(MOCO_SPEC_COUNT_SRC) $(ALL_GEN_H) $(wildcard mutators/moco/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) $(call family_includes,moco) $(filter %.c,$^) $(LINK_LIBS) -o $@

# A byte-level baseline of target T: bench/moco/T_bytes.c, a libFuzzer harness of one library
# built like the targets (the library's instrumented archive and the sanitizers; the harness
# code itself uninstrumented, harnesses/coverage-ignorelist.txt), with seed files in
# build/bench-seeds/T_bytes/ (a rule of its own fills them). $(1) = T, $(2) = the library
# room, $(3) = harness code it shares with the target.
define moco_baseline
$(OUT)/bench/$(1)_bytes: $(call obj,libfuzzer,bench/moco/$(1)_bytes.c $(3)) $(LIB_$(2)_libfuzzer)
	@mkdir -p $$(@D)
	$(CLANG) $(SAN) -fsanitize=fuzzer $$^ $(LIB_$(2)_LDFLAGS) -o $$@
bench: $(OUT)/bench/$(1)_bytes $(BUILD)/bench-seeds/$(1)_bytes
endef

# libpng: its Debian source's own sample images (pngtest.png and friends, contrib/pngsuite).
$(eval $(call moco_baseline,moco_png,libpng,harnesses/moco/png_alloc.c))
MOCO_PNG_SOURCE_PACKAGE := $(shell sed -n 's/^recipe_package=//p' harnesses/libraries/libpng/recipe.sh)
$(BUILD)/bench-seeds/moco_png_bytes: harnesses/libraries/libpng/recipe.sh | $(DEPS_STAMP)
	scripts/fetch-debian-source.sh $(MOCO_PNG_SOURCE_PACKAGE)
	rm -rf $@ && mkdir -p $@
	cp $(CACHE)/src/$(MOCO_PNG_SOURCE_PACKAGE)/*.png $(CACHE)/src/$(MOCO_PNG_SOURCE_PACKAGE)/contrib/pngsuite/*.png $@/

# FANN: networks FANN itself saved (a standard, a sparse and a shortcut network).
$(eval $(call moco_baseline,moco_fann,fann,))
$(BUILD)/bench-seeds/moco_fann_bytes: $(wildcard bench/moco/fann-seeds/*.net)
	rm -rf $@ && mkdir -p $@
	cp $^ $@/

bench: $(OUT)/bench/moco_spec_count
