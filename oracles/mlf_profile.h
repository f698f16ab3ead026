/* Time spent inside library calls, for the benchmark's "share of time outside the libraries":
 * accumulated only when MLF_PROFILE is set and printed at exit as
 * "mlf-profile: library_seconds=S". */
#ifndef MLF_PROFILE_H
#define MLF_PROFILE_H

/* Reads MLF_PROFILE once (call from a harness's init). */
void mlf_profile_init(void);
/* A start time for mlf_profile_end, or 0 when not profiling. */
double mlf_profile_begin(void);
void mlf_profile_end(double start);
#endif
