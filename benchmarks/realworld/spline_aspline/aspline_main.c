/* aspline.c's main, renamed so the driver (spline_aspline.c) can call it;
 * the definitions are those of spline's Makefile (DEFS). */
#define _GNU_SOURCE
#define HAVE_GETLINE
#define VERSION "1.2"
#define main aspline_main
#include "aspline.c"
