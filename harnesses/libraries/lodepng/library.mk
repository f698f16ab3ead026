# LodePNG (Debian's prebuilt liblodepng0, liblodepng-dev 0.0~git20220618.b4ed2cd-3), compiled by
# Debian as C++ (its symbols are C++-mangled; mlf_lodepng_decode.c binds them by name): one of
# the PNG decoders the MoCo family's libpng target compares pixels with (its C++ runtime comes
# with it: liblodepng.so.0 needs libstdc++.so.6).
LIB_lodepng_LDFLAGS := -llodepng
LIB_lodepng_SRC := harnesses/libraries/lodepng/mlf_lodepng_decode.c
LIB_lodepng_SHARED := /usr/lib/x86_64-linux-gnu/liblodepng.so
