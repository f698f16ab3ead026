# aNNoTest family (../shared/papers/annotest.txt, ANNOTATIONS.md): per library an annotation
# header (annotations/<lib>.h) from which the host tool annotest-gen (generator/) writes, under
# build/gen/annotest/, the call schema annotest_<lib>.proto, the glue annotest_<lib>_glue.c/.h
# and the @cc_example seeds seeds_<lib>/. Before that, the header is compiled after the
# library's own headers, so an annotated declaration that no longer matches fails the build
# with the function's name. Target annotest_<lib>: harnesses/annotest/annotest_<lib>_fuzzer.c.
# Target annotest_<lib> links library room <lib> only, and of the support code the family's
# (every .c here not named after an annotated library), harnesses/annotest/<lib>_*.c (its
# generators and oracles) and its generated glue; every target links every schema (plain
# protobuf-c descriptors, no library code).
ANNOTEST_ANNOTATED := $(patsubst harnesses/annotest/annotations/%.h,%,$(wildcard harnesses/annotest/annotations/*.h))
ANNOTEST_GEN := $(OUT)/tools/annotest-gen
ANNOTEST_GEN_DIR := $(BUILD)/gen/annotest
annotest_GEN_PROTOS := $(patsubst %,$(ANNOTEST_GEN_DIR)/annotest_%.proto,$(ANNOTEST_ANNOTATED))
ANNOTEST_COMMON_SRC := $(filter-out %_fuzzer.c $(patsubst %,harnesses/annotest/%_%.c,$(ANNOTEST_ANNOTATED)), \
                         $(wildcard harnesses/annotest/*.c))
$(foreach l,$(ANNOTEST_ANNOTATED),$(eval annotest_$(l)_LIBRARIES := $(l)) \
  $(eval annotest_$(l)_SUPPORT := $(ANNOTEST_COMMON_SRC) $(wildcard harnesses/annotest/$(l)_*.c) \
                                  $(ANNOTEST_GEN_DIR)/annotest_$(l)_glue.c))

# The generator runs at build time on this machine: plain clang with the project's sanitizers.
$(ANNOTEST_GEN): $(wildcard harnesses/annotest/generator/*.c harnesses/annotest/generator/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -g -O1 $(PROJECT_SAN) $(filter %.c,$^) -lm -o $@

$(ANNOTEST_GEN_DIR)/%.declcheck: harnesses/annotest/annotations/%.h harnesses/annotest/*.h | $(DEPS_STAMP)
	@mkdir -p $(@D)
	@$(CLANG) $(WARN) -fsyntax-only $(INCLUDES) -Iharnesses/annotest -x c $< || \
	  { echo "$<: an annotated declaration does not match the installed header (conflicting types above)" >&2; exit 1; }
	@touch $@

$(ANNOTEST_GEN_DIR)/annotest_%.proto $(ANNOTEST_GEN_DIR)/annotest_%_glue.c $(ANNOTEST_GEN_DIR)/annotest_%_glue.h: \
  harnesses/annotest/annotations/%.h $(ANNOTEST_GEN) $(ANNOTEST_GEN_DIR)/%.declcheck
	@rm -rf $(ANNOTEST_GEN_DIR)/seeds_$*
	$(ANNOTEST_GEN) --lib $* --include annotations/$*.h $< $(ANNOTEST_GEN_DIR)

# The @cc_example seeds join the target's corpus (build/corpora/annotest_<lib>/cc_example_*.bin).
define annotest_seed_rules
$(BUILD)/corpora/annotest_$(1)/.cc_examples: $(ANNOTEST_GEN_DIR)/annotest_$(1).proto $(ANNOTEST_GEN_DIR)/annotest_$(1).pb-c.c
	@mkdir -p $$(@D)
	for s in $(ANNOTEST_GEN_DIR)/seeds_$(1)/*.textproto; do \
	  protoc --encode=$$$$(scripts/target-message.sh harnesses/annotest/annotest_$(1)_fuzzer.c --full-name $(BUILD)/gen) \
	    -I$(ANNOTEST_GEN_DIR) $$< < $$$$s > $$(@D)/cc_example_$$$$(basename $$$$s .textproto).bin || exit 1; done
	@touch $$@
corpora: $(BUILD)/corpora/annotest_$(1)/.cc_examples
endef
$(foreach l,$(ANNOTEST_ANNOTATED),$(eval $(call annotest_seed_rules,$(l))))
