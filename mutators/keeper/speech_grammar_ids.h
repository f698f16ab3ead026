/* The ids of the speech grammars: SpeechRendering.Listening values (proto/keeper_speech.proto;
 * speech_scene_mutators.c checks they agree). 0 is the full language model; 1..3 the shared
 * grammars the fuzz target's seeds use; then one per speech subject of the Keeper loop
 * (bench/keeper/subjects/), each named after its subject. No dependencies: the subjects'
 * byte-level baseline includes it too. */
#ifndef KEEPER_SPEECH_GRAMMAR_IDS_H
#define KEEPER_SPEECH_GRAMMAR_IDS_H
enum speech_grammar_id {
  SPEECH_LANGUAGE_MODEL = 0,
  SPEECH_GRAMMAR_COMMANDS,
  SPEECH_GRAMMAR_DIGITS,
  SPEECH_GRAMMAR_ANSWERS,
  SPEECH_GRAMMAR_ASR_SMART_LIGHT,
  SPEECH_GRAMMAR_ASR_YES_NO,
  SPEECH_GRAMMAR_ASR_ASSISTANT,
  SPEECH_GRAMMAR_ASR_PIN_UNLOCK,
  SPEECH_GRAMMAR_ASR_CONFIDENCE_CONFIRM,
  SPEECH_GRAMMAR_ASR_MUSIC_PLAYER,
  SPEECH_GRAMMAR_ASR_DEVICE_POSITION,
  SPEECH_GRAMMAR_ASR_EXTENSION_DIAL,
  SPEECH_GRAMMAR_ASR_LAMP_ALWAYS_TRUE,
  SPEECH_GRAMMAR_ASR_NAVIGATOR,
  SPEECH_GRAMMAR_ASR_ANSWER_OK,
  SPEECH_GRAMMAR_END
};
/* Grammar ids run 1..SPEECH_N_GRAMMARS; the shared ones 1..SPEECH_N_SHARED_GRAMMARS. */
#define SPEECH_N_GRAMMARS (SPEECH_GRAMMAR_END - 1)
#define SPEECH_N_SHARED_GRAMMARS SPEECH_GRAMMAR_ANSWERS
#endif
