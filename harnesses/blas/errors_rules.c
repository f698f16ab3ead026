/* The BLAS argument rules and the reference's checking order (see errors_rules.h). The
 * Fortran rules follow the reference BLAS 3.11 sources (each routine's "Test the input
 * parameters" block); the CBLAS order follows netlib's CBLAS wrappers. */
#include "errors_rules.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int errors_arg_index(const errors_routine *r, char letter) {
  const char *p = letter ? strchr(r->args, letter) : NULL;
  return p ? (int)(p - r->args) : -1;
}

int errors_arg(const errors_args *a, char letter) {
  int i = errors_arg_index(a->r, letter);
  return i < 0 ? 0 : a->value[i];
}

static int is_char_kind(char kind) { return kind && strchr("SUTtD", kind) != NULL; }

/* The character (Fortran, case-insensitive as LSAME) or enum (CBLAS) value v means c. */
static int means(const errors_args *a, int v, char c) {
  if (!a->cblas) return toupper(v & 0xff) == c && v >= 0 && v < 256;
  switch (c) {
    case 'N': return v == ERRORS_NO_TRANS;
    case 'T': return v == ERRORS_TRANS;
    case 'C': return v == ERRORS_CONJ_TRANS;
    default: return 0;
  }
}

static int trans_valid(const errors_args *a, int v) {
  int real = a->letter == 's' || a->letter == 'd';
  switch (a->r->trans_rule) {
    case 's': return means(a, v, 'N') || means(a, v, 'T') || (real && means(a, v, 'C'));
    case 'h': return means(a, v, 'N') || means(a, v, 'C');
    default: return means(a, v, 'N') || means(a, v, 'T') || means(a, v, 'C');
  }
}

static int char_valid(const errors_args *a, char kind, int v) {
  if (kind == 'T' || kind == 't') return trans_valid(a, v);
  if (a->cblas) {
    switch (kind) {
      case 'S': return v == ERRORS_LEFT || v == ERRORS_RIGHT;
      case 'U': return v == ERRORS_UPPER || v == ERRORS_LOWER;
      default: return v == ERRORS_NON_UNIT || v == ERRORS_UNIT;
    }
  }
  int c = v >= 0 && v < 256 ? toupper(v) : 0;
  switch (kind) {
    case 'S': return c == 'L' || c == 'R';
    case 'U': return c == 'U' || c == 'L';
    default: return c == 'U' || c == 'N';
  }
}

static int not_transposed(const errors_args *a, char kind) {
  return means(a, errors_arg(a, kind), 'N');
}

static int left_side(const errors_args *a) {
  int v = errors_arg(a, 'S');
  return a->cblas ? v == ERRORS_LEFT : toupper(v & 0xff) == 'L';
}

static char shape_of(const errors_routine *r, char matrix) {
  return matrix == 'A' ? r->a_shape : matrix == 'B' ? r->b_shape : r->c_shape;
}

void errors_matrix_dims(const errors_args *a, char matrix, int *rows, int *cols) {
  int m = errors_arg(a, 'M'), n = errors_arg(a, 'N'), k = errors_arg(a, 'K');
  switch (shape_of(a->r, matrix)) {
    case 'g': *rows = m, *cols = n; break;
    case 'n': *rows = n, *cols = n; break;
    case 'o': *rows = not_transposed(a, 'T') ? m : k, *cols = not_transposed(a, 'T') ? k : m; break;
    case 'p': *rows = not_transposed(a, 't') ? k : n, *cols = not_transposed(a, 't') ? n : k; break;
    case 's': *rows = *cols = left_side(a) ? m : n; break;
    case 'k': *rows = not_transposed(a, 'T') ? n : k, *cols = not_transposed(a, 'T') ? k : n; break;
    /* Band storage: lines of the minimum length, one per column (per row in row-major). */
    case 'b':
      *rows = errors_arg(a, 'L') + errors_arg(a, 'R') + 1;
      *cols = a->row_major ? m : n;
      break;
    case 'h': *rows = k + 1, *cols = n; break;
    default: *rows = *cols = 0;
  }
}

int errors_ld_min(const errors_args *a, char matrix) {
  int rows, cols;
  errors_matrix_dims(a, matrix, &rows, &cols);
  char shape = shape_of(a->r, matrix);
  if (shape == 'b' || shape == 'h') return rows; /* LDA < KL+KU+1, LDA < K+1: no MAX(1, .) */
  int need = a->row_major ? cols : rows;
  return need > 1 ? need : 1;
}

int errors_arg_valid(const errors_args *a, int i) {
  char kind = a->r->args[i];
  int v = a->value[i];
  if (is_char_kind(kind)) return char_valid(a, kind, v);
  switch (kind) {
    case 'M': case 'N': case 'K': case 'L': case 'R': return v >= 0;
    case '1': return v >= errors_ld_min(a, 'A');
    case '2': return v >= errors_ld_min(a, 'B');
    case '3': return v >= errors_ld_min(a, 'C');
    case 'i': case 'j': return v != 0;
    default: return 1;
  }
}

static void swap_letters(const errors_routine *r, int *slot_arg, char x, char y) {
  int i = errors_arg_index(r, x), j = errors_arg_index(r, y);
  if (i < 0 || j < 0) return;
  int t = slot_arg[i];
  slot_arg[i] = slot_arg[j];
  slot_arg[j] = t;
}

int errors_slot_arg(const errors_args *a, int slot) {
  int slot_arg[ERRORS_MAX_ARGS];
  for (int i = 0; i < ERRORS_MAX_ARGS; i++) slot_arg[i] = i;
  if (a->cblas && a->row_major) {
    unsigned s = a->r->row_swaps;
    if (s & ERRORS_SWAP_MN) swap_letters(a->r, slot_arg, 'M', 'N');
    if (s & ERRORS_SWAP_KLKU) swap_letters(a->r, slot_arg, 'L', 'R');
    if (s & ERRORS_SWAP_XY) swap_letters(a->r, slot_arg, 'x', 'y'), swap_letters(a->r, slot_arg, 'i', 'j');
    if (s & ERRORS_SWAP_AB)
      swap_letters(a->r, slot_arg, 'T', 't'), swap_letters(a->r, slot_arg, 'A', 'B'),
          swap_letters(a->r, slot_arg, '1', '2');
  }
  return slot_arg[slot];
}

int errors_expected_position(const errors_args *a) {
  int n = (int)strlen(a->r->args);
  if (a->cblas && a->order != ERRORS_ROW_MAJOR && a->order != ERRORS_COL_MAJOR) return 1;
  /* Characters first, in order: they lead every argument list, and the CBLAS wrappers check
   * their enums (in C order) before making the Fortran call. */
  for (int i = 0; i < n; i++)
    if (is_char_kind(a->r->args[i]) && !errors_arg_valid(a, i)) return i + 2;
  /* Then the Fortran routine's checks, in the order of the call the reference makes. */
  for (int s = 0; s < n; s++) {
    int i = errors_slot_arg(a, s);
    if (!is_char_kind(a->r->args[i]) && !errors_arg_valid(a, i)) return i + 2;
  }
  return 0;
}

void errors_normalise(const errors_args *a, const char *routine, int info, errors_report *out) {
  const char *name = routine ? routine : "";
  const char *base = strrchr(name, '/');
  if (base) name = base + 1;
  out->family_only = strncmp(name, "source_", 7) == 0;
  out->fortran_named = !out->family_only && strncmp(name, "cblas_", 6) != 0;
  if (!out->fortran_named) name += out->family_only ? 7 : 6;
  size_t len = 0;
  for (; name[len] && len < sizeof out->routine - 1; len++)
    out->routine[len] = (char)tolower((unsigned char)name[len]);
  out->routine[len] = '\0';
  if (out->family_only) { /* gemv_r.h, hemv.h -> gemv, hemv */
    char *dot = strstr(out->routine, ".h");
    if (dot) *dot = '\0', len = strlen(out->routine);
    if (len > 2 && out->routine[len - 2] == '_' && strchr("rc", out->routine[len - 1])) len -= 2;
  }
  while (len > 0 && (out->routine[len - 1] == ' ' || out->routine[len - 1] == '_')) len--;
  out->routine[len] = '\0';
  int n = (int)strlen(a->r->args);
  /* Under the Fortran name of a CBLAS call, 0 is the layout, which comes before the Fortran
   * routine's first argument: OpenBLAS's CBLAS wrappers (its interface/ sources) start with
   * info = 0, set -1 inside the CblasRowMajor and CblasColMajor branches, and report when
   * info >= 0. */
  if (out->fortran_named)
    out->position = info >= 1 && info <= n ? errors_slot_arg(a, info - 1) + 2 : a->cblas && info == 0;
  else
    out->position = info >= 1 && info <= n + 1 ? info : 0;
}

const char *errors_position_name(const errors_args *a, int position) {
  static const char kinds[] = "SUTtDMNKLR123ij";
  static const char *const names[] = {"side", "uplo", "trans", "transb", "diag", "m", "n", "k",
                                      "kl", "ku", "lda", "ldb", "ldc", "incx", "incy"};
  if (position == 1) return "order";
  int i = position - 2;
  if (i < 0 || i >= (int)strlen(a->r->args)) return "none";
  const char *k = strchr(kinds, a->r->args[i]);
  return k ? names[k - kinds] : "operand";
}
