# libpng 1.6.39 built here from its Debian source (recipe.sh), one static library with the
# sanitizers and coverage (both engines link it: Makefile, source_library), and zlib as Debian ships it. Used by the
# MoCo family (programs of libpng calls); the rendered-input family will decode PNG files with it.
$(eval $(call source_library,libpng,libpng16.a))
LIB_libpng_LDFLAGS := -lz
# Its decode into the canonical RGBA form the other PNG decoders are compared with.
LIB_libpng_SRC := harnesses/libraries/libpng/mlf_libpng_decode.c
