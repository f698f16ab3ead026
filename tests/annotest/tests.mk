# The aNNoTest tests: the parser and generator (host tool sources) and the GSL glue checked
# independently against the parsed annotations.
ANNOTEST_GENERATOR_OBJ := $(call obj,unit,$(filter-out %/at_main.c,$(wildcard harnesses/annotest/generator/*.c)))
$(OUT)/tests/test_annotest_parser: $(ANNOTEST_GENERATOR_OBJ)
