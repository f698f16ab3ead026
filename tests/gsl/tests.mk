# Unit tests of the family's GSL-independent parts.
$(OUT)/tests/test_correlation_relations: $(call obj,unit,harnesses/gsl/correlation_relations.c harnesses/gsl/correlation_moments.c)
$(OUT)/tests/test_gsl_running_oracles: $(call obj,unit,harnesses/gsl/tracked_arith.c harnesses/gsl/movstat_window.c harnesses/gsl/movstat_running.c harnesses/gsl/movstat_verdict.c harnesses/gsl/fft_bound.c)
$(OUT)/tests/test_gsl_statistics_reference: $(call obj,unit,$(filter-out harnesses/gsl/statistics_call.c harnesses/gsl/statistics_domain.c harnesses/gsl/statistics_identities.c harnesses/gsl/statistics_known.c harnesses/gsl/statistics_emit.c harnesses/gsl/statistics_relations%.c,$(wildcard harnesses/gsl/statistics_*.c)))
$(OUT)/tests/test_fit_truth: $(call obj,unit,harnesses/gsl/fit_truth.c harnesses/gsl/fit_replay.c harnesses/gsl/movstat_reference.c harnesses/gsl/movstat_verdict.c harnesses/gsl/movstat_window.c harnesses/gsl/tracked_arith.c)
$(OUT)/tests/test_gsl_statistics_invariants: $(call obj,unit,harnesses/gsl/statistics_invariants.c harnesses/gsl/statistics_log.c harnesses/gsl/statistics_order.c harnesses/gsl/statistics_reference.c harnesses/gsl/statistics_moments.c harnesses/gsl/statistics_wmoments.c harnesses/gsl/statistics_quantity.c harnesses/gsl/statistics_problem.c)
$(OUT)/tests/test_gsl_statistics_known: $(call obj,unit,harnesses/gsl/statistics_known.c)
