# GSL statistics family: GSL 2.7.1 built from its Debian source with the
# sanitizers and coverage (harnesses/libraries/gsl), linked statically. Its input,
# the SeriesCase, is a shared message (proto/mlf_common.proto) the forecaster uses too.
gsl_LIBRARIES := gsl
