/* The replay driver's --minimize (mlf_minimize.c). */
#ifndef MLF_MINIMIZE_H
#define MLF_MINIMIZE_H
/* argv[0] is "--minimize"; returns the exit status. */
int mlf_minimize_main(const char *who, int argc, char **argv);
#endif
