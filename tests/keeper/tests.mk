# Keeper tests: each medium's fragment (tests/keeper/ocr.mk, tests/keeper/speech.mk) adds the
# harness objects and libraries its tests link.
include $(filter-out tests/keeper/tests.mk,$(wildcard tests/keeper/*.mk))
