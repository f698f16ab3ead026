/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A music player on
 * its own grammar.
 * Intended: "pause" for stop or halt the music, "play" for play, "ignore" otherwise.
 * Defect (incomplete label): the pause label set has "stop" only; "halt", its WordNet
 * synonym, is missing. */
#include <string.h>
#include "subject.h"

keeper_labels asr_music_player_labels = {{"stop"}, 1};

KEEPER_SUBJECT(asr_music_player) {
  (void)confidence;
  char words[12][KEEPER_WORD_MAX] = {{0}};
  size_t n = keeper_split_words(api_text, words, 12);
  for (size_t i = 0; i < n; i++)
    if (keeper_labels_has(&asr_music_player_labels, words[i], 0)) return "pause";
  for (size_t i = 0; i < n; i++)
    if (strcmp(words[i], "play") == 0) return "play";
  return "ignore";
}
