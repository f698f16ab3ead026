/* The named special values of the messages (mlf_common.proto's Special: signed zeros, infinities,
 * NaN, subnormals, the ends of the normal range, the neighbours of 1) as numbers of a
 * precision, shared by every family that pokes them into its data. */
#ifndef MLF_SPECIAL_H
#define MLF_SPECIAL_H
#include "mlf_common.pb-c.h"

/* The value of s in double (is_double) or float precision, returned as a double. */
double mlf_special_value(Mlf__Special s, int is_double);
#endif
