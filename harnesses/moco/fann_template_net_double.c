/* fann_template_net.c on FANN's double build (fann_type = double; fann_flavoured.h). */
#define FANN_FLAVOUR double
#include "fann_template_net.c"
