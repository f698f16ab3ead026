/* The replay driver's --minimize (mlf_minimize.c). */
#ifndef MLF_MINIMIZE_H
#define MLF_MINIMIZE_H
/* main's arguments (argv[1] is "--minimize"); returns the exit status. */
int mlf_minimize_main(int argc, char **argv);
#endif
