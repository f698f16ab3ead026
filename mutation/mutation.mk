# Mutation-score evaluation (mutation/README.md), included by the Makefile.
#   make mutation-score                     every mutant of every subject; prints the table
#   make mutation-score MUTATION_SAMPLE=12  fast mode: 12 mutants per subject, evenly spread
# Knobs: MUTATION_TIMEOUT (seconds per driver run; default max(5, 20 x the original's run)),
# MUTATION_REQUIRE_<subject> (comma-separated mutants always run), MUTATION_DIR (output).
# The suite of each subject (driver, relations, oracles) is built once, with the unit tests'
# flags (ASan + UBSan), into an archive; each mutant is compiled with the same sanitizers at
# -O0 without debug information (a third of the compile time of -O1 -g; the sanitizers see at
# least as much) and linked against it. Each subject is also built with the project's flags
# and -Werror (the original is clean).
MUTATION_SAMPLE ?= 0
MUTATION_TIMEOUT ?= 0
MUTATION_DIR ?= $(BUILD)/mutation
mutation_comma := ,
MUTATION_TOOL := /usr/bin/python3 mutation/tool/mutation_score.py
MUTATION_CFLAGS := -std=c11 -D_GNU_SOURCE $(INCLUDES)
MUTATION_TEST_CFLAGS := $(filter-out -Werror -O1 -g,$(unit_CFLAGS)) -O0
# Every family's registry, as the suites ran with inside their harnesses.
MUTATION_ORACLES := $(call obj,unit,$(ORACLE_SRC) $(ALL_REGISTRIES))
mutation_run = $(MUTATION_TOOL) --subject $(1) --source $(2) --out $(MUTATION_DIR)/$(1) \
  --cflags "$(MUTATION_CFLAGS) $(3)" --test-cflags "$(MUTATION_TEST_CFLAGS) $(3)" \
  --link "$(SAN) $(4)" --sample $(MUTATION_SAMPLE) --timeout $(MUTATION_TIMEOUT) \
  --require "$(MUTATION_REQUIRE_$(1))" --survivors mutation/subjects/$(1).survivors --jobs 2

# ---- Pearson: mutation/subjects/pearson.c against the correlation relations ------------
PEARSON_DRIVER := $(call obj,unit,mutation/drivers/pearson_driver.c)
PEARSON_SUITE := $(MUTATION_DIR)/pearson_suite.a
$(PEARSON_DRIVER): unit_CFLAGS += -Iharnesses/gsl -Imutation/drivers -Imutation/subjects
$(PEARSON_SUITE): $(call obj,unit,mutation/drivers/mutant_driver.c \
                    $(filter-out %_fuzzer.c,$(wildcard harnesses/gsl/correlation_*.c))) \
                  $(MUTATION_ORACLES)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

MUTATION_SUBJECTS := pearson
.PHONY: mutation-score mutation-pearson mutation-forecast
mutation-pearson: $(PEARSON_DRIVER) $(PEARSON_SUITE) $(call obj,unit,mutation/subjects/pearson.c)
	$(call mutation_run,pearson,mutation/subjects/pearson.c,,$(PEARSON_DRIVER) $(PEARSON_SUITE) -lm)

# ---- forecast: harnesses/forecast/forecast_lstm.c against the forecaster's relations -----
# The subject calls the plain CBLAS names (FORECAST_BLAS_UNPREFIXED), served by Debian's
# single-threaded OpenBLAS (no threads under ASan, the same kernels every run).
ifneq ($(wildcard harnesses/forecast/forecast_relations.c),)
FORECAST_SUBJECT_FLAGS := -Iharnesses/forecast -DFORECAST_BLAS_UNPREFIXED
FORECAST_BLAS_DIR := /usr/lib/x86_64-linux-gnu/openblas-serial
FORECAST_DRIVER := $(call obj,unit,mutation/drivers/forecast_driver.c)
FORECAST_SUITE := $(MUTATION_DIR)/forecast_suite.a
FORECAST_SUBJECT_OBJ := $(BUILD)/mutation/forecast_lstm.o
$(FORECAST_DRIVER): unit_CFLAGS += -Iharnesses/forecast -Imutation/drivers
$(FORECAST_SUITE): $(call obj,unit,mutation/drivers/mutant_driver.c harnesses/forecast/forecast_relations.c \
                     $(wildcard harnesses/forecast/forecast_mr_*.c) harnesses/forecast/forecast_reference.c) \
                   $(MUTATION_ORACLES)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
# The original with the project's flags and -Werror, as a check that it is clean.
$(FORECAST_SUBJECT_OBJ): harnesses/forecast/forecast_lstm.c $(wildcard harnesses/forecast/*.h)
	@mkdir -p $(@D)
	$(unit_CC) $(unit_CFLAGS) $(FORECAST_SUBJECT_FLAGS) -c $< -o $@
MUTATION_SUBJECTS += forecast
mutation-forecast: $(FORECAST_DRIVER) $(FORECAST_SUITE) $(FORECAST_SUBJECT_OBJ)
	$(call mutation_run,forecast,harnesses/forecast/forecast_lstm.c,$(FORECAST_SUBJECT_FLAGS),\
	  $(FORECAST_DRIVER) $(FORECAST_SUITE) -L$(FORECAST_BLAS_DIR) -Wl$(mutation_comma)-rpath$(mutation_comma)$(FORECAST_BLAS_DIR) \
	  -l:libopenblas.so.0 -lgsl -lgslcblas -lm)
endif

mutation-score: $(addprefix mutation-,$(MUTATION_SUBJECTS))
	$(MUTATION_TOOL) --summary $(addprefix $(MUTATION_DIR)/,$(MUTATION_SUBJECTS)) \
	  > $(MUTATION_DIR)/summary.txt
	cat $(foreach s,$(MUTATION_SUBJECTS),$(MUTATION_DIR)/$(s)/score.txt) \
	  $(MUTATION_DIR)/summary.txt > $(MUTATION_DIR)/score.txt
	cat $(MUTATION_DIR)/score.txt
