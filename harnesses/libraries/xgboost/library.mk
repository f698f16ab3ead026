# XGBoost 1.7.4 built here from its Debian source (recipe.sh), one static library per build
# variant with that variant's sanitizers and coverage, and Debian's libdmlc as Debian's build
# links it. Built from source because it fits the CI budget (a fresh-machine CI of about 27
# minutes, limit 60): cold builds of the C API library measured on this 2-core machine while
# other builds shared it took 4 min 12 s to 5 min 18 s for the libFuzzer variant (ASan, UBSan,
# libFuzzer coverage; about 5.4 CPU minutes) and 3 min 45 s for the AFL++ one, so the two
# engines add 8 to 9 minutes. The archives are large (150 MB and 120 MB, mostly debug info).
# C++ with a C API (libxgboost-dev's xgboost/c_api.h), so it links the C++ runtime. Every
# buffer a harness hands XGBoost is read by this instrumented code, so ASan guards it; no
# harness buffer goes to the uninstrumented libdmlc (it reads files XGBoost names).
# Session code: XGBoost's log silenced and its identity (mlf_xgboost_session.h).
$(eval $(call source_library,xgboost,libxgboost.a))
LIB_xgboost_LDFLAGS := -ldmlc -lstdc++ -fsanitize-link-c++-runtime -lpthread -lm
LIB_xgboost_SRC := harnesses/libraries/xgboost/mlf_xgboost_session.c
