/* Standalone reproducer for an undefined behaviour that only an instrumented GSL shows: GSL
 * 2.7.1 gsl_fft_real_wavetable_alloc(1) sets wavetable->trig = NULL (fft/real_init.c) and then
 * computes twiddle[0] = trig + 0 for the one factor of n = 1: pointer arithmetic on a null
 * pointer (C11 6.5.6: undefined). It is harmless in practice (the n = 1 transforms return
 * before reading the table), so against Debian's libgsl27 2.7.1+dfsg-5+deb12u1 this program
 * transforms {x} to {x} and exits 0: it does NOT fail there. Linked instead against GSL 2.7.1
 * built from the Debian source with -fsanitize=undefined (mlfuzz:
 * build/libraries/gsl-libfuzzer/libgsl.a, with -fsanitize=address,undefined
 * -fno-sanitize-recover=undefined), UBSan reports "applying zero offset to null pointer" and
 * aborts. Exits 1 if the transform of one value is not that value.
 * tags: mlf:gsl_fft:gsl_fft_real_wavetable_alloc:length-one:null-pointer-arithmetic
 * link: build/libraries/gsl-libfuzzer/libgsl.a -fsanitize=address,undefined -fno-sanitize-recover=undefined -lm
 */
#include <gsl/gsl_fft_real.h>
#include <gsl/gsl_version.h> /* the GSL_VERSION macro: the instrumented archive has no gsl_version */
#include <stdio.h>

int main(void) {
  double data[1] = {0.625};
  gsl_fft_real_wavetable *table = gsl_fft_real_wavetable_alloc(1);
  gsl_fft_real_workspace *work = gsl_fft_real_workspace_alloc(1);
  int status = gsl_fft_real_transform(data, 1, 1, table, work);
  printf("GSL %s: gsl_fft_real_transform of {0.625} with the table of gsl_fft_real_wavetable_alloc(1): "
         "status %d, {%g}; expected {0.625}\n",
         GSL_VERSION, status, data[0]);
  gsl_fft_real_workspace_free(work);
  gsl_fft_real_wavetable_free(table);
  return status != 0 || data[0] != 0.625;
}
