# mlfuzz build. Targets are discovered by file name: harnesses/<family>/<family>_<what>_fuzzer.c
# is target <family>_<what>; every other .c in harnesses/<family>/ is that family's support
# code (backends, references); harnesses/<family>/family.mk may add link flags and deps.
#
#   make            libFuzzer, AFL++ and replay builds of every target, plus seed corpora
#   make check      the whole test suite, ending with "N passed, N failed"
#   make fuzz       short campaign over every target (FUZZ_SECONDS per target and engine)
#   make false-alarm  long run on plain values that must raise no finding (FALSE_ALARM_SECONDS)
#   make bench      benchmarks (mutator throughput, target exec/s, time outside libraries,
#                   coverage against byte-level libFuzzer, mutation score)
#   make mutation-score  mutants of the relation suites' subjects, killed or not

SHELL := /bin/bash
CLANG ?= clang-16
AFL_CC ?= afl-clang-fast
CACHE ?= $(CURDIR)/cache
BUILD := build
OUT ?= out
FUZZ_SECONDS ?= 30

SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
# Project code is checked for everything but stack use after return, whose fake stacks cost
# more than the rest of a short harness execution.
PROJECT_SAN := $(SAN) -fsanitize-address-use-after-return=never
WARN := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror
INCLUDES := -Imutators -Ioracles -Iharnesses -I$(BUILD)/gen
BASE_CFLAGS := $(WARN) -g -O1 $(INCLUDES)

# Compiler and flags per variant: unit (tests), libfuzzer, afl.  The replay driver reuses the
# libfuzzer objects so a replay runs exactly the code the fuzzer ran.
unit_CC := $(CLANG)
unit_CFLAGS := $(BASE_CFLAGS) $(PROJECT_SAN)
libfuzzer_CC := $(CLANG)
COVERAGE_IGNORE := $(CURDIR)/harnesses/coverage-ignorelist.txt
libfuzzer_CFLAGS := $(BASE_CFLAGS) $(PROJECT_SAN) -fsanitize=fuzzer-no-link \
                    -fsanitize-coverage-ignorelist=$(COVERAGE_IGNORE) -DMLF_ENGINE_LIBFUZZER
afl_CC := $(AFL_CC)
# AFL++'s compiler reads the same ignore list from the environment.
afl_ENV := AFL_QUIET=1 AFL_LLVM_DENYLIST=$(COVERAGE_IGNORE)
oss_ENV := $(afl_ENV)
afl_CFLAGS := $(BASE_CFLAGS) $(PROJECT_SAN) -DMLF_ENGINE_AFL
# Flags the third-party libraries built from source get, per engine.
libfuzzer_LIB_CFLAGS := -fsanitize=fuzzer-no-link $(SAN)
afl_LIB_CFLAGS := $(SAN)
# OSS-Fuzz: everything from the environment build.sh was given.
oss_CC = $(OSS_CC)
oss_CFLAGS = $(BASE_CFLAGS) $(OSS_CFLAGS) -DMLF_ENGINE_$(OSS_ENGINE_MACRO) \
             $(if $(filter LIBFUZZER,$(OSS_ENGINE_MACRO)),-fsanitize-coverage-ignorelist=$(COVERAGE_IGNORE))
oss_LIB_CFLAGS = $(OSS_CFLAGS)
VARIANTS := unit libfuzzer afl $(if $(OSS_CC),oss)

PROTOS := $(wildcard proto/*.proto)
GEN_C := $(patsubst proto/%.proto,$(BUILD)/gen/%.pb-c.c,$(PROTOS))
GEN_H := $(GEN_C:.c=.h)
TEST_PROTOS := $(wildcard tests/proto/*.proto)
TEST_GEN_C := $(patsubst tests/proto/%.proto,$(BUILD)/gen/tests/%.pb-c.c,$(TEST_PROTOS))

ADAPTERS := mutators/mlf_libfuzzer_adapter.c mutators/mlf_afl_mutator.c
MUTATOR_SRC := $(filter-out $(ADAPTERS),$(wildcard mutators/*.c))
ORACLE_SRC := $(wildcard oracles/*.c)
CORE_SRC := $(MUTATOR_SRC) $(ORACLE_SRC) $(BUILD)/gen/mlf_known_findings_table.c
HARNESS_FILES := $(wildcard harnesses/*/*_fuzzer.c)
TARGETS := $(patsubst %_fuzzer.c,%,$(notdir $(HARNESS_FILES)))

obj = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(patsubst $(BUILD)/%,%,$(2)))
family_of = $(firstword $(subst _, ,$(1)))
family_support = $(filter-out %_fuzzer.c,$(wildcard harnesses/$(1)/*.c))

.PHONY: all deps check fuzz false-alarm bench clean corpora libfuzzer afl replay oss-fuzz
.DELETE_ON_ERROR:
# Objects reached only through pattern rules are kept (make would delete them as intermediate).
.SECONDARY:

all: libfuzzer afl replay corpora

# Missing Debian packages are installed on demand; the stamp is per machine state.
DEPS_STAMP := $(CACHE)/deps.stamp
deps: $(DEPS_STAMP)
$(DEPS_STAMP): scripts/install-deps.sh
	scripts/install-deps.sh
	@mkdir -p $(CACHE) && touch $@

include $(wildcard harnesses/*/family.mk)

# ---- generated code -------------------------------------------------------------------
$(BUILD)/gen/%.pb-c.c $(BUILD)/gen/%.pb-c.h: proto/%.proto | $(DEPS_STAMP)
	@mkdir -p $(BUILD)/gen
	protoc-c --c_out=$(BUILD)/gen -Iproto $<
$(BUILD)/gen/tests/%.pb-c.c $(BUILD)/gen/tests/%.pb-c.h: tests/proto/%.proto | $(DEPS_STAMP)
	@mkdir -p $(BUILD)/gen/tests
	protoc-c --c_out=$(BUILD)/gen/tests -Itests/proto $<
$(BUILD)/gen/mlf_known_findings_table.c: oracles/known_findings.tsv scripts/known-findings-table.sh
	@mkdir -p $(BUILD)/gen
	scripts/known-findings-table.sh $< > $@

# ---- objects, per variant ---------------------------------------------------------------
define variant_rules
$(BUILD)/$(1)/%.o: %.c $(GEN_H) | $(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$($(1)_ENV) $$($(1)_CC) $$($(1)_CFLAGS) -MMD -MP -c $$< -o $$@
$(BUILD)/$(1)/gen/%.o: $(BUILD)/gen/%.c $(GEN_H)
	@mkdir -p $$(@D)
	$$($(1)_ENV) $$($(1)_CC) $$($(1)_CFLAGS) -c $$< -o $$@
endef
$(foreach v,$(VARIANTS),$(eval $(call variant_rules,$(v))))
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- targets --------------------------------------------------------------------------
# $(1) = target, $(2) = family.  sources_of = what every build of the target links.
sources_of = harnesses/$(2)/$(1)_fuzzer.c $(call family_support,$(2)) harnesses/mlf_entry.c \
             $(CORE_SRC) $(GEN_C)
LINK_LIBS := -l:libprotobuf-c.a -lm
define target_rules
$(OUT)/libfuzzer/$(1): $(call obj,libfuzzer,$(sources_of) mutators/mlf_libfuzzer_adapter.c) $$($(2)_libfuzzer_DEPS)
	@mkdir -p $$(@D)
	$(CLANG) $(SAN) -fsanitize=fuzzer $$(filter %.o,$$^) $$($(2)_libfuzzer_LIBS) $$($(2)_LDFLAGS) $(LINK_LIBS) -o $$@
$(OUT)/replay/$(1): $(call obj,libfuzzer,$(sources_of) harnesses/mlf_replay_main.c) $$($(2)_libfuzzer_DEPS)
	@mkdir -p $$(@D)
	$(CLANG) $(SAN) $$(filter %.o,$$^) $$($(2)_libfuzzer_LIBS) $$($(2)_LDFLAGS) $(LINK_LIBS) -o $$@
$(OUT)/afl/$(1): $(call obj,afl,$(sources_of)) $$($(2)_afl_DEPS)
	@mkdir -p $$(@D)
	AFL_QUIET=1 $(AFL_CC) $(SAN) $$(filter %.o,$$^) /usr/lib/afl/libAFLDriver.a $$($(2)_afl_LIBS) $$($(2)_LDFLAGS) $(LINK_LIBS) -lstdc++ -o $$@
# The AFL++ custom mutator library: plain (uninstrumented, unsanitized) code loaded by afl-fuzz;
# the root message type is the one the harness names in its MLF_TARGET line. It links the
# shared libprotobuf-c (Debian's static one is not position-independent).
$(OUT)/afl/$(1).mutator.so: mutators/mlf_afl_mutator.c harnesses/mlf_root_descriptor.c $(MUTATOR_SRC) $(GEN_C) $(GEN_H) harnesses/$(2)/$(1)_fuzzer.c
	@mkdir -p $$(@D)
	$(CLANG) $(WARN) -O2 -g -fPIC -shared $(INCLUDES) \
	  -DMLF_ROOT_DESCRIPTOR=$$$$(scripts/target-message.sh harnesses/$(2)/$(1)_fuzzer.c) \
	  mutators/mlf_afl_mutator.c harnesses/mlf_root_descriptor.c $(MUTATOR_SRC) $(GEN_C) -lprotobuf-c -lm -o $$@
$(OSS_OUT)/$(1): $(call obj,oss,$(sources_of) $(if $(filter LIBFUZZER,$(OSS_ENGINE_MACRO)),mutators/mlf_libfuzzer_adapter.c)) $$($(2)_oss_DEPS)
	@mkdir -p $$(@D)
	$(OSS_CXX) $(OSS_CXXFLAGS) $$(filter %.o,$$^) $(OSS_ENGINE_LIB) $$($(2)_oss_LIBS) $$($(2)_LDFLAGS) $(LINK_LIBS) -o $$@
# Seed corpus: readable textproto under corpora/$(1)/ encoded with protoc, named like the source.
$(1)_SEEDS := $(patsubst corpora/%.textproto,$(BUILD)/corpora/%.bin,$(wildcard corpora/$(1)/*.textproto corpora/$(1)/regress/*.textproto))
$(BUILD)/corpora/$(1)/%.bin: corpora/$(1)/%.textproto $(PROTOS) $(GEN_C)
	@mkdir -p $$(@D)
	protoc --encode=$$$$(scripts/target-message.sh harnesses/$(2)/$(1)_fuzzer.c --full-name $(BUILD)/gen) \
	  -Iproto $(PROTOS) < $$< > $$@
corpora: $$($(1)_SEEDS)
endef
$(foreach t,$(TARGETS),$(eval $(call target_rules,$(t),$(call family_of,$(t)))))

libfuzzer: $(addprefix $(OUT)/libfuzzer/,$(TARGETS))
afl: $(addprefix $(OUT)/afl/,$(TARGETS)) $(addsuffix .mutator.so,$(addprefix $(OUT)/afl/,$(TARGETS)))
replay: $(addprefix $(OUT)/replay/,$(TARGETS))

# ---- OSS-Fuzz contract (build.sh passes the environment's compiler, flags and engine) ----
oss-fuzz: $(addprefix $(OSS_OUT)/,$(TARGETS)) corpora
	for t in $(TARGETS); do \
	  rm -f $(OSS_OUT)/$${t}_seed_corpus.zip; \
	  zip -q -j $(OSS_OUT)/$${t}_seed_corpus.zip $(BUILD)/corpora/$$t/*.bin; \
	  for ext in dict options; do \
	    if [ -f dictionaries/$$t.$$ext ]; then cp dictionaries/$$t.$$ext $(OSS_OUT)/; fi; done; \
	done
ifeq ($(OSS_AFL_MUTATOR),yes)
	$(MAKE) OUT=$(OSS_OUT)/.mlf $(addsuffix .mutator.so,$(addprefix $(OSS_OUT)/.mlf/afl/,$(TARGETS)))
	cp $(OSS_OUT)/.mlf/afl/*.mutator.so $(OSS_OUT)/ && rm -rf $(OSS_OUT)/.mlf
endif

# ---- tests ----------------------------------------------------------------------------
UNIT_TESTS := $(patsubst tests/%.c,%,$(wildcard tests/test_*.c))
UNIT_BINS := $(addprefix $(OUT)/tests/,$(UNIT_TESTS))
# Test objects live apart from the unit variant's so that the generic rule above, whose
# prerequisites exist sooner, never compiles them without the test-only generated headers.
$(OUT)/tests/test_%: $(BUILD)/tests/test_%.o $(call obj,unit,$(CORE_SRC) $(GEN_C) $(TEST_GEN_C))
	@mkdir -p $(@D)
	$(CLANG) $(SAN) $^ -lcmocka -lprotobuf-c -lm -o $@
$(BUILD)/tests/%.o: tests/%.c $(GEN_H) $(TEST_GEN_C:.c=.h)
	@mkdir -p $(@D)
	$(unit_CC) $(unit_CFLAGS) -I$(BUILD)/gen/tests -MMD -MP -c $< -o $@
$(BUILD)/unit/gen/tests/%.o: $(BUILD)/gen/tests/%.c $(TEST_GEN_C:.c=.h)
	@mkdir -p $(@D)
	$(unit_CC) $(unit_CFLAGS) -I$(BUILD)/gen/tests -c $< -o $@
# The adapter tests link the adapter they drive.
$(OUT)/tests/test_afl_mutator: $(BUILD)/unit/mutators/mlf_afl_mutator.o

# The mutator fuzzing itself (libFuzzer): arbitrary bytes into mutate, crossover, trim, print.
$(OUT)/tests/fuzz_mutator: tests/fuzz_mutator.c $(MUTATOR_SRC) $(GEN_C) $(TEST_GEN_C) $(GEN_H)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -g -O1 $(INCLUDES) -I$(BUILD)/gen/tests $(PROJECT_SAN) -fsanitize=fuzzer \
	  $(filter %.c,$^) $(LINK_LIBS) -o $@

check: all $(UNIT_BINS) $(OUT)/tests/fuzz_mutator
	tests/run-all.sh $(UNIT_BINS)

fuzz: all
	scripts/run-campaign.sh --seconds $(FUZZ_SECONDS) $(TARGETS)

# The long false-alarm run: plain values (BLAS: reference BLAS and instrumented OpenBLAS only),
# every finding counted (FALSE_ALARM_SECONDS per target).
FALSE_ALARM_SECONDS ?= 600
false-alarm: libfuzzer replay
	scripts/false-alarm.sh --seconds $(FALSE_ALARM_SECONDS) $(TARGETS)

# Benchmarks: plain optimized builds, no sanitizers, so they measure our code, not ASan.
BENCH_BINS := $(patsubst bench/%.c,$(OUT)/bench/%,$(wildcard bench/*.c))
$(OUT)/bench/%: bench/%.c $(MUTATOR_SRC) $(ORACLE_SRC) $(GEN_C) $(TEST_GEN_C) $(BUILD)/gen/mlf_known_findings_table.c
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) -Itests -I$(BUILD)/gen/tests $^ $(LINK_LIBS) -o $@

# scripts/bench.sh ends with scripts/bench-coverage.sh (OpenBLAS coverage, structure-aware vs
# byte-level libFuzzer), which needs the libFuzzer builds and seed corpora of `all`; then the
# mutation score on BENCH_MUTATION_SAMPLE mutants per subject (0: all; the forecaster's 1887
# take about an hour on two cores).
BENCH_MUTATION_SAMPLE ?= 400
bench: all $(BENCH_BINS)
	scripts/bench.sh
	$(MAKE) mutation-score MUTATION_SAMPLE=$(BENCH_MUTATION_SAMPLE)

# The mutation-score evaluation of the relation suites (make mutation-score; mutation/README.md).
include mutation/mutation.mk

clean:
	rm -rf $(BUILD) $(OUT)
