/* Evaluation subject for the Keeper loop, not a fuzz target (subject.h). A bill reminder reads
 * "DUE <date>" and flags bills due before 1 June 2024.
 * Intended: "overdue" or "pending" from the due date, written 2024-03-15 or 15.03.2024;
 * "no date" without one.
 * Defect (number parsing): only the ISO form is parsed; a day.month.year date reads as no date. */
#include <stdio.h>
#include <string.h>
#include "subject.h"

KEEPER_SUBJECT(ocr_due_date) {
  (void)confidence;
  const char *due = strstr(api_text, "DUE");
  int y, m, d;
  if (!due || sscanf(due + 3, " %4d-%2d-%2d", &y, &m, &d) != 3) return "no date";
  if (y * 10000 + m * 100 + d < 20240601) return "overdue";
  return "pending";
}
