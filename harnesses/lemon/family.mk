# LEMON family: DL kernel libraries (oneDNN 2.6.3 C API through harnesses/libraries/onednn,
# XNNPACK 2022 subgraph and operator API with its pthreadpool), both Debian's prebuilt
# binaries, against a double-precision reference interpreter.
lemon_LIBRARIES := onednn
lemon_LDFLAGS := -lXNNPACK -lpthreadpool -lpthread
