# MoCo family: programs of library calls (code blocks) in templates, derived by MoCo's
# operators. libpng and FANN are built here from their Debian sources (harnesses/libraries/);
# oneDNN is Debian's prebuilt libdnnl 2.6.3 with the shared session code (harnesses/libraries/onednn).
moco_LIBRARIES := libpng fann onednn
# XNNPACK's operator API: Debian's prebuilt library, linked as the LEMON family links it.
moco_LDFLAGS := -lXNNPACK -lpthreadpool -lpthread
