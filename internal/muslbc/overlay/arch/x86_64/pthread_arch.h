/* floatsym: the thread pointer is a C function (src/floatsym/glue.c)
 * returning the one thread's struct pthread, not %fs:0. */
uintptr_t __floatsym_musl_tp(void);

static inline uintptr_t __get_tp()
{
	return __floatsym_musl_tp();
}

#define MC_PC gregs[REG_RIP]
