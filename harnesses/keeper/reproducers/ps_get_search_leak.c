/* PocketSphinx 0.8+5prealpha+1-15 (Debian 12) with sphinxbase 0.8+5prealpha+1-16:
 * ps_get_search walks the decoder's search table with hash_table_iter and returns from inside
 * the loop once it finds the active search, without hash_table_iter_free: every call leaks
 * the iterator (24 bytes). An application that asks for the active search per utterance grows
 * without bound.
 * tags: mlf:keeper_pocketsphinx:pocketsphinx:ps_get_search:leak
 * link: -g -fsanitize=address -I/usr/include/pocketsphinx -lpocketsphinx -lsphinxbase
 * args: 3
 * Build: clang -g -fsanitize=address -I/usr/include/pocketsphinx ps_get_search_leak.c \
 *          -lpocketsphinx -lsphinxbase -o leak
 * Run: ./leak      (ps_get_search not called: no leak, exits 0)
 *      ./leak 3    (three calls: LeakSanitizer reports 72 bytes from hash_table_iter <-
 *                   ps_get_search; exit status non-zero while the bug is present) */
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <stdio.h>
#include <stdlib.h>
#define MODEL "/usr/share/pocketsphinx/model/en-us"

int main(int argc, char **argv) {
  err_set_logfp(NULL);
  cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", MODEL "/en-us", "-lm", MODEL "/en-us.lm.bin", "-dict",
                                 MODEL "/cmudict-en-us.dict", NULL);
  ps_decoder_t *ps = ps_init(config);
  if (!ps) return 2;
  for (int i = 0; argc > 1 && i < atoi(argv[1]); i++) printf("active search: %s\n", ps_get_search(ps));
  ps_free(ps);
  cmd_ln_free_r(config);
  return 0;
}
