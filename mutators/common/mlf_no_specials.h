/* False-alarm mode (MLF_NO_SPECIALS=1, mlf_no_specials.c): post-processors of every
 * message type keep values plain when it is on. */
#ifndef MLF_NO_SPECIALS_H
#define MLF_NO_SPECIALS_H
/* 1 when MLF_NO_SPECIALS is set to something other than 0 (read once). */
int mlf_no_specials_enabled(void);
#endif
