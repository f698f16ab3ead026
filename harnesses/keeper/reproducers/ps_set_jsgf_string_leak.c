/* PocketSphinx 0.8+5prealpha+1-15 (Debian 12) with sphinxbase 0.8+5prealpha+1-16:
 * ps_set_jsgf_string parses the JSGF text into a jsgf_t, builds the FSG search from it and
 * never frees the jsgf_t (upstream fixed it in cmusphinx/pocketsphinx pull request 66,
 * 2016-10-27, "Releases jsgf grammar then applying jsgf grammar from a string"; Debian's
 * 5prealpha snapshot predates it). Every call leaks the parsed grammar: a long-running
 * application that switches grammars grows without bound.
 * tags: mlf:keeper_pocketsphinx:pocketsphinx:ps_set_jsgf_string:leak
 * link: -g -fsanitize=address -I/usr/include/pocketsphinx -lpocketsphinx -lsphinxbase
 * args: 1
 * Build: clang -g -fsanitize=address -I/usr/include/pocketsphinx ps_set_jsgf_string_leak.c \
 *          -lpocketsphinx -lsphinxbase -o leak
 * Run: ./leak      (no grammar: no leak; exits 0)
 *      ./leak 1    (one grammar: LeakSanitizer reports jsgf_grammar_new <- jsgf_parse_string
 *                   <- ps_set_jsgf_string; exit status non-zero while the bug is present) */
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#define MODEL "/usr/share/pocketsphinx/model/en-us"

int main(int argc, char **argv) {
  (void)argv;
  err_set_logfp(NULL);
  cmd_ln_t *config = cmd_ln_init(NULL, ps_args(), TRUE, "-hmm", MODEL "/en-us", "-lm", MODEL "/en-us.lm.bin", "-dict",
                                 MODEL "/cmudict-en-us.dict", NULL);
  ps_decoder_t *ps = ps_init(config);
  if (!ps) return 2;
  if (argc > 1 && ps_set_jsgf_string(ps, "answers", "#JSGF V1.0;\ngrammar answers;\npublic <s> = [please] (yes | no);\n") < 0)
    return 2;
  ps_free(ps);
  cmd_ln_free_r(config);
  return 0;
}
