/* espeak-ng 1.51+dfsg-10+deb12u2 (Debian 12, libespeak-ng1): cycles of espeak_Initialize
 * (synchronous mode), espeak_Synth, espeak_Terminate: after the first cycle, espeak_Terminate
 * sometimes never returns (a race: it waits in pthread_cond_wait under espeak_ng_Terminate for
 * a thread that already left). The documented life cycle (speak_lib.h) does not forbid a
 * second cycle, and the first one always works. Measured here on 2 cores, 2026-11-27: with
 * speech, 3 of 6 two-cycle runs hung; without speech, 1 of 8 twenty-cycle runs hung.
 * tags: mlf:keeper_speak:espeak-ng:espeak_Terminate:hang
 * link: -g -lespeak-ng
 * args: 1 200
 * Build: clang -g espeak_terminate_after_reinitialise_hang.c -lespeak-ng -o hang
 * Run: timeout 10 ./hang 1 ; echo $?   (20 cycles with speech: hangs, 124 from timeout, in
 *                                        almost every run while the bug is present; 0 when fixed;
 *                                        measured again 2026-11-27: 4 of 4 runs hung within 19
 *                                        cycles). ./hang 1 200: up to 200 cycles. */
#include <espeak-ng/speak_lib.h>
#include <stdio.h>
#include <stdlib.h>

static int ignore_samples(short *wav, int n, espeak_EVENT *events) {
  (void)wav, (void)n, (void)events;
  return 0;
}

int main(int argc, char **argv) {
  int speak = argc > 1 && atoi(argv[1]), rounds = argc > 2 ? atoi(argv[2]) : 20;
  for (int round = 0; round < rounds; round++) {
    if (espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, espeakINITIALIZE_DONT_EXIT) <= 0) return 2;
    espeak_SetSynthCallback(ignore_samples);
    if (speak && espeak_Synth("hello", 6, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, NULL, NULL) != EE_OK) return 2;
    printf("round %d: espeak_Terminate...\n", round);
    fflush(stdout);
    espeak_Terminate();
    printf("round %d: terminated\n", round);
  }
  return 0;
}
