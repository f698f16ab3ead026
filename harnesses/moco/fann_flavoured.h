/* The moco_fann harness code that exists once per FANN build (fann_template.c,
 * fann_template_net.c, fann_template_data.c, fann_template_files.c, fann_snapshot.c,
 * fann_program.c compiled as they are for the float build, and again through the
 * *_double.c files for the double build): FANN's header of the build FANN_FLAVOUR names
 * (float when none), and these functions' names carrying the build's name like FANN's own
 * (libraries/fann/fann_flavour.h), so the builds link side by side. */
#ifndef FANN_FLAVOURED_H
#define FANN_FLAVOURED_H
#ifndef FANN_FLAVOUR
#define FANN_FLAVOUR float
#endif
#include "libraries/fann/fann_flavour.h"
#include "fann_template.h"
#include "mlf_report.h"

#define fann_template_run FANN_FLAVOURED(fann_template_run)
#define fann_program_run FANN_FLAVOURED(fann_program_run)
#define fann_program_run_with_fixed FANN_FLAVOURED(fann_program_run_with_fixed)
#define fann_param_of_api FANN_FLAVOURED(fann_param_of_api)
#define fann_api_of_param FANN_FLAVOURED(fann_api_of_param)
#define fann_param_name FANN_FLAVOURED(fann_param_name)
#define fann_param_as_stored FANN_FLAVOURED(fann_param_as_stored)
#define fann_param_saved_as FANN_FLAVOURED(fann_param_saved_as)
#define fann_read_params FANN_FLAVOURED(fann_read_params)
#define fann_snapshot_net FANN_FLAVOURED(fann_snapshot_net)
#define fann_param_through_file FANN_FLAVOURED(fann_param_through_file)
#define fann_compare_nets FANN_FLAVOURED(fann_compare_nets)
#define fann_snapshot_data FANN_FLAVOURED(fann_snapshot_data)
#define fann_data_snapshot_free FANN_FLAVOURED(fann_data_snapshot_free)
#define fann_compare_data FANN_FLAVOURED(fann_compare_data)
#define fann_net_call FANN_FLAVOURED(fann_net_call)
#define fann_net_destroy FANN_FLAVOURED(fann_net_destroy)
#define fann_net_inherit_expected FANN_FLAVOURED(fann_net_inherit_expected)
#define fann_data_call FANN_FLAVOURED(fann_data_call)
#define fann_data_check_finite FANN_FLAVOURED(fann_data_check_finite)
#define fann_data_destroy FANN_FLAVOURED(fann_data_destroy)
#define fann_file_save FANN_FLAVOURED(fann_file_save)
#define fann_file_load FANN_FLAVOURED(fann_file_load)
#define fann_file_remove_net FANN_FLAVOURED(fann_file_remove_net)
#define fann_file_remove_data FANN_FLAVOURED(fann_file_remove_data)

/* Runs program p (fann_template.h). o must be zeroed but for its target and with_fixed. */
void fann_template_run(const Mlf__Moco__Program *p, fann_outcome *o);
/* A target's run function on a FannProgram (fann_program.c); the second one also checks every
 * network the program saves on FANN's fixed build (moco_fann_fixed). */
void fann_program_run(const ProtobufCMessage *msg, mlf_run *run);
void fann_program_run_with_fixed(const ProtobufCMessage *msg, mlf_run *run);
#endif
