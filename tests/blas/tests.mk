# The level-2/3 relations' unit test links the harness code it drives against a fake BLAS.
$(OUT)/tests/test_level23_relations: $(call obj,unit,$(filter-out harnesses/blas/level23_emit%.c,$(wildcard harnesses/blas/level23_*.c)) \
  $(addprefix harnesses/blas/,blas_structure.c blas_operand.c blas_product_reference.c \
  blas_verdict.c blas_known_crashes.c))
# The verdict's naming of deviant semantics drives the product reference it reads.
$(OUT)/tests/test_blas_verdict: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_verdict.c))
# The empty-sum allowed set of the verdict, on the product reference.
$(OUT)/tests/test_blas_empty_sum: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_verdict.c))
# The allowed infinities (infinite alpha, overflow) of the verdict, on the product reference.
$(OUT)/tests/test_blas_infinity_sign: $(call obj,unit,$(addprefix harnesses/blas/,blas_operand.c \
  blas_product_reference.c blas_verdict.c))
# The range the mathematics fixes for level-1 norms.
$(OUT)/tests/test_level1_norm_range: $(call obj,unit,harnesses/blas/level1_range.c)
