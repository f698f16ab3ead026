/* The subject table (subject.h): per evaluation subject its medium, engine, outcomes and
 * branch clauses, each clause with the API outputs the pseudo-inverse realises, the intended
 * outcome and the planted defect it exposes. The bench scores "failures found vs defects
 * carried" from the defect and expected-failure columns; every other column is what the
 * Keeper loop generates and judges from. OCR texts use only characters every renderer font
 * has (KEEPER_TEXT_ALPHABET); speech texts are sentences of the subject's own grammar
 * (mutators/keeper/speech_grammar.c; tests/keeper/test_keeper_speech_judges.c checks it). Each
 * speech subject listens with its grammar, except asr_confidence_confirm, which needs the full
 * language model: a grammar search reports a posterior of 1 for every utterance, so a threshold
 * there means nothing (its grammar serves the fuzz target). */
#include <string.h>
#include "subject.h"

/* Clauses leave the trailing columns (labels, degraded) out where they are NULL and 0. */
#pragma clang diagnostic ignored "-Wmissing-field-initializers"

#define OUT(...) {__VA_ARGS__}, sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *)
#define NONE KEEPER_DEFECT_NONE, KEEPER_FAIL_NONE
#define DEFECT(d, f) KEEPER_DEFECT_##d, KEEPER_FAIL_##f

const keeper_subject keeper_subjects[] = {
    {"ocr_stop_sign", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_stop_sign, OUT("brake", "drive"),
     {{{"STOP"}, 0, DEFECT(WHITESPACE, DEAD_CODE)},
      {{"GO", "YIELD"}, 1, NONE}}, 2, NULL,
     "brake on a STOP sign, drive on otherwise"},
    {"ocr_total_label", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_total_label, OUT("convert", "skip"),
     {{{"Total 12.50", "Total 8.99"}, 0, NONE},
      {{"TOTAL 12.50", "TOTAL 8.99"}, 0, DEFECT(CASE, ACCURACY)},
      {{"Thank you", "Receipt"}, 1, NONE}}, 3, NULL,
     "convert receipts that show a total, in any case"},
    {"ocr_killfeed", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_killfeed, OUT("kill", "other"),
     {{{"Alex eliminated Sam"}, 0, NONE},
      {{"Storm closing"}, 1, NONE},
      {{""}, KEEPER_ANY_OUTCOME, DEFECT(EMPTY_INDEX, CRASH)}}, 3, NULL,
     "kill for an elimination line, other otherwise, no crash on a blank screenshot"},
    {"ocr_invoice_total", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_invoice_total,
     OUT("approval", "auto-pay", "manual"),
     {{{"TOTAL 1500.00", "TOTAL 2400.50"}, 0, NONE},
      {{"TOTAL 1,250.00", "TOTAL 3,100.00"}, 0, DEFECT(NUMBER_PARSE, ACCURACY)},
      {{"TOTAL 12.50", "TOTAL 80.00"}, 1, NONE},
      {{"Thank you"}, 2, NONE}}, 4, NULL,
     "approval above 1000 (with or without thousands separators), auto-pay below, manual without a total"},
    {"ocr_due_date", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_due_date, OUT("overdue", "pending", "no date"),
     {{{"DUE 2024-03-15", "DUE 2023-11-02"}, 0, NONE},
      {{"DUE 2025-01-20"}, 1, NONE},
      {{"DUE 15.03.2024", "DUE 02.11.2023"}, 0, DEFECT(NUMBER_PARSE, ACCURACY)},
      {{"PAID"}, 2, NONE}}, 4, NULL,
     "overdue before 2024-06-01 in ISO or day.month.year form, pending after, no date without one"},
    {"ocr_price_tag", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_price_tag, OUT("cheap", "expensive", "unknown"),
     {{{"PRICE 3.99", "PRICE 2.50"}, 0, NONE},
      {{"PRICE 12.00", "PRICE 24.99"}, 1, NONE},
      {{"PRICE 5.50", "PRICE 5.75"}, 1, DEFECT(NUMBER_PARSE, ACCURACY)},
      {{"SALE"}, 2, NONE}}, 4, NULL,
     "cheap up to 5.00, expensive above, unknown without a price"},
    {"ocr_hazard_sign", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_hazard_sign, OUT("alarm", "ignore"),
     {{{"FIRE", "FIRE DOOR"}, 0, NONE, &ocr_hazard_sign_labels},
      {{"OPEN FLAME", "FLAME"}, 0, DEFECT(INCOMPLETE_LABEL, ACCURACY), &ocr_hazard_sign_labels},
      {{"WET FLOOR", "EXIT"}, 1, NONE}}, 3, NULL,
     "alarm on signs about fire or flame"},
    {"ocr_shop_hours", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_shop_hours, OUT("open", "closed", "unknown"),
     {{{"OPEN"}, 0, DEFECT(NONEXISTENT_LABEL, DEAD_CODE), &ocr_shop_hours_labels},
      {{"CLOSED"}, 1, NONE},
      {{"SALE"}, 2, NONE}}, 3, NULL,
     "open for OPEN, closed for CLOSED, unknown otherwise"},
    {"ocr_animal_sign", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_animal_sign, OUT("animal", "no animal"),
     {{{"DOG"}, 0, NONE},
      {{"ANIMAL"}, 0, NONE},
      {{"TREE", "HOUSE"}, 1, DEFECT(ALWAYS_TRUE, DEAD_CODE)}}, 3, NULL,
     "animal for DOG or ANIMAL, no animal otherwise"},
    {"ocr_confidence_gate", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_confidence_gate, OUT("accept", "rescan"),
     {{{"ACCOUNT 4821", "INVOICE 3307"}, 0, DEFECT(THRESHOLD, DEAD_CODE)},
      {{"ACCOUNT 4821", "INVOICE 3307"}, 1, NONE, NULL, 1}}, 2, &ocr_confidence_gate_threshold,
     "accept clean prints Tesseract reads, rescan badly degraded ones"},
    {"ocr_ocrad_gate", KEEPER_OCR, KEEPER_OCRAD, subject_ocr_ocrad_gate, OUT("open", "deny"),
     {{{"PASS 7731"}, 0, DEFECT(CASE, DEAD_CODE)},
      {{"PASS 1234"}, 1, NONE},
      {{"VISITOR"}, 1, NONE}}, 3, NULL,
     "open for ticket PASS 7731 (read by ocrad), deny others"},
    {"ocr_phone_match", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_phone_match, OUT("dial", "unknown"),
     {{{"3923-6625"}, 0, NONE},
      {{"1234-5678"}, 1, NONE}}, 2, NULL,
     "control, no planted defect: dial 3923-6625"},
    {"ocr_menu_vegan", KEEPER_OCR, KEEPER_TESSERACT, subject_ocr_menu_vegan, OUT("vegetarian", "check"),
     {{{"Vegetable soup", "vegetable curry"}, 0, NONE, &ocr_menu_vegan_labels},
      {{"Veggie wrap", "veggie burger"}, 0, DEFECT(INCOMPLETE_LABEL, ACCURACY), &ocr_menu_vegan_labels},
      {{"Beef stew"}, 1, NONE}}, 3, NULL,
     "vegetarian for vegetable or veggie dishes"},
    {"asr_smart_light", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_SMART_LIGHT, subject_asr_smart_light,
     OUT("light on", "light off", "ignored"),
     {{{"turn on the light"}, 0, NONE, &asr_smart_light_labels},
      {{"please turn on the light"}, 0, DEFECT(INCOMPLETE_LABEL, ACCURACY), &asr_smart_light_labels},
      {{"turn off the light"}, 1, NONE},
      {{"open the door", "start the fan"}, 2, NONE}}, 4, NULL,
     "light on for turn on the light, polite or not; light off; ignored otherwise"},
    {"asr_yes_no", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_YES_NO, subject_asr_yes_no, OUT("confirm", "decline", "reprompt"),
     {{{"yes"}, 0, DEFECT(CASE, DEAD_CODE), &asr_yes_no_labels},
      {{"no"}, 1, NONE},
      {{"help", "repeat"}, 2, NONE}}, 3, NULL,
     "confirm yes, decline no, reprompt otherwise"},
    {"asr_assistant", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_ASSISTANT, subject_asr_assistant, OUT("call", "stop", "idle"),
     {{{"call my mother"}, 0, NONE},
      {{"stop the music"}, 1, NONE},
      {{"what time is it"}, 2, NONE}}, 3, NULL,
     "control, no planted defect: call, stop or idle"},
    {"asr_pin_unlock", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_PIN_UNLOCK, subject_asr_pin_unlock, OUT("unlock", "wrong pin"),
     {{{"one two three four"}, 0, NONE},
      {{"five five five five"}, 1, NONE},
      {{"seven one", "nine two"}, 1, DEFECT(EMPTY_INDEX, CRASH)}}, 3, NULL,
     "unlock for 1234, wrong pin for other codes of two to four digits"},
    {"asr_confidence_confirm", KEEPER_SPEECH, SPEECH_LANGUAGE_MODEL, subject_asr_confidence_confirm,
     OUT("act", "ask again"),
     {{{"yes", "cancel"}, 0, DEFECT(THRESHOLD, DEAD_CODE)},
      {{"yes", "cancel"}, 1, NONE, NULL, 1}}, 2, &asr_confidence_confirm_threshold,
     "act on answers heard right, ask again on answers buried in noise"},
    {"asr_music_player", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_MUSIC_PLAYER, subject_asr_music_player, OUT("pause", "play", "ignore"),
     {{{"stop the music"}, 0, NONE, &asr_music_player_labels},
      {{"halt the music"}, 0, DEFECT(INCOMPLETE_LABEL, ACCURACY), &asr_music_player_labels},
      {{"play some music"}, 1, NONE},
      {{"good morning"}, 2, NONE}}, 4, NULL,
     "pause for stop or halt, play for play, ignore otherwise"},
    {"asr_device_position", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_DEVICE_POSITION, subject_asr_device_position,
     OUT("window", "door", "other"),
     {{{"please open the window"}, 0, NONE},
      {{"open the window", "close the window"}, 0, DEFECT(TOKEN_POSITION, ACCURACY)},
      {{"please close the door"}, 1, NONE},
      {{"start the fan"}, 2, NONE}}, 4, NULL,
     "window or door for commands naming them, other otherwise"},
    {"asr_extension_dial", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_EXTENSION_DIAL, subject_asr_extension_dial,
     OUT("extension", "operator"),
     {{{"three four five", "seven one nine"}, 0, NONE},
      {{"one zero five", "two zero one"}, 0, DEFECT(NUMBER_PARSE, ACCURACY)},
      {{"four two", "nine one"}, 1, NONE}}, 3, NULL,
     "extension for codes 100 and up, zeros included; operator below"},
    {"asr_lamp_always_true", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_LAMP_ALWAYS_TRUE, subject_asr_lamp_always_true,
     OUT("lamp", "not lamp"),
     {{{"turn on the light", "turn off the light"}, 0, NONE},
      {{"open the door", "start the fan"}, 1, DEFECT(ALWAYS_TRUE, DEAD_CODE)}}, 2, NULL,
     "lamp for commands about the light, not lamp otherwise"},
    {"asr_navigator", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_NAVIGATOR, subject_asr_navigator, OUT("navigate", "other"),
     {{{"go home"}, 0, NONE},
      {{"good night"}, 1, NONE},
      {{""}, KEEPER_ANY_OUTCOME, DEFECT(EMPTY_INDEX, CRASH)}}, 3, NULL,
     "navigate for go home, other otherwise, no crash on silence"},
    {"asr_answer_ok", KEEPER_SPEECH, SPEECH_GRAMMAR_ASR_ANSWER_OK, subject_asr_answer_ok, OUT("accept", "cancel", "wait"),
     {{{"okay"}, 0, DEFECT(NONEXISTENT_LABEL, DEAD_CODE), &asr_answer_ok_labels},
      {{"cancel", "please cancel"}, 1, NONE},
      {{"help"}, 2, NONE}}, 3, NULL,
     "accept okay, cancel cancel, wait otherwise"},
};
const size_t keeper_n_subjects = sizeof keeper_subjects / sizeof *keeper_subjects;

const keeper_subject *keeper_subject_find(const char *name) {
  for (size_t i = 0; i < keeper_n_subjects; i++)
    if (!strcmp(keeper_subjects[i].name, name)) return &keeper_subjects[i];
  return NULL;
}

const char *keeper_defect_name(keeper_defect d) {
  static const char *const names[] = {"none", "incomplete-label", "nonexistent-label", "always-true", "empty-index",
                                      "threshold", "case", "whitespace", "number-parse", "token-position"};
  return names[d];
}

const char *keeper_failure_name(keeper_failure f) {
  static const char *const names[] = {"none", "accuracy", "dead-code", "crash"};
  return names[f];
}
