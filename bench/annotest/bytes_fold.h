/* Validity of one byte-level input (bytes_fold.c): reset before building, read after. */
#ifndef BYTES_FOLD_H
#define BYTES_FOLD_H
void bytes_input_begin(void);
int bytes_input_valid(void);
#endif
