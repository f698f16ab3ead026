# LEMON unit tests: the backends against Debian's libraries, the reference, the lowering and
# the rules (which read the seed models, encoded here).
LEMON_LIBDIR ?= /usr/lib/x86_64-linux-gnu
lemon_reference_src := $(wildcard harnesses/lemon/lemon_reference*.c)
lemon_lowering_src := harnesses/lemon/lemon_graph.c harnesses/lemon/lemon_inner.c
# XNNPACK backend: the backend and Debian's XNNPACK, checked against the reference on models
# lemon_graph_build lowers.
$(OUT)/tests/test_lemon_xnnpack: $(call obj,unit,$(wildcard harnesses/lemon/lemon_xnnpack*.c) \
  $(lemon_reference_src) $(lemon_lowering_src)) \
  $(LEMON_LIBDIR)/libXNNPACK.so $(LEMON_LIBDIR)/libpthreadpool.so
# oneDNN backend: the backend's files, the session and Debian's libdnnl with its OpenMP runtime.
$(OUT)/tests/test_lemon_onednn: $(call obj,unit,$(wildcard harnesses/lemon/lemon_onednn*.c) \
  $(lemon_reference_src) $(LIB_onednn_SRC)) $(LIB_onednn_SHARED)
$(OUT)/tests/test_lemon_graph: $(call obj,unit,$(lemon_lowering_src))
# Reference interpreter: the reference alone (no library).
$(OUT)/tests/test_lemon_reference: $(call obj,unit,$(lemon_reference_src))
$(OUT)/tests/test_lemon_oracle: $(call obj,unit,harnesses/lemon/lemon_oracle.c)
LEMON_TEST_SEEDS := $(patsubst corpora/lemon_model/%.textproto,$(BUILD)/tests/lemon_model/%.bin,\
  $(wildcard corpora/lemon_model/*.textproto))
$(BUILD)/tests/lemon_model/%.bin: corpora/lemon_model/%.textproto proto/lemon.proto
	@mkdir -p $(@D)
	protoc --encode=mlf.lemon.Model -Iproto proto/lemon.proto < $< > $@
$(OUT)/tests/test_lemon_rules: | $(LEMON_TEST_SEEDS)
# Layer invariants: on the reference's outputs, with planted violations.
$(OUT)/tests/test_lemon_invariants: $(call obj,unit,harnesses/lemon/lemon_invariants.c $(lemon_lowering_src) $(lemon_reference_src))
