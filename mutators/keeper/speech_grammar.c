/* The speech grammars (speech_grammar.h): three shared ones (device commands, a two-to-four
 * digit code, answers to a prompt) and one per speech subject of the Keeper loop, holding the
 * phrases its branches test for and what its users would say besides (every word is in
 * pocketsphinx-en-us's dictionary; a subject's planted label defects stay: asr_answer_ok's
 * "ok" is no word of its grammar, asr_yes_no's "Yes" no word of any). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "speech_grammar.h"

#define N(a) (sizeof a / sizeof *a)
/* A form of the slots in array a. */
#define FORM(a) {a, N(a)}
static const char *const please[] = {"please"};
static const char *const the[] = {"the"};
static const char *const actions[] = {"turn on", "turn off", "open", "close", "stop", "start"};
static const char *const devices[] = {"light", "door", "music", "radio", "window", "fan"};
static const char *const digits[] = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
static const char *const answers[] = {"yes", "no", "cancel", "repeat", "help", "okay"};
static const char *const switching[] = {"turn on", "turn off", "switch on", "switch off"};
static const char *const lamps[] = {"light", "lamp"};
static const char *const opening[] = {"open", "close"};
static const char *const starting[] = {"start", "stop"};
static const char *const fan[] = {"fan"};
static const char *const door_window[] = {"door", "window"};
static const char *const positions[] = {"window", "door", "garage"};
static const char *const on_off[] = {"turn on", "turn off"};
static const char *const light[] = {"light"};
static const char *const yes_no[] = {"yes", "no", "sure", "help", "repeat", "cancel"};
static const char *const call_my[] = {"call my"};
static const char *const family[] = {"mother", "father", "sister", "brother"};
static const char *const play_stop[] = {"stop", "play"};
static const char *const music_radio[] = {"music", "radio"};
static const char *const what_time[] = {"what time is it"};
static const char *const confirmations[] = {"yes", "no", "cancel", "repeat"};
static const char *const player_verbs[] = {"stop", "halt", "pause", "play"};
static const char *const the_some[] = {"the", "some"};
static const char *const music[] = {"music"};
static const char *const good[] = {"good"};
static const char *const times_of_day[] = {"morning", "night"};
static const char *const next_song[] = {"next song"};
static const char *const go_drive[] = {"go", "drive"};
static const char *const destinations[] = {"home", "to work"};
static const char *const reminder_answers[] = {"okay", "cancel", "help", "wait", "repeat", "yes", "no"};

static const speech_slot command_slots[] = {
    {1, please, N(please)}, {0, actions, N(actions)}, {1, the, N(the)}, {0, devices, N(devices)}};
static const speech_slot digit_slots[] = {
    {0, digits, N(digits)}, {0, digits, N(digits)}, {1, digits, N(digits)}, {1, digits, N(digits)}};
static const speech_slot code_slots[] = {{0, digits, N(digits)}, {0, digits, N(digits)}, {1, digits, N(digits)}};
static const speech_slot answer_slots[] = {{1, please, N(please)}, {0, answers, N(answers)}};
static const speech_slot switch_lamp[] = {{1, please, N(please)}, {0, switching, N(switching)}, {1, the, N(the)}, {0, lamps, N(lamps)}};
static const speech_slot open_door_window[] = {{1, please, N(please)}, {0, opening, N(opening)}, {1, the, N(the)}, {0, door_window, N(door_window)}};
static const speech_slot start_fan[] = {{1, please, N(please)}, {0, starting, N(starting)}, {1, the, N(the)}, {0, fan, N(fan)}};
static const speech_slot open_position[] = {{1, please, N(please)}, {0, opening, N(opening)}, {1, the, N(the)}, {0, positions, N(positions)}};
static const speech_slot switch_light[] = {{1, please, N(please)}, {0, on_off, N(on_off)}, {1, the, N(the)}, {0, light, N(light)}};
static const speech_slot yes_no_slots[] = {{1, please, N(please)}, {0, yes_no, N(yes_no)}};
static const speech_slot call_family[] = {{0, call_my, N(call_my)}, {0, family, N(family)}};
static const speech_slot stop_music_radio[] = {{1, please, N(please)}, {0, play_stop, N(play_stop)}, {0, the, N(the)}, {0, music_radio, N(music_radio)}};
static const speech_slot ask_time[] = {{0, what_time, N(what_time)}};
static const speech_slot confirmation_slots[] = {{1, please, N(please)}, {0, confirmations, N(confirmations)}};
static const speech_slot player_music[] = {{1, please, N(please)}, {0, player_verbs, N(player_verbs)}, {1, the_some, N(the_some)}, {0, music, N(music)}};
static const speech_slot greeting[] = {{0, good, N(good)}, {0, times_of_day, N(times_of_day)}};
static const speech_slot skip_song[] = {{0, next_song, N(next_song)}};
static const speech_slot route[] = {{0, go_drive, N(go_drive)}, {0, destinations, N(destinations)}};
static const speech_slot reminder_slots[] = {{1, please, N(please)}, {0, reminder_answers, N(reminder_answers)}};

static const speech_form commands[] = {FORM(command_slots)}, digit_code[] = {FORM(digit_slots)},
                         answer[] = {FORM(answer_slots)}, code[] = {FORM(code_slots)},
                         home_devices[] = {FORM(switch_lamp), FORM(open_door_window), FORM(start_fan)},
                         yes_no_answer[] = {FORM(yes_no_slots)},
                         assistant[] = {FORM(call_family), FORM(stop_music_radio), FORM(ask_time)},
                         confirmation[] = {FORM(confirmation_slots)},
                         player[] = {FORM(player_music), FORM(greeting), FORM(skip_song)},
                         position[] = {FORM(open_position), FORM(start_fan), FORM(switch_light)},
                         navigator[] = {FORM(route), FORM(greeting)}, reminder[] = {FORM(reminder_slots)};

/* Indexed by grammar id - 1 (speech_grammar_ids.h). */
static const speech_grammar grammars[SPEECH_N_GRAMMARS] = {
    {"commands", commands, N(commands)},
    {"digits", digit_code, N(digit_code)},
    {"answers", answer, N(answer)},
    {"asr_smart_light", home_devices, N(home_devices)},
    {"asr_yes_no", yes_no_answer, N(yes_no_answer)},
    {"asr_assistant", assistant, N(assistant)},
    {"asr_pin_unlock", digit_code, N(digit_code)},
    {"asr_confidence_confirm", confirmation, N(confirmation)},
    {"asr_music_player", player, N(player)},
    {"asr_device_position", position, N(position)},
    {"asr_extension_dial", code, N(code)},
    {"asr_lamp_always_true", home_devices, N(home_devices)},
    {"asr_navigator", navigator, N(navigator)},
    {"asr_answer_ok", reminder, N(reminder)}};

const speech_grammar *speech_grammar_get(int listening) {
  return listening >= 1 && listening <= SPEECH_N_GRAMMARS ? &grammars[listening - 1] : NULL;
}

/* Whether words (the rest of a sentence, "" at its end) match slots k.. of form f: each slot's
 * phrase must be followed by a space or the end; optional slots may be skipped. */
static int match_from(const speech_form *f, size_t k, const char *words) {
  if (k == f->n_slots) return *words == 0;
  const speech_slot *s = &f->slots[k];
  if (s->optional && match_from(f, k + 1, words)) return 1;
  for (size_t i = 0; i < s->n; i++) {
    size_t len = strlen(s->phrases[i]);
    if (strncmp(words, s->phrases[i], len)) continue;
    if (words[len] == 0 && match_from(f, k + 1, words + len)) return 1;
    if (words[len] == ' ' && words[len + 1] && match_from(f, k + 1, words + len + 1)) return 1;
  }
  return 0;
}

int speech_grammar_accepts(const speech_grammar *g, const char *sentence) {
  for (size_t f = 0; *sentence && f < g->n_forms; f++)
    if (match_from(&g->forms[f], 0, sentence)) return 1;
  return 0;
}

/* 1 when word is one of the space-separated words of phrase. */
static int phrase_has_word(const char *phrase, const char *word) {
  size_t wl = strlen(word);
  for (const char *p = phrase; *p;) {
    size_t len = strcspn(p, " ");
    if (len == wl && !strncmp(p, word, len)) return 1;
    p += len + (p[len] == ' ');
  }
  return 0;
}

int speech_grammar_has_word(const speech_grammar *g, const char *word) {
  for (size_t f = 0; f < g->n_forms; f++)
    for (size_t k = 0; k < g->forms[f].n_slots; k++)
      for (size_t i = 0; i < g->forms[f].slots[k].n; i++)
        if (phrase_has_word(g->forms[f].slots[k].phrases[i], word)) return 1;
  return 0;
}

/* snprintf at buf + *used that keeps counting past the end, as snprintf does. */
__attribute__((format(printf, 4, 5))) static void append(char *buf, size_t len, size_t *used, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(buf + (*used < len ? *used : len), *used < len ? len - *used : 0, fmt, ap);
  va_end(ap);
  if (w > 0) *used += (size_t)w;
}

size_t speech_grammar_jsgf(const speech_grammar *g, char *buf, size_t len) {
  size_t used = 0;
  if (len) buf[0] = 0;
  append(buf, len, &used, "#JSGF V1.0;\ngrammar %s;\npublic <sentence> =", g->name);
  /* Several forms are alternatives, each in parentheses; one form is written bare. */
  int several = g->n_forms > 1;
  for (size_t f = 0; f < g->n_forms; f++) {
    append(buf, len, &used, "%s", f ? " | (" : several ? " (" : "");
    for (size_t k = 0; k < g->forms[f].n_slots; k++) {
      const speech_slot *s = &g->forms[f].slots[k];
      append(buf, len, &used, " %s", s->optional ? "[" : "(");
      for (size_t i = 0; i < s->n; i++) append(buf, len, &used, "%s%s", i ? " | " : "", s->phrases[i]);
      append(buf, len, &used, "%s", s->optional ? "]" : ")");
    }
    append(buf, len, &used, "%s", several ? " )" : "");
  }
  append(buf, len, &used, ";\n");
  return used;
}

void speech_grammar_sentence(const speech_grammar *g, mlf_rng *rng, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = 0;
  /* A one-form grammar draws nothing here, so its sentences are those of a seed as before. */
  const speech_form *f = &g->forms[g->n_forms > 1 ? mlf_rng_below(rng, g->n_forms) : 0];
  for (size_t k = 0; k < f->n_slots; k++) {
    const speech_slot *s = &f->slots[k];
    if (s->optional && mlf_rng_chance(rng, 50)) continue;
    const char *phrase = s->phrases[mlf_rng_below(rng, s->n)];
    int w = snprintf(buf + used, len - used, "%s%s", used ? " " : "", phrase);
    if (w < 0 || (size_t)w >= len - used) return;
    used += (size_t)w;
  }
}
