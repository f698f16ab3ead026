# Forecaster family: the LSTM forecaster's matrix work runs on the instrumented, renamed
# OpenBLAS the blas family builds (one per build variant); oneDNN's LSTM primitive (libdnnl,
# with its OpenMP runtime, which the harness keeps on one thread) and GSL's FFT (the MR-8
# information-loss curve) are Debian's prebuilt libraries.
forecast_LDFLAGS := -ldnnl -lgomp -lgsl -lgslcblas
$(foreach v,libfuzzer afl oss,$(eval forecast_$(v)_LIBS := $(CACHE)/openblas-$(v)/libopenblas.a))
$(foreach v,libfuzzer afl oss,$(eval forecast_$(v)_DEPS := $(forecast_$(v)_LIBS)))

# Unit tests: test_forecast links the subject and the relation suite; test_forecast_broken
# compiles its own deliberately broken copy of the subject and links only the suite.
FORECAST_LIBDIR ?= /usr/lib/x86_64-linux-gnu
forecast_suite_src := $(wildcard harnesses/forecast/forecast_mr_*.c) \
  harnesses/forecast/forecast_relations.c harnesses/forecast/forecast_reference.c
forecast_test_libs := $(CACHE)/openblas-libfuzzer/libopenblas.a $(FORECAST_LIBDIR)/libgsl.so \
  $(FORECAST_LIBDIR)/libgslcblas.so
$(OUT)/tests/test_forecast: $(call obj,unit,harnesses/forecast/forecast_lstm.c $(forecast_suite_src) \
  harnesses/forecast/forecast_dnnl.c harnesses/forecast/forecast_inference.c) $(forecast_test_libs) \
  $(FORECAST_LIBDIR)/libdnnl.so $(FORECAST_LIBDIR)/libgomp.so.1
$(OUT)/tests/test_forecast_broken: $(call obj,unit,$(forecast_suite_src)) $(forecast_test_libs)
