/* config.h.  Generated from config.h.in by configure.  */
/* config.h.in (GLPK configuration template file) */

#define HAVE_SYS_TIME_H 1
/* defined if the <sys/time.h> header can be used */

#define HAVE_GETTIMEOFDAY 1
/* defined if the gettimeofday function can be used */

/* #undef HAVE_GMP */
/* defined if the GNU MP bignum library is available */
/* requires <gmp.h> and -lgmp */

/* #undef HAVE_LTDL */
/* defined if the GNU Libtool shared library support is enabled */
/* requires <ltdl.h> and -lltdl */

/* #undef HAVE_DLFCN */
/* defined if the POSIX shared library support is enabled */
/* requires <dlfcn.h> */

/* #undef ODBC_DLNAME */
/* ODBC shared library name if this feature is enabled */

/* #undef MYSQL_DLNAME */
/* MySQL shared library name if this feature is enabled */

#define TLS _Thread_local
/* thread local storage-class specifier for re-entrancy (if any) */

/* eof */
