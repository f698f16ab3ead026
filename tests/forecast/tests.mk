# test_forecast links the subject, the relation suite and oneDNN's inference;
# test_forecast_broken compiles its own deliberately broken copy of the subject and links only
# the suite. Both run on the libFuzzer variant's instrumented OpenBLAS and Debian's GSL.
forecast_suite_src := $(wildcard harnesses/forecast/forecast_mr_*.c) \
  harnesses/forecast/forecast_relations.c harnesses/forecast/forecast_reference.c
forecast_test_libs := $(LIB_openblas_libfuzzer) $(LIB_gsl_prebuilt_SHARED)
$(OUT)/tests/test_forecast: $(call obj,unit,harnesses/forecast/forecast_lstm.c $(forecast_suite_src) \
  harnesses/forecast/forecast_dnnl.c harnesses/forecast/forecast_inference.c \
  harnesses/forecast/forecast_range.c $(LIB_onednn_SRC)) \
  $(forecast_test_libs) $(LIB_onednn_SHARED)
$(OUT)/tests/test_forecast_broken: $(call obj,unit,$(forecast_suite_src)) $(forecast_test_libs)
# The LSTM state ranges alone.
$(OUT)/tests/test_forecast_range: $(call obj,unit,harnesses/forecast/forecast_range.c)
