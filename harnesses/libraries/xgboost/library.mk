# XGBoost 1.7.4 built here from its Debian source (recipe.sh), one static library per build
# variant with that variant's sanitizers and coverage, and Debian's libdmlc as Debian's build
# links it. Built from source because it fits the CI budget: measured on this 2-core machine
# (shared with another build), the ASan+UBSan+libFuzzer build of the C API library took 4 min
# 12 s cold (cmake, -j2); libfuzzer and afl variants together add under 10 minutes to a
# fresh-machine CI of about 27. C++ with a C API (libxgboost-dev's xgboost/c_api.h), so it
# links the C++ runtime.
# Session code: XGBoost's log silenced and its identity (mlf_xgboost_session.h).
$(eval $(call source_library,xgboost,libxgboost.a))
LIB_xgboost_LDFLAGS := -ldmlc -lstdc++ -fsanitize-link-c++-runtime -lpthread -lm
LIB_xgboost_SRC := harnesses/libraries/xgboost/mlf_xgboost_session.c
