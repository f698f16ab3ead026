# stb_image (Debian's prebuilt libstb0, libstb-dev 0.0~git20220908.8b5f1f3+ds-1: the stb headers
# compiled into one shared library): one of the PNG decoders the MoCo family's libpng target
# compares pixels with (mlf_stb_decode.c).
LIB_stb_LDFLAGS := -lstb
LIB_stb_SRC := harnesses/libraries/stb/mlf_stb_decode.c
LIB_stb_SHARED := /usr/lib/x86_64-linux-gnu/libstb.so
