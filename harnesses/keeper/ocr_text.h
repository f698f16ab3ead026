/* Comparing an OCR reading with the scene's text (ground truth written here): readings are
 * compared after trimming and collapsing runs of white space to one space (ocr_text.c). */
#ifndef KEEPER_OCR_TEXT_H
#define KEEPER_OCR_TEXT_H
#include <stddef.h>

/* Writes the normalised text into out (at most out_len - 1 bytes kept). */
void ocr_text_normalize(const char *text, char *out, size_t out_len);
/* Levenshtein distance between the normalised texts (characters are bytes: the scene
 * alphabet is ASCII; a multi-byte reading counts each byte). */
size_t ocr_text_distance(const char *a, const char *b);
/* 1 when the reading equals the truth after normalising both. */
int ocr_text_reads_right(const char *reading, const char *truth);
/* Number of white-space separated words. */
size_t ocr_text_word_count(const char *text);
#endif
