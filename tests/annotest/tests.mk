# The aNNoTest tests: the parser and generator (host tool sources), the GSL, XGBoost, LIBSVM,
# LIBLINEAR and LAPACKE glue checked independently against the parsed annotations, and planted wrong
# annotations the harness must report.
ANNOTEST_GENERATOR_OBJ := $(call obj,unit,$(filter-out %/at_main.c,$(wildcard harnesses/annotest/generator/*.c)))
$(OUT)/tests/test_annotest_parser: $(ANNOTEST_GENERATOR_OBJ)
# The glue test builds random calls with the GSL target's glue, generators and oracles (whose
# objects Debian's libgsl allocates; no annotated function is called) and judges them with its
# own checker.
$(OUT)/tests/test_annotest_glue: $(ANNOTEST_GENERATOR_OBJ) $(call obj,unit,tests/annotest/glue_suite.c \
  tests/annotest/random_message.c tests/annotest/annotation_checker.c $(annotest_gsl_SUPPORT)) \
  $(LIB_gsl_prebuilt_SHARED)
# The planted wrong annotations (tests/annotest/planted_gsl.h): declaration-checked and
# generated like an annotated library's header, their glue compiled for this test only; the
# test runs them, and the GSL target's glue for comparison, on Debian's libgsl.
ANNOTEST_PLANTED_DIR := $(BUILD)/gen/annotest-planted
$(ANNOTEST_PLANTED_DIR)/annotest_%.proto $(ANNOTEST_PLANTED_DIR)/annotest_%_glue.c $(ANNOTEST_PLANTED_DIR)/annotest_%_glue.h: \
  tests/annotest/%_gsl.h $(ANNOTEST_GEN) | $(DEPS_STAMP)
	$(CLANG) $(WARN) -fsyntax-only $(INCLUDES) -x c $<
	$(ANNOTEST_GEN) --lib $* --include $(notdir $<) $< $(ANNOTEST_PLANTED_DIR)
$(ANNOTEST_PLANTED_DIR)/%.pb-c.c $(ANNOTEST_PLANTED_DIR)/%.pb-c.h: $(ANNOTEST_PLANTED_DIR)/%.proto
	protoc-c --c_out=$(@D) -I$(@D) $<
ANNOTEST_PLANTED_H := $(addprefix $(ANNOTEST_PLANTED_DIR)/annotest_planted,_glue.h .pb-c.h)
$(BUILD)/tests/annotest/planted/%.o: $(ANNOTEST_PLANTED_DIR)/%.c $(ANNOTEST_PLANTED_H) $(ALL_GEN_H)
	@mkdir -p $(@D)
	$(unit_CC) $(unit_CFLAGS) -I$(ANNOTEST_PLANTED_DIR) -Itests/annotest $(call family_includes,annotest) -c $< -o $@
$(BUILD)/tests/annotest/test_annotest_planted.o: $(ANNOTEST_PLANTED_H)
$(BUILD)/tests/annotest/test_annotest_planted.o: unit_CFLAGS += -I$(ANNOTEST_PLANTED_DIR)
$(OUT)/tests/test_annotest_planted: $(addprefix $(BUILD)/tests/annotest/planted/annotest_planted,_glue.o .pb-c.o) \
  $(call obj,unit,tests/annotest/random_message.c tests/annotest/planted_support.c $(annotest_gsl_SUPPORT)) \
  $(LIB_gsl_prebuilt_SHARED)
# The XGBoost findings on Debian's installed libxgboost0 (no sanitizers): the shared library.
$(OUT)/tests/test_annotest_xgboost_debian: TEST_LDLIBS := -lxgboost
# The XGBoost, LIBSVM, LIBLINEAR, FANN and LAPACKE glue tests build random calls with the
# target's glue and generators (training models, factoring matrices with the room's library;
# no annotated function is called) and judge them with the same checker.
define annotest_library_tests
$(OUT)/tests/test_annotest_$(1)_glue: $(ANNOTEST_GENERATOR_OBJ) $(call obj,unit,tests/annotest/glue_suite.c \
  tests/annotest/random_message.c tests/annotest/annotation_checker.c $(call target_support,annotest_$(1),annotest)) \
  $(LIB_$(1)_libfuzzer)
$(OUT)/tests/test_annotest_$(1)_glue: TEST_LDLIBS := $(LIB_$(1)_LDFLAGS)
# The planted wrong annotation (tests/annotest/planted$(2)_$(1).h), generated the same way and
# run on the room's library with the target's generators.
$(ANNOTEST_PLANTED_DIR)/annotest_%.proto $(ANNOTEST_PLANTED_DIR)/annotest_%_glue.c $(ANNOTEST_PLANTED_DIR)/annotest_%_glue.h: \
  tests/annotest/%_$(1).h $(ANNOTEST_GEN) | $(DEPS_STAMP)
	$(CLANG) $(WARN) -fsyntax-only $(INCLUDES) -Iharnesses/annotest -x c $$<
	$(ANNOTEST_GEN) --lib $$* --include $$(notdir $$<) $$< $(ANNOTEST_PLANTED_DIR)
$(BUILD)/tests/annotest/test_annotest_$(1)_planted.o: $(addprefix $(ANNOTEST_PLANTED_DIR)/annotest_planted$(2),_glue.h .pb-c.h)
$(BUILD)/tests/annotest/test_annotest_$(1)_planted.o: unit_CFLAGS += -I$(ANNOTEST_PLANTED_DIR)
$(BUILD)/tests/annotest/planted/annotest_planted$(2)_glue.o: $(addprefix $(ANNOTEST_PLANTED_DIR)/annotest_planted$(2),_glue.h .pb-c.h)
$(OUT)/tests/test_annotest_$(1)_planted: $(addprefix $(BUILD)/tests/annotest/planted/annotest_planted$(2),_glue.o .pb-c.o) \
  $(call obj,unit,tests/annotest/random_message.c tests/annotest/planted_support.c \
  $(call target_support,annotest_$(1),annotest)) $(LIB_$(1)_libfuzzer)
$(OUT)/tests/test_annotest_$(1)_planted: TEST_LDLIBS := $(LIB_$(1)_LDFLAGS)
endef
$(eval $(call annotest_library_tests,xgboost,xgb))
$(eval $(call annotest_library_tests,libsvm,svm))
$(eval $(call annotest_library_tests,liblinear,linear))
$(eval $(call annotest_library_tests,fann,fann))
$(eval $(call annotest_library_tests,lapacke,lpk))
# The GSL LU-solve residual oracle called directly (test_annotest_gsl_lu_solve.c) on Debian's libgsl.
$(OUT)/tests/test_annotest_gsl_lu_solve: $(call obj,unit,$(annotest_gsl_SUPPORT)) $(LIB_gsl_prebuilt_SHARED)
# The FANN scaling oracles called directly (test_annotest_fann_scaling.c) on the room's FANN.
$(OUT)/tests/test_annotest_fann_scaling: $(call obj,unit,$(call target_support,annotest_fann,annotest)) \
  $(LIB_fann_libfuzzer)
$(OUT)/tests/test_annotest_fann_scaling: TEST_LDLIBS := $(LIB_fann_LDFLAGS)
# The model-file mutants (test_annotest_model_mutants.c): LIBSVM and LIBLINEAR models trained by
# the targets' generators on the room libraries, XGBoost JSON models saved by Debian's installed
# libxgboost0 (the shared library; no harness code of the XGBoost target is linked).
$(OUT)/tests/test_annotest_model_mutants: $(call obj,unit,$(ANNOTEST_COMMON_SRC) \
  $(wildcard harnesses/annotest/libsvm_*.c harnesses/annotest/liblinear_*.c) $(LIB_libsvm_SRC) $(LIB_liblinear_SRC)) \
  $(LIB_libsvm_libfuzzer) $(LIB_liblinear_libfuzzer)
$(OUT)/tests/test_annotest_model_mutants: TEST_LDLIBS := $(LIB_liblinear_LDFLAGS) -lxgboost
