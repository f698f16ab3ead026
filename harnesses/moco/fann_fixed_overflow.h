/* Whether FANN's fixed-point fann_run would leave int's range on one input (fann_fixed_overflow.c).
 * Only for fann_fixed.c, which includes the fixed build's header first. */
#ifndef FANN_FIXED_OVERFLOW_H
#define FANN_FIXED_OVERFLOW_H

/* 1 when running ann (the fixed build's struct fann) on input would compute a value outside
 * int's range, which is undefined behaviour in FANN's int arithmetic (UBSan aborts there);
 * *where then names the operation (a static string). */
int fann_fixed_run_overflows(struct fann *ann, const fann_type *input, const char **where);
#endif
