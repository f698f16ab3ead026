# mlfuzz build. A family lives in harnesses/<family>/ (it has a family.mk): each
# harnesses/<family>/<what>_fuzzer.c there is target <what>, every other .c its support code
# (judges, references, backends); mutators/<family>/ holds its post-processors and domain
# mutators, proto/<family>.proto and proto/<family>_*.proto its messages,
# harnesses/<family>/known_findings.tsv its registry, tests/<family>/ its tests (tests.mk: their
# link lines). A third-party library several families use lives in harnesses/libraries/<lib>/
# (library.mk: link flags, session code, and recipe.sh when it is built from source). Shared
# code knows no family: the engine (mutators/*.c) with the mutators of the shared messages
# (mutators/common/, proto/mlf_common.proto), the oracles (oracles/) and the harness driver
# (harnesses/*.c).
#
#   make            libFuzzer, AFL++ and replay builds of every target, plus seed corpora
#   make check      the whole test suite, ending with "N passed, N failed"
#   make fuzz       one campaign over every target and both engines, FUZZ_SECONDS in all
#                   (scripts/campaign.sh; report in build/campaign/<date>/report.html)
#   make rediscover  from one empty input per target, which registry library bugs a campaign finds
#   make false-alarm  long run on plain values that must raise no finding (FALSE_ALARM_SECONDS, _JOBS)
#   make bench      benchmarks (mutator throughput, target exec/s, time outside libraries,
#                   coverage against byte-level libFuzzer, minimisation, mutation score)
#   make minimise-stats  every regress input minimised: average size before and after per family
#   make mutation-score  mutants of the relation suites' subjects, killed or not
#   make reproducers  build and run the standalone program of every library-bug registry row
#   make reports    a markdown report draft per library defect, in build/reports/

SHELL := /bin/bash
CLANG ?= clang-16
AFL_CC ?= afl-clang-fast
# Third-party builds are cached outside the clone, keyed by the content of their recipe
# (scripts/cached-build.sh); where: scripts/cache-dir.sh ($MLF_CACHE overrides).
CACHE ?= $(shell scripts/cache-dir.sh)
BUILD := build
OUT ?= out
FUZZ_SECONDS ?= 600

SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
# Project code is checked for everything but stack use after return, whose fake stacks cost
# more than the rest of a short harness execution.
PROJECT_SAN := $(SAN) -fsanitize-address-use-after-return=never
WARN := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror
# What shared code may include: the engine, the mutators of the shared messages, the oracles,
# the harness driver and the shared messages. A family's code gets its own rooms on top
# (room_includes below), so nothing shared can include a family by accident.
INCLUDES := -Imutators -Imutators/common -Ioracles -Iharnesses -I$(BUILD)/gen/common
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
# Flags the third-party libraries built from source get (one build for libFuzzer and AFL++,
# see source_library); C++ libraries are compiled with the same compiler's C++ driver and the
# same flags.
libfuzzer_LIB_CFLAGS := -fsanitize=fuzzer-no-link $(SAN)
libfuzzer_CXX := $(subst clang,clang++,$(CLANG))
# OSS-Fuzz: everything from the environment build.sh was given.
oss_CC = $(OSS_CC)
oss_CFLAGS = $(BASE_CFLAGS) $(OSS_CFLAGS) -DMLF_ENGINE_$(OSS_ENGINE_MACRO) \
             $(if $(filter LIBFUZZER,$(OSS_ENGINE_MACRO)),-fsanitize-coverage-ignorelist=$(COVERAGE_IGNORE))
oss_LIB_CFLAGS = $(OSS_CFLAGS)
oss_CXX = $(OSS_CXX)
VARIANTS := unit libfuzzer afl $(if $(OSS_CC),oss)

.PHONY: all deps check fuzz rediscover false-alarm bench minimise-stats clean corpora libfuzzer afl replay oss-fuzz reproducers reports FORCE
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

# ---- families, libraries, shared code ------------------------------------------------------
FAMILIES := $(patsubst harnesses/%/family.mk,%,$(wildcard harnesses/*/family.mk))
ADAPTERS := mutators/mlf_libfuzzer_adapter.c mutators/mlf_afl_mutator.c
ENGINE_SRC := $(filter-out $(ADAPTERS),$(wildcard mutators/*.c)) $(wildcard mutators/common/*.c)
ORACLE_SRC := $(wildcard oracles/*.c)
COMMON_GEN_C := $(BUILD)/gen/common/mlf_common.pb-c.c
SHARED_SRC := $(ENGINE_SRC) $(ORACLE_SRC) $(COMMON_GEN_C)

# A family's family.mk sets <family>_LIBRARIES (library rooms it links), <family>_LDFLAGS and
# <family>_LINK_DEPS, and may generate schemas under $(BUILD)/gen/<family>/ (<family>_GEN_PROTOS,
# compiled like proto/'s). A family whose targets test different libraries narrows what target
# T links: T_SUPPORT (its support code, instead of every other .c of the family) and T_LIBRARIES
# (instead of <family>_LIBRARIES); unset, a target links its whole family. A library's
# library.mk sets LIB_<lib>_LDFLAGS, LIB_<lib>_SRC (session code compiled into each family that
# uses it), LIB_<lib>_<variant> (its archive, through source_library) and LIB_<lib>_CFLAGS
# (extra flags for its recipe).
# Per family: its messages, its mutator room (with the messages: what its AFL++ mutator
# library holds), its registry, its harness support code with its libraries' session code.
family_gen_c = $(patsubst proto/%.proto,$(BUILD)/gen/$(1)/%.pb-c.c,$(wildcard proto/$(1).proto proto/$(1)_*.proto)) \
               $(patsubst %.proto,%.pb-c.c,$($(1)_GEN_PROTOS))
family_mutators = $(wildcard mutators/$(1)/*.c) $(call family_gen_c,$(1))
family_registry = $(BUILD)/gen/$(1)/known_findings_table.c
family_support = $(filter-out %_fuzzer.c,$(wildcard harnesses/$(1)/*.c)) \
                 $(foreach l,$($(1)_LIBRARIES),$(LIB_$(l)_SRC))
# Link inputs of a family per variant: its libraries' archives, then flags.
family_libs = $(foreach l,$($(1)_LIBRARIES),$(LIB_$(l)_$(2)))
family_ldflags = $($(1)_LDFLAGS) $(foreach l,$($(1)_LIBRARIES),$(LIB_$(l)_LDFLAGS))
# The same for target $(1) of family $(2): its own T_SUPPORT and T_LIBRARIES where set.
target_own = $(filter-out undefined,$(origin $(1)_$(2)))
target_libraries = $(if $(call target_own,$(1),LIBRARIES),$($(1)_LIBRARIES),$($(2)_LIBRARIES))
target_support = $(if $(call target_own,$(1),SUPPORT),$($(1)_SUPPORT) \
                   $(foreach l,$(call target_libraries,$(1),$(2)),$(LIB_$(l)_SRC)),$(call family_support,$(2)))
target_libs = $(foreach l,$(call target_libraries,$(1),$(2)),$(LIB_$(l)_$(3)))
target_ldflags = $($(2)_LDFLAGS) $(foreach l,$(call target_libraries,$(1),$(2)),$(LIB_$(l)_LDFLAGS))

# Include directories by where a source lives: a family's mutators see their own room and
# messages; its harnesses, tests and benches also its harness room. Libraries are included by
# path ("libraries/<lib>/x.h"). Shared code gets nothing more than INCLUDES.
family_includes = -Imutators/$(1) -I$(BUILD)/gen/$(1) $(if $(2),,-Iharnesses/$(1))
room_family = $(filter $(FAMILIES),$(word 2,$(subst /, ,$(1))))
room_includes = $(foreach f,$(call room_family,$(1)),$(call family_includes,$(f),$(filter mutators/%,$(1))))

# A library built from source ($(1) = its room, $(2) = the archive its recipe installs):
# scripts/cached-build.sh runs harnesses/libraries/$(1)/recipe.sh once per content key and
# copies the result here only when it differs, so a changed recipe or flag always rebuilds and
# an unchanged one relinks nothing. One build serves both local engines: the AFL++ targets link
# the libFuzzer-instrumented archive and fold its edge counters into AFL++'s map
# (harnesses/mlf_afl_library_coverage.c), so a cold build compiles each library once; the
# OSS-Fuzz build compiles it with what build.sh was given. Called from the library's
# library.mk; sets LIB_$(1)_<variant>.
define source_library
$(foreach v,libfuzzer oss,$(eval LIB_$(1)_$(v) := $(BUILD)/libraries/$(1)-$(v)/$(2)))
$(eval LIB_$(1)_afl := $(LIB_$(1)_libfuzzer))
$(BUILD)/libraries/$(1)-%/$(2): FORCE | $(DEPS_STAMP)
	CC="$$($$*_CC)" CXX="$$($$*_CXX)" LIB_CFLAGS="$$($$*_LIB_CFLAGS) $$(LIB_$(1)_CFLAGS)" MLF_CACHE="$(CACHE)" \
	  scripts/cached-build.sh harnesses/libraries/$(1)/recipe.sh $$(@D)
endef

include $(wildcard harnesses/libraries/*/library.mk)
include $(wildcard harnesses/*/family.mk)

# ---- generated code -------------------------------------------------------------------
TEST_PROTOS := $(wildcard tests/proto/*.proto)
TEST_GEN_C := $(patsubst tests/proto/%.proto,$(BUILD)/gen/tests/%.pb-c.c,$(TEST_PROTOS))
ALL_GEN_C := $(COMMON_GEN_C) $(foreach f,$(FAMILIES),$(call family_gen_c,$(f)))
ALL_GEN_H := $(ALL_GEN_C:.c=.h)
PROTOS := $(wildcard proto/*.proto)
$(BUILD)/gen/common/%.pb-c.c $(BUILD)/gen/common/%.pb-c.h: proto/%.proto | $(DEPS_STAMP)
	@mkdir -p $(@D)
	protoc-c --c_out=$(@D) -Iproto $<
define family_gen_rules
$(BUILD)/gen/$(1)/%.pb-c.c $(BUILD)/gen/$(1)/%.pb-c.h: proto/%.proto | $(DEPS_STAMP)
	@mkdir -p $$(@D)
	protoc-c --c_out=$$(@D) -Iproto $$<
$(BUILD)/gen/$(1)/%.pb-c.c $(BUILD)/gen/$(1)/%.pb-c.h: $(BUILD)/gen/$(1)/%.proto | $(DEPS_STAMP)
	protoc-c --c_out=$$(@D) -I$$(@D) $$<
$(call family_registry,$(1)): $(wildcard harnesses/$(1)/known_findings.tsv) scripts/known-findings-table.sh
	@mkdir -p $$(@D)
	scripts/known-findings-table.sh $(wildcard harnesses/$(1)/known_findings.tsv) > $$@
endef
$(foreach f,$(FAMILIES),$(eval $(call family_gen_rules,$(f))))
$(BUILD)/gen/tests/%.pb-c.c $(BUILD)/gen/tests/%.pb-c.h: tests/proto/%.proto | $(DEPS_STAMP)
	@mkdir -p $(BUILD)/gen/tests
	protoc-c --c_out=$(BUILD)/gen/tests -Itests/proto $<

# ---- objects, per variant ---------------------------------------------------------------
obj = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(patsubst $(BUILD)/%,%,$(2)))
define variant_rules
$(BUILD)/$(1)/%.o: %.c $(ALL_GEN_H) | $(DEPS_STAMP)
	@mkdir -p $$(@D)
	$$($(1)_ENV) $$($(1)_CC) $$($(1)_CFLAGS) $$(call room_includes,$$<) -MMD -MP -c $$< -o $$@
# Generated code of a family sees that family's rooms, as its hand-written code does.
$(BUILD)/$(1)/gen/%.o: $(BUILD)/gen/%.c $(ALL_GEN_H)
	@mkdir -p $$(@D)
	$$($(1)_ENV) $$($(1)_CC) $$($(1)_CFLAGS) -I$$(<D) $$(call room_includes,$$(patsubst $(BUILD)/gen/%,harnesses/%,$$<)) -c $$< -o $$@
endef
$(foreach v,$(VARIANTS),$(eval $(call variant_rules,$(v))))
# A family's <family>_HOT_REFERENCE: its reference arithmetic (pure functions over the harness's
# own arrays, no library call, no operand buffer) that dominates an execution. The fuzzing
# variants compile it at -O2 without sanitizers, as the libraries under test are not what it
# checks; the unit variant keeps ASan and UBSan on it, so the tests still run it sanitized.
# LeakSanitizer still sees its allocations (malloc is intercepted process-wide).
HOT_REFERENCE := $(foreach f,$(FAMILIES),$($(f)_HOT_REFERENCE))
HOT_CFLAGS := -O2 -fno-omit-frame-pointer
$(call obj,libfuzzer,$(HOT_REFERENCE)): libfuzzer_CFLAGS := $(BASE_CFLAGS) $(HOT_CFLAGS) -DMLF_ENGINE_LIBFUZZER
$(call obj,afl,$(HOT_REFERENCE)): afl_CFLAGS := $(BASE_CFLAGS) $(HOT_CFLAGS) -DMLF_ENGINE_AFL
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- targets --------------------------------------------------------------------------
# $(1) = target, $(2) = family.  sources_of = what every build of the target links.
sources_of = harnesses/$(2)/$(1)_fuzzer.c $(call target_support,$(1),$(2)) harnesses/mlf_entry.c \
             $(SHARED_SRC) $(call family_mutators,$(2)) $(call family_registry,$(2))
LINK_LIBS := -l:libprotobuf-c.a -lm
# AFL++ builds: the libraries' libFuzzer counters folded into AFL++'s map (see source_library).
AFL_LIBRARY_COVERAGE := harnesses/mlf_afl_library_coverage.c
# The replay driver, with .textproto input, export and minimisation. It encodes text-format
# inputs with protoc over the source tree's .proto files (MLF_PROTO_PATH at run time overrides).
REPLAY_SRC := harnesses/mlf_replay_main.c harnesses/mlf_textproto.c harnesses/mlf_minimize.c \
              harnesses/mlf_exponents.c
PROTO_PATH := $(subst $(eval) ,:,$(abspath proto $(sort $(foreach f,$(FAMILIES),$(dir $($(f)_GEN_PROTOS))))))
$(BUILD)/libfuzzer/harnesses/mlf_textproto.o: libfuzzer_CFLAGS += -DMLF_PROTO_PATH='"$(PROTO_PATH)"'
define target_rules
$(OUT)/libfuzzer/$(1): $(call obj,libfuzzer,$(sources_of) mutators/mlf_libfuzzer_adapter.c) $(call target_libs,$(1),$(2),libfuzzer) $$($(2)_LINK_DEPS)
	@mkdir -p $$(@D)
	$(CLANG) $(SAN) -fsanitize=fuzzer $$(filter %.o %.a,$$^) $(call target_ldflags,$(1),$(2)) $(LINK_LIBS) -o $$@
$(OUT)/replay/$(1): $(call obj,libfuzzer,$(sources_of) $(REPLAY_SRC)) $(call target_libs,$(1),$(2),libfuzzer) $$($(2)_LINK_DEPS)
	@mkdir -p $$(@D)
	$(CLANG) $(SAN) $$(filter %.o %.a,$$^) $(call target_ldflags,$(1),$(2)) $(LINK_LIBS) -o $$@
$(OUT)/afl/$(1): $(call obj,afl,$(sources_of) $(AFL_LIBRARY_COVERAGE)) $(call target_libs,$(1),$(2),afl) $$($(2)_LINK_DEPS)
	@mkdir -p $$(@D)
	AFL_QUIET=1 $(AFL_CC) $(SAN) -Wl,--wrap=LLVMFuzzerTestOneInput $$(filter %.o %.a,$$^) /usr/lib/afl/libAFLDriver.a \
	  $(call target_ldflags,$(1),$(2)) $(LINK_LIBS) -lstdc++ -o $$@
# The AFL++ custom mutator library: plain (uninstrumented, unsanitized) code loaded by afl-fuzz:
# the engine and this family's mutators only; the root message type is the one the harness
# names in its MLF_TARGET line. It links the shared libprotobuf-c (Debian's static one is not
# position-independent).
$(OUT)/afl/$(1).mutator.so: mutators/mlf_afl_mutator.c harnesses/mlf_root_descriptor.c $(ENGINE_SRC) $(COMMON_GEN_C) $(call family_mutators,$(2)) $(ALL_GEN_H) harnesses/$(2)/$(1)_fuzzer.c
	@mkdir -p $$(@D)
	$(CLANG) $(WARN) -O2 -g -fPIC -shared $(INCLUDES) $(call family_includes,$(2),mutators) \
	  -DMLF_ROOT_DESCRIPTOR=$$$$(scripts/target-message.sh harnesses/$(2)/$(1)_fuzzer.c) \
	  $$(filter-out %_fuzzer.c,$$(filter %.c,$$^)) -lprotobuf-c -lm -o $$@
$(OSS_OUT)/$(1): $(call obj,oss,$(sources_of) $(if $(filter LIBFUZZER,$(OSS_ENGINE_MACRO)),mutators/mlf_libfuzzer_adapter.c)) $(call target_libs,$(1),$(2),oss) $$($(2)_LINK_DEPS)
	@mkdir -p $$(@D)
	$(OSS_CXX) $(OSS_CXXFLAGS) $$(filter %.o %.a,$$^) $(OSS_ENGINE_LIB) $(call target_ldflags,$(1),$(2)) $(LINK_LIBS) -o $$@
# Seed corpus: readable textproto under corpora/$(1)/ encoded with protoc, named like the source.
$(1)_SEEDS := $(patsubst corpora/%.textproto,$(BUILD)/corpora/%.bin,$(wildcard corpora/$(1)/*.textproto corpora/$(1)/regress/*.textproto))
$(BUILD)/corpora/$(1)/%.bin: corpora/$(1)/%.textproto $(PROTOS) $(ALL_GEN_C)
	@mkdir -p $$(@D)
	protoc --encode=$$$$(scripts/target-message.sh harnesses/$(2)/$(1)_fuzzer.c --full-name $(BUILD)/gen) \
	  -Iproto $(PROTOS) $(foreach p,$($(2)_GEN_PROTOS),-I$(dir $(p)) $(p)) < $$< > $$@
corpora: $$($(1)_SEEDS)
endef
HARNESS_FILES := $(foreach f,$(FAMILIES),$(wildcard harnesses/$(f)/*_fuzzer.c))
TARGETS := $(patsubst %_fuzzer.c,%,$(notdir $(HARNESS_FILES)))
$(foreach h,$(HARNESS_FILES),$(eval $(call target_rules,$(patsubst %_fuzzer.c,%,$(notdir $(h))),$(call room_family,$(h)))))

libfuzzer: $(addprefix $(OUT)/libfuzzer/,$(TARGETS))
afl: $(addprefix $(OUT)/afl/,$(TARGETS)) $(addsuffix .mutator.so,$(addprefix $(OUT)/afl/,$(TARGETS)))
replay: $(addprefix $(OUT)/replay/,$(TARGETS))

# ---- standalone reproducers and report drafts (harnesses/REPRODUCERS.md) --------------------
# The targets and regress inputs of the library-bug registry rows: scripts/reproducers.sh
# generates a row's program from its input where no hand-written one lists its tag.
LIBRARY_BUG_ROWS = awk -F'\t' '$$4 ~ /^library bug/ { print $$$(1) }' $(wildcard harnesses/*/known_findings.tsv)
REPRODUCER_TARGETS := $(filter $(TARGETS),$(sort $(shell $(call LIBRARY_BUG_ROWS,1) | cut -d: -f2)))
REPRODUCER_INPUTS := $(patsubst corpora/%.textproto,$(BUILD)/corpora/%.bin,$(filter %.textproto,$(sort $(shell $(call LIBRARY_BUG_ROWS,2)))))
# Programs that show undefined behaviour only the sanitizer build of the same Debian source
# reveals link that build's archive (a build/ path on their " * link:" line).
REPRODUCER_ARCHIVES := $(sort $(filter build/%,$(shell sed -n 's/^ \* link: //p' $(wildcard harnesses/*/reproducers/*.c))))
reproducers: $(addprefix $(OUT)/replay/,$(REPRODUCER_TARGETS)) $(REPRODUCER_INPUTS) $(REPRODUCER_ARCHIVES)
	OUT=$(OUT) scripts/reproducers.sh
reports: reproducers
	scripts/reports.sh

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
# Unit tests: tests/<family>/test_*.c link the shared code and their family's mutators,
# messages and registry (tests/<family>/tests.mk adds the harness objects and libraries each
# one drives); tests/test_*.c test shared code, on the BLAS family's GemmCase as a realistic
# message, with every family's registry; tests/libraries/test_*.c test the library rooms, on
# the same terms as shared code. A test's extra link flags: $(OUT)/tests/<test>: TEST_LDLIBS := ...
ENGINE_TEST_FAMILY := blas
ALL_REGISTRIES := $(BUILD)/gen/known_findings_all.c
$(ALL_REGISTRIES): $(wildcard harnesses/*/known_findings.tsv) scripts/known-findings-table.sh
	@mkdir -p $(@D)
	scripts/known-findings-table.sh $(wildcard harnesses/*/known_findings.tsv) > $@
test_family = $(or $(call room_family,$(1)),$(ENGINE_TEST_FAMILY))
test_links = $(SHARED_SRC) $(call family_mutators,$(call test_family,$(1))) $(TEST_GEN_C) \
             $(if $(call room_family,$(1)),$(call family_registry,$(call room_family,$(1))),$(ALL_REGISTRIES))
test_includes = -Itests -I$(BUILD)/gen/tests $(call family_includes,$(call test_family,$(1)))
UNIT_TEST_SRC := $(wildcard tests/test_*.c tests/libraries/test_*.c $(addsuffix /test_*.c,$(addprefix tests/,$(FAMILIES))))
UNIT_BINS := $(addprefix $(OUT)/tests/,$(basename $(notdir $(UNIT_TEST_SRC))))
define unit_test_rules
$(OUT)/tests/$(basename $(notdir $(1))): $(BUILD)/$(1:.c=.o) $(call obj,unit,$(call test_links,$(1)))
	@mkdir -p $$(@D)
	$(CLANG) $(SAN) $$^ $$(TEST_LDLIBS) -lcmocka -lprotobuf-c -lm -o $$@
endef
$(foreach t,$(UNIT_TEST_SRC),$(eval $(call unit_test_rules,$(t))))
# Test objects live apart from the unit variant's so that the generic rule above, whose
# prerequisites exist sooner, never compiles them without the test-only generated headers.
$(BUILD)/tests/%.o: tests/%.c $(ALL_GEN_H) $(TEST_GEN_C:.c=.h)
	@mkdir -p $(@D)
	$(unit_CC) $(unit_CFLAGS) $(call test_includes,$<) -MMD -MP -c $< -o $@
$(BUILD)/unit/gen/tests/%.o: $(BUILD)/gen/tests/%.c $(TEST_GEN_C:.c=.h)
	@mkdir -p $(@D)
	$(unit_CC) $(unit_CFLAGS) -I$(BUILD)/gen/tests -c $< -o $@
# The adapter tests link the adapter they drive.
$(OUT)/tests/test_afl_mutator: $(BUILD)/unit/mutators/mlf_afl_mutator.o
include $(wildcard tests/*/tests.mk)

# The mutator fuzzing itself (libFuzzer): arbitrary bytes into mutate, crossover, trim, print.
$(OUT)/tests/fuzz_mutator: tests/fuzz_mutator.c $(ENGINE_SRC) $(COMMON_GEN_C) \
  $(call family_mutators,$(ENGINE_TEST_FAMILY)) $(TEST_GEN_C) $(ALL_GEN_H)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -g -O1 $(INCLUDES) $(call test_includes,$<) $(PROJECT_SAN) -fsanitize=fuzzer \
	  $(filter %.c,$^) $(LINK_LIBS) -o $@

check: all $(UNIT_BINS) $(OUT)/tests/fuzz_mutator
	tests/run-all.sh $(UNIT_BINS)

# Each run on the next kernel set in turn (scripts/campaign.sh --kernel-sets rotate);
# FUZZ_KERNEL_SETS=native keeps this CPU's own, all gives every set a run.
FUZZ_KERNEL_SETS ?= rotate
fuzz: all
	scripts/campaign.sh --seconds $(FUZZ_SECONDS) --kernel-sets $(FUZZ_KERNEL_SETS) $(TARGETS)

# How many registry library bugs a campaign finds from one empty input per target
# (scripts/rediscover.sh): REDISCOVER_CPU_SECONDS of fuzzing per target (default 10 minutes,
# shared by its engines), or REDISCOVER_SECONDS of wall clock in all when that is set.
REDISCOVER_CPU_SECONDS ?= 600
rediscover: all
	scripts/rediscover.sh $(if $(REDISCOVER_SECONDS),--seconds $(REDISCOVER_SECONDS),--cpu-per-target $(REDISCOVER_CPU_SECONDS)) $(TARGETS)

# The long false-alarm run: plain values (BLAS: reference BLAS and instrumented OpenBLAS only),
# every finding counted (FALSE_ALARM_SECONDS per target).
FALSE_ALARM_SECONDS ?= 600
FALSE_ALARM_JOBS ?= $(shell nproc)
false-alarm: libfuzzer replay
	scripts/false-alarm.sh --seconds $(FALSE_ALARM_SECONDS) --jobs $(FALSE_ALARM_JOBS) $(TARGETS)

# Benchmarks: plain optimized builds, no sanitizers, so they measure our code, not ASan.
# bench/*.c measure shared code (on the engine tests' family); bench/<family>/bench.mk builds
# a family's own.
BENCH_BINS := $(patsubst bench/%.c,$(OUT)/bench/%,$(wildcard bench/*.c))
$(OUT)/bench/%: bench/%.c $(SHARED_SRC) $(call family_mutators,$(ENGINE_TEST_FAMILY)) $(TEST_GEN_C) \
  $(ALL_REGISTRIES) $(ALL_GEN_H)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) $(call test_includes,$<) $(filter %.c,$^) $(LINK_LIBS) -o $@
include $(wildcard bench/*/bench.mk)

# scripts/bench.sh ends with scripts/bench-coverage.sh (OpenBLAS coverage, structure-aware vs
# byte-level libFuzzer), which needs the libFuzzer builds and seed corpora of `all`; then the
# mutation score on BENCH_MUTATION_SAMPLE mutants per subject (0: all; the forecaster's 1887
# take about an hour on two cores).
BENCH_MUTATION_SAMPLE ?= 400
bench: all $(BENCH_BINS)
	scripts/bench.sh
	$(MAKE) minimise-stats
	$(MAKE) mutation-score MUTATION_SAMPLE=$(BENCH_MUTATION_SAMPLE)

# Minimisation of every regress input (out/replay/<t> --minimize): the average encoded size
# before and after, per family (MINIMISE_BUDGET seconds per input; build/minimise/).
MINIMISE_BUDGET ?= 20
minimise-stats: replay corpora
	scripts/minimise-stats.sh --jobs 2 --budget $(MINIMISE_BUDGET) --timeout 5

# The mutation-score evaluation of the relation suites (make mutation-score; mutation/README.md).
include mutation/mutation.mk

clean:
	rm -rf $(BUILD) $(OUT)
