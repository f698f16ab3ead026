# The level-2/3 relations' unit test links the harness code it drives against a fake BLAS.
$(OUT)/tests/test_level23_relations: $(call obj,unit,$(filter-out harnesses/blas/level23_emit%.c,$(wildcard harnesses/blas/level23_*.c)) \
  $(addprefix harnesses/blas/,blas_structure.c blas_operand.c blas_product_reference.c blas_allowed.c \
  blas_verdict.c blas_known_crashes.c))
# The verdict's naming of deviant semantics drives the product reference it reads.
$(OUT)/tests/test_blas_verdict: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c blas_verdict.c))
# The LAPACK spectrum judges in the subnormal range, on constructed matrices, and the
# least-squares judge's minimum-norm check (no library call).
$(OUT)/tests/test_lapack_spectrum: $(call obj,unit,$(addprefix harnesses/blas/,lapack_construct.c \
  lapack_dense.c lapack_judge.c lapack_judge_spectrum.c lapack_judge_least_squares.c lapack_check.c \
  blas_operand.c))
# The ?gecon judge: which factors bound rcond (no library call).
$(OUT)/tests/test_lapack_gecon: $(call obj,unit,$(addprefix harnesses/blas/,lapack_dense.c \
  lapack_judge.c lapack_judge_factor.c lapack_check.c blas_operand.c))
# The level-1 increment rules: the post-processor and the reference, judge and vectors it drives.
$(OUT)/tests/test_level1_increments: $(call obj,unit,$(addprefix harnesses/blas/,level1_problem.c \
  level1_reference.c level1_sequence.c blas_allowed.c level1_judge.c level1_range.c level1_vector.c blas_operand.c))
# The rotmg hang predicate is checked against the installed reference BLAS (dlopen).
$(OUT)/tests/test_level1_rotmg_hang: $(call obj,unit,harnesses/blas/level1_known_crashes.c)
$(OUT)/tests/test_level1_rotmg_hang: TEST_LDLIBS := -ldl
# How a library's error report is read into a CBLAS position (errors_normalise).
$(OUT)/tests/test_errors_normalise: $(call obj,unit,harnesses/blas/errors_rules.c)
# The empty-sum allowed set of the verdict, on the product reference.
$(OUT)/tests/test_blas_empty_sum: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c blas_verdict.c))
# The allowed infinities (infinite alpha, overflow) of the verdict, on the product reference.
$(OUT)/tests/test_blas_infinity_sign: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c blas_verdict.c))
# The range the mathematics fixes for level-1 norms.
$(OUT)/tests/test_level1_norm_range: $(call obj,unit,harnesses/blas/level1_range.c)
# The beta-over-alpha semantics (ATLAS's generated kernels) of the verdict, on the product reference.
$(OUT)/tests/test_blas_beta_over_alpha: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c blas_verdict.c))
# The beta-as-zero semantics of the verdict for finite results (beta C left out), on the product reference.
$(OUT)/tests/test_blas_beta_as_zero: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c blas_verdict.c))
# The allowed non-finite results of complex elements and level-1 sums (blas_allowed.h).
$(OUT)/tests/test_blas_complex_allowed: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c blas_verdict.c))
# The generated LAPACK reproducers of every routine, built and run against netlib (clang-16).
$(OUT)/tests/test_lapack_emit: $(call obj,unit,$(addprefix harnesses/blas/,lapack_emit.c lapack_emit_runtime.c \
  lapack_check.c lapack_case.c lapack_call.c lapack_construct.c lapack_dense.c lapack_judge_invalid.c lapack_judge.c lapack_backends.c \
  blas_operand.c) harnesses/libraries/debian_blas_lapack/mlf_blas_libraries.c)
$(OUT)/tests/test_lapack_emit: TEST_LDLIBS := -ldl
# The beta-times-unit and product-times-unit semantics (BLIS, ATLAS and OpenBLAS multiplying
# beta, or the sum of the products, by (1, 0) with the textbook formula) of the verdict.
$(OUT)/tests/test_blas_times_unit: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c blas_verdict.c))
# Which deviant semantics the verdict may skip (blas_product_semantics_differs), on the product reference.
$(OUT)/tests/test_blas_semantics_differs: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_allowed.c))
