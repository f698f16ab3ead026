# Smoke tests of the library rooms: each links its room's session code and the libFuzzer
# variant's instrumented build (or Debian's binary, for a binary-only room) with the room's
# link flags.
$(OUT)/tests/test_libsvm_room: $(call obj,unit,$(LIB_libsvm_SRC)) $(LIB_libsvm_libfuzzer)
$(OUT)/tests/test_libsvm_room: TEST_LDLIBS := $(LIB_libsvm_LDFLAGS)
$(OUT)/tests/test_liblinear_room: $(call obj,unit,$(LIB_liblinear_SRC)) $(LIB_liblinear_libfuzzer)
$(OUT)/tests/test_liblinear_room: TEST_LDLIBS := $(LIB_liblinear_LDFLAGS)
$(OUT)/tests/test_xgboost_room: $(call obj,unit,$(LIB_xgboost_SRC)) $(LIB_xgboost_libfuzzer)
$(OUT)/tests/test_xgboost_room: TEST_LDLIBS := $(LIB_xgboost_LDFLAGS)
