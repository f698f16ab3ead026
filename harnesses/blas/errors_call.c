/* One generic caller for every routine and both interfaces, by signature shape.
 *
 * In the x86-64 System V ABI, integer-class arguments (int, size_t, pointers) go to rdi, rsi,
 * rdx, rcx, r8, r9 and then to 8-byte stack slots in order, and float/double arguments go to
 * xmm0..xmm7 independently of them: a call's register and stack state depends only on the
 * order of the integer-class arguments among themselves and of the floating-point ones among
 * themselves, not on how the two interleave. Every call here has at most two floating-point
 * arguments (CBLAS alpha and beta by value), all of one type, so two function-pointer types
 * express every routine: (float, float, 16 integers) and (double, double, 16 integers). The
 * arguments are laid out by walking the routine's argument list (errors_routines.h):
 *   Fortran: every argument by reference, then one hidden size_t length (1) per CHARACTER
 *            argument, as gfortran passes them;
 *   CBLAS:   the layout, enums and integers as int, real scalars by value, complex scalars,
 *            arrays and vectors by pointer.
 * Unused trailing integer or floating-point arguments are never read by the callee: the ABI
 * leaves argument registers it does not declare alone and the caller pops the stack. int
 * arguments travel sign-extended in 64-bit slots, of which the callee reads the low half. */
#include "errors_call.h"

#include <stdint.h>
#include <string.h>

#define MAX_INTS 16
#define INTS(v)                                                                             \
  v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], v[11], v[12], v[13], \
      v[14], v[15]
#define INT_PARAMS                                                                        \
  intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, \
      intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t
typedef void (*single_shape)(float, float, INT_PARAMS);
typedef void (*double_shape)(double, double, INT_PARAMS);

/* alpha and beta: nonzero parts, so no quick return hides a check behind a zero scalar. */
const double errors_scalar_values[2][2] = {{0.5, -0.25}, {0.75, 0.5}};

typedef struct {
  intptr_t ints[MAX_INTS];
  int n_ints;
  double fp[2];
  int n_fp;
  /* What the Fortran interface's references point at. */
  char chars[ERRORS_MAX_ARGS];
  int integers[ERRORS_MAX_ARGS];
  union {
    float f[2];
    double d[2];
  } scalars[ERRORS_MAX_ARGS];
} frame;

static void push(frame *f, intptr_t v) {
  if (f->n_ints < MAX_INTS) f->ints[f->n_ints++] = v;
}

static void *operand(const errors_operands *ops, char kind) {
  switch (kind) {
    case 'A': return ops->a;
    case 'B': return ops->b;
    case 'C': return ops->c;
    case 'P': return ops->p;
    case 'x': return ops->x;
    default: return ops->y;
  }
}

/* Scalar argument i, the which-th scalar of the list (alpha, beta): by reference in Fortran
 * and for complex CBLAS scalars, by value for real CBLAS scalars. */
static void push_scalar(frame *f, const errors_args *a, int i, int which, int real) {
  int dbl = a->letter == 'd' || a->letter == 'z';
  int complex = (a->letter == 'c' || a->letter == 'z') && !real;
  const double *v = errors_scalar_values[which > 1 ? 1 : which];
  for (int part = 0; part < 2; part++) {
    double x = part && !complex ? 0 : v[part];
    if (dbl) f->scalars[i].d[part] = x;
    else f->scalars[i].f[part] = (float)x;
  }
  if (a->cblas && !complex) {
    if (f->n_fp < 2) f->fp[f->n_fp++] = v[0];
  } else {
    push(f, (intptr_t)&f->scalars[i]);
  }
}

void errors_call(void (*fn)(void), const errors_args *a, const errors_operands *ops) {
  frame f;
  memset(&f, 0, sizeof f);
  int n_chars = 0, n_scalars = 0;
  if (a->cblas) push(&f, a->order);
  for (int i = 0; a->r->args[i]; i++) {
    char kind = a->r->args[i];
    switch (kind) {
      case 'S': case 'U': case 'T': case 't': case 'D':
        if (a->cblas) {
          push(&f, a->value[i]);
        } else {
          f.chars[i] = (char)a->value[i];
          push(&f, (intptr_t)&f.chars[i]);
          n_chars++;
        }
        break;
      case 'a': case 'r': push_scalar(&f, a, i, n_scalars++, kind == 'r'); break;
      case 'A': case 'B': case 'C': case 'P': case 'x': case 'y':
        push(&f, (intptr_t)operand(ops, kind));
        break;
      default: /* dimensions, leading dimensions, increments */
        if (a->cblas) {
          push(&f, a->value[i]);
        } else {
          f.integers[i] = a->value[i];
          push(&f, (intptr_t)&f.integers[i]);
        }
    }
  }
  for (int c = 0; c < n_chars; c++) push(&f, 1); /* hidden CHARACTER lengths */
  if (a->letter == 'd' || a->letter == 'z')
    ((double_shape)fn)(f.fp[0], f.fp[1], INTS(f.ints));
  else
    ((single_shape)fn)((float)f.fp[0], (float)f.fp[1], INTS(f.ints));
}
