# MoCo family: programs of library calls (code blocks) in templates, derived by MoCo's
# operators. libpng and FANN are built here from their Debian sources (harnesses/libraries/).
moco_LIBRARIES := libpng fann
# XNNPACK's operator API: Debian's prebuilt library, linked as the LEMON family links it.
moco_LDFLAGS := -lXNNPACK -lpthreadpool -lpthread
