/* ErrorCase -> argument values and operand sizes (see errors_case.h). */
#include "errors_case.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

unsigned errors_case_routine(const Mlf__Blas__ErrorCase *c, char *letter) {
  unsigned r = (unsigned)c->routine < ERRORS_ROUTINE_COUNT ? (unsigned)c->routine : 0;
  const errors_routine *routine = &errors_routines[r];
  int p = (int)c->precision & 3;
  /* The post-processor already moved the precision to one that exists; same rule here. */
  if (!(routine->precisions & ERRORS_COMPLEX) && p >= 2) p -= 2;
  if (!(routine->precisions & ERRORS_REAL) && p < 2) p += 2;
  *letter = "sdcz"[p];
  return r;
}

/* A character argument's value: the Fortran character (upper or lower case) or CBLAS enum. */
static int char_value(const Mlf__Blas__ErrorCase *c, int cblas, char fortran, int cblas_value) {
  if (cblas) return cblas_value;
  return c->lowercase ? tolower(fortran) : fortran;
}

static int trans_value(const Mlf__Blas__ErrorCase *c, int cblas, Mlf__Blas__Transpose t) {
  int i = (int)t % 3;
  return char_value(c, cblas, "NTC"[i], ERRORS_NO_TRANS + i);
}

void errors_case_base(const Mlf__Blas__ErrorCase *c, errors_args *a) {
  memset(a, 0, sizeof *a);
  a->routine = errors_case_routine(c, &a->letter);
  a->r = &errors_routines[a->routine];
  a->cblas = c->interface == MLF__BLAS__ERROR_CASE__INTERFACE__CBLAS;
  a->row_major = a->cblas && c->layout == MLF__BLAS__LAYOUT__ROW_MAJOR;
  a->order = a->row_major ? ERRORS_ROW_MAJOR : ERRORS_COL_MAJOR;
  int cb = a->cblas;
  for (int i = 0; a->r->args[i]; i++) {
    int *v = &a->value[i];
    switch (a->r->args[i]) {
      case 'S': *v = char_value(c, cb, c->right_side ? 'R' : 'L', c->right_side ? ERRORS_RIGHT : ERRORS_LEFT); break;
      case 'U': *v = char_value(c, cb, c->upper ? 'U' : 'L', c->upper ? ERRORS_UPPER : ERRORS_LOWER); break;
      case 'D': *v = char_value(c, cb, c->unit_diag ? 'U' : 'N', c->unit_diag ? ERRORS_UNIT : ERRORS_NON_UNIT); break;
      case 'T': *v = trans_value(c, cb, c->trans); break;
      case 't': *v = trans_value(c, cb, c->trans_b); break;
      case 'M': *v = (int)c->m; break;
      case 'N': *v = (int)c->n; break;
      case 'K': *v = (int)c->k; break;
      case 'L': *v = (int)c->kl; break;
      case 'R': *v = (int)c->ku; break;
      case 'i': *v = c->inc_x ? c->inc_x : 1; break;
      case 'j': *v = c->inc_y ? c->inc_y : 1; break;
      default: break;
    }
  }
  /* Leading dimensions last: their minimum depends on the sizes and characters. */
  static const char lds[] = "123", mats[] = "ABC";
  for (int j = 0; j < 3; j++) {
    int i = errors_arg_index(a->r, lds[j]);
    if (i >= 0) a->value[i] = errors_ld_min(a, mats[j]) + (int)c->ld_padding;
  }
}

static size_t vector_length(const errors_args *a, char code) {
  int m = errors_arg(a, 'M'), n = errors_arg(a, 'N');
  int plain = a->cblas ? errors_arg(a, 'T') == ERRORS_NO_TRANS : toupper(errors_arg(a, 'T')) == 'N';
  switch (code) {
    case 'n': return (size_t)n;
    case 'm': return (size_t)m;
    case 'X': return (size_t)(plain ? n : m);
    case 'Y': return (size_t)(plain ? m : n);
    default: return 0;
  }
}

size_t errors_operand_elements(const errors_args *a, char operand) {
  if (errors_arg_index(a->r, operand) < 0) return 0;
  if (operand == 'P') {
    size_t n = (size_t)errors_arg(a, 'N');
    return n * (n + 1) / 2;
  }
  if (operand == 'x' || operand == 'y') {
    size_t len = vector_length(a, operand == 'x' ? a->r->x_len : a->r->y_len);
    int inc = errors_arg(a, operand == 'x' ? 'i' : 'j');
    return len ? 1 + (len - 1) * (size_t)abs(inc) : 0;
  }
  /* A matrix: its stored lines (columns, or rows in row-major; band lines are as the shape
   * says), each ld apart, the last one only as long as a line. */
  int rows, cols;
  errors_matrix_dims(a, operand, &rows, &cols);
  char shape = operand == 'A' ? a->r->a_shape : operand == 'B' ? a->r->b_shape : a->r->c_shape;
  int band = shape == 'b' || shape == 'h';
  size_t lines = (size_t)(band || !a->row_major ? cols : rows);
  size_t length = (size_t)(band || !a->row_major ? rows : cols);
  size_t ld = (size_t)errors_arg(a, operand == 'A' ? '1' : operand == 'B' ? '2' : '3');
  return lines && length ? ld * (lines - 1) + length : 0;
}

const char errors_operand_letters[7] = "ABCPxy";

static uint64_t next_random(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return *s;
}

void errors_operands_fill(const errors_args *valid, uint64_t seed, void *const data[6]) {
  uint64_t state = seed * 2654435761u + 1;
  char letter = valid->letter;
  for (int i = 0; i < 6; i++) {
    if (!data[i]) continue;
    size_t parts = errors_operand_elements(valid, errors_operand_letters[i]) *
                   (letter == 'c' || letter == 'z' ? 2 : 1);
    for (size_t k = 0; k < parts; k++) {
      double v = 0.5 + (double)(next_random(&state) >> 11) / 9007199254740992.0;
      if (letter == 'd' || letter == 'z') ((double *)data[i])[k] = v;
      else ((float *)data[i])[k] = (float)v;
    }
  }
}

/* A value of argument kind `kind` the standard forbids; `valid` holds the valid arguments
 * (leading dimensions fall just below the minimum they imply). */
static int forbidden_value(const errors_args *valid, int i, uint32_t variant) {
  char kind = valid->r->args[i];
  int real = valid->letter == 's' || valid->letter == 'd';
  /* TRANS values some routines exclude: T for HERK/HER2K, C for complex SYRK/SYR2K. */
  int excluded = 0;
  if ((kind == 'T' || kind == 't') && valid->r->trans_rule == 'h') excluded = 'T';
  if ((kind == 'T' || kind == 't') && valid->r->trans_rule == 's' && !real) excluded = 'C';
  if (strchr("SUTtD", kind)) {
    if (!valid->cblas) {
      int chars[4] = {'X', '\0', ' ', excluded};
      return chars[variant % (excluded ? 4u : 3u)];
    }
    /* Zero, negative, one past the enum's last value, a value of another enum. */
    int last = kind == 'S' ? ERRORS_RIGHT : kind == 'U' ? ERRORS_LOWER : kind == 'D' ? ERRORS_UNIT : ERRORS_CONJ_TRANS;
    int other = kind == 'T' || kind == 't' ? ERRORS_UPPER : ERRORS_NO_TRANS;
    int enums[5] = {0, -1, last + 1, other, excluded == 'T' ? ERRORS_TRANS : ERRORS_CONJ_TRANS};
    return enums[variant % (excluded ? 5u : 4u)];
  }
  int v = valid->value[i];
  switch (kind) {
    case 'M': case 'N': case 'K': case 'L': case 'R': {
      int dims[3] = {-1, INT_MIN, -v - 1};
      return dims[variant % 3];
    }
    case '1': case '2': case '3': {
      int min = errors_ld_min(valid, kind == '1' ? 'A' : kind == '2' ? 'B' : 'C');
      int lds[3] = {min - 1, 0, -1};
      return lds[variant % 3];
    }
    default: return 0; /* increments */
  }
}

static void apply(const Mlf__Blas__ErrorCase__Invalidation *inv, const errors_args *valid,
                  errors_args *a) {
  if (!inv || inv->param == MLF__BLAS__ERROR_CASE__PARAM__NONE) return;
  if (inv->param == MLF__BLAS__ERROR_CASE__PARAM__ORDER) {
    if (!a->cblas) return;
    int orders[4] = {0, -1, ERRORS_COL_MAJOR + 1, ERRORS_NO_TRANS};
    a->order = orders[inv->variant % 4];
    return;
  }
  unsigned p = (unsigned)inv->param;
  int i = p < ERRORS_PARAM_COUNT ? errors_arg_index(a->r, errors_param_letters[p]) : -1;
  if (i >= 0) a->value[i] = forbidden_value(valid, i, inv->variant);
}

void errors_case_invalidate(const Mlf__Blas__ErrorCase *c, errors_args *a) {
  errors_args valid = *a;
  apply(c->first, &valid, a);
  apply(c->second, &valid, a);
}
