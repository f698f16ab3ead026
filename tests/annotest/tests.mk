# The aNNoTest tests: the parser and generator (host tool sources) and the GSL glue checked
# independently against the parsed annotations.
ANNOTEST_GENERATOR_OBJ := $(call obj,unit,$(filter-out %/at_main.c,$(wildcard harnesses/annotest/generator/*.c)))
$(OUT)/tests/test_annotest_parser: $(ANNOTEST_GENERATOR_OBJ)
# The glue test builds random calls with the GSL target's glue, generators and oracles (whose
# objects Debian's libgsl allocates; no annotated function is called) and judges them with its
# own checker.
$(OUT)/tests/test_annotest_glue: $(ANNOTEST_GENERATOR_OBJ) \
  $(call obj,unit,tests/annotest/random_message.c tests/annotest/annotation_checker.c $(annotest_gsl_SUPPORT)) \
  $(LIB_gsl_prebuilt_SHARED)
