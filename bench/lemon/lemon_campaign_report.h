/* The campaign bench's table: one row per mode, the paper's Table 5 per library pair, the
 * rules' amplification ratios and the unique finding tags, for n modes side by side. */
#ifndef LEMON_CAMPAIGN_REPORT_H
#define LEMON_CAMPAIGN_REPORT_H
#include <stdio.h>
#include "lemon_campaign_stats.h"

void campaign_report(FILE *out, const char *const *mode_names, const campaign_stats *const *st,
                     size_t n);
#endif
