/* Accuracy of oneDNN's recurrent cells' own logistic and tanh (not its eltwise primitive's):
 * |error| <= MLF_ONEDNN_RNN_ACT_REL |value| + MLF_ONEDNN_RNN_ACT_ABS. Measured on oneDNN
 * 2.6.3 (Debian libdnnl2 2.6.3-1), reference and brgemm LSTM kernels at every ISA level from
 * SSE4.1 to AVX-512 AMX, 5 x 10^5 arguments per function and level, magnitudes log-uniform
 * in [2^-12, 2^4.5]: at most 4.6 u relative (logistic; tanh 1.3 u), u = 2^-24, and 19.5 u only where the
 * logistic is below 2^-25 (SSE4.1), within the absolute term there. The rigorous bounds of the
 * LEMON reference and of the forecaster's reference grant oneDNN this; their unit tests
 * (tests/lemon/test_lemon_onednn.c, tests/forecast/test_forecast.c) check the library keeps
 * it, so a release that loses accuracy fails there rather than raising findings. */
#ifndef MLF_ONEDNN_RNN_ACCURACY_H
#define MLF_ONEDNN_RNN_ACCURACY_H
#define MLF_ONEDNN_RNN_ACT_REL (16 * 0x1p-24)
#define MLF_ONEDNN_RNN_ACT_ABS 0x1p-40
#endif
