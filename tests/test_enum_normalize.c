/* mlf_normalize_enums: undefined enum values anywhere in a message (singular, repeated,
 * oneof, nested) become the enum's default; valid messages stay byte-identical. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "alltypes.pb-c.h"
#include "mlf_enum_normalize.h"

static void test_undefined_values_become_defaults(void **state) {
  (void)state;
  Mlf__Test__AllTypes m = MLF__TEST__ALL_TYPES__INIT;
  Mlf__Test__Color repeated[3] = {MLF__TEST__COLOR__GREEN, (Mlf__Test__Color)7,
                                  MLF__TEST__COLOR__NEGATIVE};
  m.has_f_enum = 1;
  m.f_enum = (Mlf__Test__Color)99;
  m.n_r_enums = 3;
  m.r_enums = repeated;
  m.choice_case = MLF__TEST__ALL_TYPES__CHOICE_O_ENUM;
  m.o_enum = (Mlf__Test__Color)-42;
  mlf_normalize_enums(&m.base);
  assert_int_equal(m.f_enum, MLF__TEST__COLOR__BLUE); /* the field's declared default */
  assert_int_equal(repeated[0], MLF__TEST__COLOR__GREEN);
  assert_int_equal(repeated[1], MLF__TEST__COLOR__NEGATIVE); /* no default: the smallest value */
  assert_int_equal(repeated[2], MLF__TEST__COLOR__NEGATIVE);
  assert_int_equal(m.o_enum, MLF__TEST__COLOR__NEGATIVE);
}

static void test_valid_message_unchanged(void **state) {
  (void)state;
  Mlf__Test__AllTypes m = MLF__TEST__ALL_TYPES__INIT;
  Mlf__Test__Leaf leaf = MLF__TEST__LEAF__INIT;
  m.f_message = &leaf;
  m.has_f_enum = 1;
  m.f_enum = MLF__TEST__COLOR__NEGATIVE;
  m.choice_case = MLF__TEST__ALL_TYPES__CHOICE_O_INT;
  m.o_int = 99; /* not an enum: an int member of the oneof must not be touched */
  uint8_t before[256], after[256];
  size_t n = mlf__test__all_types__pack(&m, before);
  mlf_normalize_enums(&m.base);
  assert_int_equal(mlf__test__all_types__pack(&m, after), n);
  assert_memory_equal(before, after, n);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_undefined_values_become_defaults),
      cmocka_unit_test(test_valid_message_unchanged),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
