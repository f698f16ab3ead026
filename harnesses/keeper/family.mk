# Keeper family (../shared/papers/keeper-icse22.txt): scenes made real by pseudo-inverse
# functions (text rendered with real fonts, transcripts spoken by real synthesisers) fed to
# real OCR and speech recognisers, judged by metamorphic, contract and differential oracles.
# Each medium has its own make fragment: ocr.mk (Tesseract, ocrad, the text renderer) and
# speech.mk (PocketSphinx, the synthesisers and resamplers); they set the per-target
# <target>_LIBRARIES, <target>_SUPPORT and keeper_LDFLAGS additions.
include $(filter-out harnesses/keeper/family.mk,$(wildcard harnesses/keeper/*.mk))
