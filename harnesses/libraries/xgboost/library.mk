# XGBoost 1.7.4 built here from its Debian source (recipe.sh), one static library with the
# sanitizers and coverage (both engines link it: Makefile, source_library), and Debian's
# libdmlc as Debian's build links it. A cold build of the C API library took 4 min 12 s to
# 5 min 18 s on a 2-core machine while other builds shared it (ASan, UBSan, libFuzzer
# coverage; about 5.4 CPU minutes). The archive is large (150 MB, mostly debug info).
# C++ with a C API (libxgboost-dev's xgboost/c_api.h), so it links the C++ runtime. Every
# buffer a harness hands XGBoost is read by this instrumented code, so ASan guards it; no
# harness buffer goes to the uninstrumented libdmlc (it reads files XGBoost names).
# Session code: XGBoost's log silenced and its identity (mlf_xgboost_session.h).
$(eval $(call source_library,xgboost,libxgboost.a))
LIB_xgboost_LDFLAGS := -ldmlc -lstdc++ -fsanitize-link-c++-runtime -lpthread -lm
LIB_xgboost_SRC := harnesses/libraries/xgboost/mlf_xgboost_session.c
