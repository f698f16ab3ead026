/* The replay driver's --exponents mode: the binary exponent of every real scalar of each
 * input, for histograms of the exponents a campaign reached (scripts/exponent-histogram.sh). */
#ifndef MLF_EXPONENTS_H
#define MLF_EXPONENTS_H
#include <protobuf-c/protobuf-c.h>

/* Prints the exponent windows of the thresholds of mlf_exponent_values.h (within
 * MLF_THRESHOLD_REACH) and of the subnormal ranges ("window FORMAT NAME LOW HIGH"), then per
 * input, as its harness would run it (post-processed), one line per set scalar:
 * "scalar FILE PATH CLASS EXPONENT", tab-separated. CLASS is zero, subnormal, normal, inf,
 * nan (of the field's own format: double for a Number) or special:NAME for a named special
 * Number (exponent "-"); EXPONENT is ilogb of the value. Returns 0, or 2 when an input was
 * unusable. */
int mlf_exponents_main(const char *argv0, const ProtobufCMessageDescriptor *type, int n_files,
                       char **files);
#endif
