# The MoCo libpng test drives the oracles directly (png_judge.c calls no libpng function;
# moco_run.c resolves arguments and names the negative call).
$(OUT)/tests/test_moco_png: $(call obj,unit,harnesses/moco/png_judge.c harnesses/moco/moco_run.c)
