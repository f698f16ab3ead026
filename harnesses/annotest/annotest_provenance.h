/* Where an object a generator made came from, for the oracles of the aNNoTest family: a trained
 * model's problem (an oracle predicts on its rows). At most ANNOTEST_PROVENANCE_MAX objects at
 * once (an input builds a few). */
#ifndef ANNOTEST_PROVENANCE_H
#define ANNOTEST_PROVENANCE_H
#define ANNOTEST_PROVENANCE_MAX 32

/* Records that object came from origin; -1 when the table is full. */
int annotest_remember(const void *object, const void *origin);
/* The origin recorded for object, or NULL. */
const void *annotest_origin_of(const void *object);
/* Drops object's record (before the object is freed). */
void annotest_forget(const void *object);
/* The distinct values of y[0 .. l) as integers, in order of first appearance, into label (room
 * for l); their number. */
int annotest_distinct_labels(const double *y, int l, int *label);
/* 1 when v is one of label[0 .. n). */
int annotest_is_label(const int *label, int n, double v);
#endif
