# MoCo family: programs of library calls (code blocks) in templates, derived by MoCo's
# operators. libpng and FANN are built here from their Debian sources (harnesses/libraries/);
# oneDNN is Debian's prebuilt libdnnl 2.6.3 with the shared session code (harnesses/libraries/onednn);
# libspng, LodePNG and stb_image (Debian's binaries) decode every PNG moco_png writes
# (png_decoders.h).
moco_LIBRARIES := libpng fann onednn spng lodepng stb
# XNNPACK's operator API: Debian's prebuilt library, linked as the LEMON family links it.
moco_LDFLAGS := -lXNNPACK -lpthreadpool -lpthread
