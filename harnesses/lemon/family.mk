# LEMON family: DL kernel libraries (oneDNN 2.6.3 C API, XNNPACK 2022 subgraph and operator
# API), both Debian's prebuilt binaries, against a double-precision reference interpreter.
# oneDNN brings its OpenMP runtime; XNNPACK its pthreadpool.
lemon_LDFLAGS := -ldnnl -lgomp -lXNNPACK -lpthreadpool -lpthread
# XNNPACK backend unit test (lemon_xnnpack_*.c): the backend and Debian's XNNPACK.
LEMON_LIBDIR ?= /usr/lib/x86_64-linux-gnu
lemon_xnnpack_src := $(wildcard harnesses/lemon/lemon_xnnpack*.c)
$(OUT)/tests/test_lemon_xnnpack: $(call obj,unit,$(lemon_xnnpack_src)) \
  $(LEMON_LIBDIR)/libXNNPACK.so $(LEMON_LIBDIR)/libpthreadpool.so
# oneDNN backend unit test: the backend's files and Debian's libdnnl with its OpenMP runtime.
$(OUT)/tests/test_lemon_onednn: $(call obj,unit,$(wildcard harnesses/lemon/lemon_onednn*.c) \
  $(wildcard harnesses/lemon/lemon_reference*.c)) \
  $(LEMON_LIBDIR)/libdnnl.so $(LEMON_LIBDIR)/libgomp.so.1

# Unit tests of the family's lowering.
$(OUT)/tests/test_lemon_graph: $(call obj,unit,harnesses/lemon/lemon_graph.c harnesses/lemon/lemon_inner.c)
# The XNNPACK test also checks against the reference on models lemon_graph_build lowers.
$(OUT)/tests/test_lemon_xnnpack: $(call obj,unit,$(wildcard harnesses/lemon/lemon_reference*.c) \
  harnesses/lemon/lemon_graph.c harnesses/lemon/lemon_inner.c)
# Reference interpreter unit test: the reference alone (no library).
$(OUT)/tests/test_lemon_reference: $(call obj,unit,harnesses/lemon/lemon_reference.c \
  $(addprefix harnesses/lemon/lemon_reference_,conv.c eltwise.c merge.c norm.c rnn.c))
# The LEMON rules' unit test reads the seed models, encoded here (mutators/ is linked
# everywhere, so it needs no family objects).
LEMON_TEST_SEEDS := $(patsubst corpora/lemon_model/%.textproto,$(BUILD)/tests/lemon_model/%.bin,\
  $(wildcard corpora/lemon_model/*.textproto))
$(BUILD)/tests/lemon_model/%.bin: corpora/lemon_model/%.textproto proto/lemon.proto
	@mkdir -p $(@D)
	protoc --encode=mlf.lemon.Model -Iproto proto/lemon.proto < $< > $@
$(OUT)/tests/test_lemon_rules: | $(LEMON_TEST_SEEDS)
$(OUT)/tests/test_lemon_oracle: $(call obj,unit,harnesses/lemon/lemon_oracle.c)
# The LEMON campaign bench (bench/lemon/, run by scripts/bench.sh): a plain optimized build
# like the Makefile's BENCH_BINS, with the family's support code; make bench builds it.
LEMON_CAMPAIGN_SRC := $(wildcard bench/lemon/*.c) $(call family_support,lemon) $(MUTATOR_SRC) \
  $(ORACLE_SRC) $(GEN_C) $(BUILD)/gen/mlf_known_findings_table.c
$(OUT)/bench/lemon_campaign: $(LEMON_CAMPAIGN_SRC) $(GEN_H) \
  $(wildcard bench/lemon/*.h harnesses/lemon/*.h mutators/lemon*.h oracles/*.h)
	@mkdir -p $(@D)
	$(CLANG) $(WARN) -O2 -g $(INCLUDES) -Iharnesses/lemon $(filter %.c,$^) $(lemon_LDFLAGS) \
	  $(LINK_LIBS) -o $@
bench: $(OUT)/bench/lemon_campaign
