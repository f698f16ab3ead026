# FANN 2.2.0 built here from its Debian source (recipe.sh), one static library with the
# sanitizers and coverage (both engines link it: Makefile, source_library), holding the float, double and fixed builds
# under prefixed names (recipe.sh; fann_flavour.h). Used by the MoCo family (programs of FANN
# calls).
# Without UBSan's pointer-overflow check: FANN sizes its layers by offsetting a NULL pointer
# (fann.c:141-142 in fann_create_sparse_array, fann.c:432-433 in fann_create_shortcut_array,
# and fann_io.c when it loads a network: `first_neuron = NULL; last_neuron = first_neuron +
# layers[i]`), undefined behaviour that every network creation hits, so the check would stop
# every program at its first block. Every other UBSan check and ASan stay on.
# With FANN_NO_SEED, FANN's own compile switch (fann.c:30): otherwise fann_create_sparse_array
# and fann_create_shortcut_array (hence every create) reseed rand() from /dev/urandom
# (fann_seed_rand, fann.c:1770), overriding the harness's srand(data_seed), and a reproducer's
# weights would differ on every replay. It changes nothing but where rand() starts.
$(eval $(call source_library,fann,libfann.a))
LIB_fann_CFLAGS := -fno-sanitize=pointer-overflow -DFANN_NO_SEED
LIB_fann_LDFLAGS := -lm
