# Every MoCo test shares tests/moco/moco_test_programs.c (packing, operators, the
# post-processor loop, references).
# The MoCo libpng test drives the oracles directly (png_judge.c calls no libpng function;
# moco_run.c resolves arguments and names the negative call).
$(OUT)/tests/test_moco_png: $(call obj,unit,tests/moco/moco_test_programs.c harnesses/moco/png_judge.c harnesses/moco/moco_run.c)
# The MoCo XNNPACK test drives the judge and the reference directly (neither calls XNNPACK).
$(OUT)/tests/test_moco_xnn: $(call obj,unit,tests/moco/moco_test_programs.c harnesses/moco/xnn_judge.c harnesses/moco/xnn_reference.c harnesses/moco/moco_run.c)
# The MoCo FANN test drives the oracles directly (fann_judge.c and fann_outcome.c call no FANN
# function).
$(OUT)/tests/test_moco_fann: $(call obj,unit,tests/moco/moco_test_programs.c harnesses/moco/fann_judge.c harnesses/moco/fann_outcome.c harnesses/moco/moco_run.c)
# The MoCo oneDNN test drives the oracles directly (dnnl_judge.c, with dnnl_data.c for element
# offsets) on descriptors oneDNN builds.
$(OUT)/tests/test_moco_dnnl: $(call obj,unit,tests/moco/moco_test_programs.c harnesses/moco/dnnl_judge.c harnesses/moco/dnnl_data.c harnesses/moco/moco_run.c) \
  $(LIB_onednn_SHARED)
# The PNG decoder differential decodes with Debian's binary libpng (the test writes its PNGs
# with it too) and the Debian decoders the target links.
$(OUT)/tests/test_png_decoders: $(call obj,unit,harnesses/moco/png_decoders.c harnesses/moco/png_mutate.c $(LIB_libpng_SRC) \
  $(LIB_spng_SRC) $(LIB_lodepng_SRC) $(LIB_stb_SRC)) /usr/lib/x86_64-linux-gnu/libpng16.so \
  $(LIB_spng_SHARED) $(LIB_lodepng_SHARED) $(LIB_stb_SHARED) -lz
# The oneDNN reference test runs convolutions, inner products and matmuls in Debian's binary
# oneDNN (through the session code) and checks them with the reference written here.
$(OUT)/tests/test_moco_dnnl_reference: $(call obj,unit,harnesses/moco/dnnl_reference.c harnesses/moco/dnnl_bound.c \
  harnesses/moco/dnnl_data.c $(LIB_onednn_SRC)) $(LIB_onednn_SHARED)
