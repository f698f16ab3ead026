/* Time spent inside library calls (between mlf_capture_begin and mlf_capture_end), for the benchmark's "share of time outside the libraries":
 * accumulated only when MLF_PROFILE is set and printed at exit (or before a finding aborts) as
 * "mlf-profile: library_seconds=L total_seconds=T", both CPU time of the whole process
 * (CLOCK_PROCESS_CPUTIME_ID, so other processes on a shared machine do not count, and a
 * library's worker threads do), T counted from mlf_profile_init (after the harness loaded its
 * libraries), so the share outside the libraries is 1 - L / T, measured, for whatever the
 * process did between: engine, mutator, decoding, reference, guard pages, comparison. */
#ifndef MLF_PROFILE_H
#define MLF_PROFILE_H

/* Reads MLF_PROFILE once (mlf_entry_init calls it after the target's init). */
void mlf_profile_init(void);
/* A start time for mlf_profile_end, or 0 when not profiling. */
double mlf_profile_begin(void);
void mlf_profile_end(double start);
/* Prints the profile line now (at exit it is printed anyway; a finding that aborts calls this
 * first, so runs that end on a finding count too). */
void mlf_profile_print(void);
#endif
