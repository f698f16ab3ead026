/* Planted wrong annotations (test_annotest_planted.c): copies of annotations/gsl.h's
 * annotations of two GSL functions, each widened past the domain GSL's manual documents. The
 * harness must report a call on such an input as a documented error and blame the annotation.
 * Not an annotated library of the family: tests/annotest/tests.mk generates its glue. */
#ifndef ANNOTEST_PLANTED_GSL_H
#define ANNOTEST_PLANTED_GSL_H
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

// Wrong on purpose: annotations/gsl.h's @require(x > 0 || x != floor(x)) is dropped, so x may
// be zero or a negative integer, where the manual (Gamma Function) says log|Gamma(x)| is not
// defined.
//@ arg(x): floats(min=-1000000, max=1e300)
//@ arg(result): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_lngamma_e(double x, gsl_sf_result * result);

// Wrong on purpose: a and b may be zero or negative integers, which the manual (Beta Function:
// "for a, b not negative integers") excludes.
//@ arg(a): floats(min=-100, max=100)
//@ arg(b): floats(min=-100, max=100)
//@ arg(result): outs()
//@ ensure(ret == GSL_SUCCESS)
int gsl_sf_beta_e(const double a, const double b, gsl_sf_result * result);
#endif
