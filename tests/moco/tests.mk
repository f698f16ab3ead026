# The MoCo libpng test drives the oracles directly (png_judge.c calls no libpng function).
$(OUT)/tests/test_moco_png: $(call obj,unit,harnesses/moco/png_judge.c)
