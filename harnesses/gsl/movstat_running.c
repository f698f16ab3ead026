/* Replay of gsl_movstat_apply_accum for sumacc and mvacc (see movstat_running.h). */
#include "movstat_running.h"
#include <stdlib.h>

typedef struct {
  double *ring;  /* the window's values, oldest at head */
  size_t cap, head, count;
  tracked_double sum, mean, m2;
  size_t k;      /* mvacc's sample count */
} accum;

static double oldest(const accum *a) { return a->ring[a->head]; }

static void pop_oldest(accum *a) {
  a->head = (a->head + 1) % a->cap;
  a->count--;
}

static void push(accum *a, double x) {
  a->ring[(a->head + a->count) % a->cap] = x;
  a->count++;
}

/* sumacc_insert and the mvacc_insert it pairs with, one value. */
static void insert(accum *a, double xv) {
  tracked_double x = tracked_exact(xv);
  if (a->count == a->cap) {
    tracked_double old = tracked_exact(oldest(a)), prev_mean = a->mean;
    a->sum = tracked_add(tracked_sub(a->sum, old), x);
    a->mean = tracked_add(a->mean, tracked_div(tracked_sub(x, old), tracked_exact((double)a->cap)));
    a->m2 = tracked_add(a->m2, tracked_mul(tracked_add(tracked_sub(old, prev_mean), tracked_sub(x, a->mean)),
                                           tracked_sub(x, old)));
    pop_oldest(a);
  } else {
    tracked_double delta = tracked_sub(x, a->mean);
    a->sum = tracked_add(a->sum, x);
    a->k++;
    a->mean = tracked_add(a->mean, tracked_div(delta, tracked_exact((double)a->k)));
    a->m2 = tracked_add(a->m2, tracked_mul(delta, tracked_sub(x, a->mean)));
  }
  push(a, xv);
}

/* sumacc_delete and mvacc_delete. */
static void delete_oldest(accum *a) {
  if (a->count == 0) return;
  tracked_double old = tracked_exact(oldest(a));
  a->sum = tracked_sub(a->sum, old);
  if (a->k > 1) {
    tracked_double delta = tracked_sub(a->mean, old);
    a->mean = tracked_add(a->mean, tracked_div(delta, tracked_exact((double)a->k - 1.0)));
    a->m2 = tracked_sub(a->m2, tracked_mul(delta, tracked_sub(a->mean, old)));
  } else if (a->k == 1) {
    a->mean = a->m2 = tracked_exact(0.0);
  }
  pop_oldest(a);
  a->k--;
}

static void read_out(const accum *a, movstat_running_out *o) {
  o->sum = a->sum;
  o->mean = a->mean;
  o->variance = a->k < 2 ? tracked_exact(0.0)
                         : tracked_div(a->m2, tracked_exact((double)a->k - 1.0));
}

int movstat_running(const movstat_layout *l, movstat_running_out *out) {
  const long n = (long)l->n, H = (long)l->H, J = (long)l->J;
  accum a = {0};
  a.cap = l->H + l->J + 1;
  a.ring = malloc(a.cap * sizeof *a.ring);
  if (!a.ring) return -1;
  a.sum = a.mean = a.m2 = tracked_exact(0.0);
  int truncate = l->end == GSL_MOVSTAT_END_TRUNCATE;
  double first = l->end == GSL_MOVSTAT_END_PADVALUE ? l->x[0] : 0.0;
  double last = l->end == GSL_MOVSTAT_END_PADVALUE ? l->x[n - 1] : 0.0;
  if (!truncate)
    for (long i = 0; i < H; i++) insert(&a, first);
  for (long i = 0; i < n; i++) {
    insert(&a, l->x[i]);
    if (i - J >= 0) read_out(&a, &out[i - J]);
  }
  if (truncate) {
    for (long i = n - J > 0 ? n - J : 0; i < n; i++) {
      if (i - H > 0) delete_oldest(&a);
      read_out(&a, &out[i]);
    }
  } else {
    for (long i = 0; i < J; i++) {
      insert(&a, last);
      if (n - J + i >= 0) read_out(&a, &out[n - J + i]);
    }
  }
  free(a.ring);
  return 0;
}
