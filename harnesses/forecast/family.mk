# Forecaster family: the LSTM forecaster's matrix work runs on the instrumented, renamed
# OpenBLAS (harnesses/libraries/openblas); oneDNN's LSTM primitive (harnesses/libraries/onednn) and
# GSL's FFT (the MR-8 information-loss curve, Debian's prebuilt GSL) are prebuilt libraries.
forecast_LIBRARIES := openblas onednn
forecast_LDFLAGS := $(LIB_gsl_prebuilt_LDFLAGS)
