# libspng 0.7.3 (Debian's prebuilt libspng0, libspng-dev 0.7.3-3): one of the PNG decoders the
# MoCo family's libpng target compares pixels with (mlf_spng_decode.c).
LIB_spng_LDFLAGS := -lspng
LIB_spng_SRC := harnesses/libraries/spng/mlf_spng_decode.c
LIB_spng_SHARED := /usr/lib/x86_64-linux-gnu/libspng.so
