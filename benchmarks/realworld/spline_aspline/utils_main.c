/* utils.c with the definitions of spline's Makefile (DEFS). */
#define _GNU_SOURCE
#define HAVE_GETLINE
#include "utils.c"
