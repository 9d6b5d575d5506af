/* wasm_threads.c — C11 <threads.h> for wasi-libc, which declares it but
 * has no threads: the browser build links this instead. A page runs the
 * library in one thread (the solver in a Web Worker of its own), so a lock
 * has nobody to wait for and a thread can never be created.
 *
 * Why this keeps libhako's behaviour: the only user is src/portfolio.c,
 * and the page asks for one thread (options.threads = 1), which never
 * creates one. Were more asked for, thrd_create failing is already a
 * case portfolio.c handles: the group runs in the calling thread, after
 * its own. Nothing in src/ changes for the browser. */
#include <threads.h>

int thrd_create(thrd_t *thread, thrd_start_t start, void *argument)
{
	(void)thread;
	(void)start;
	(void)argument;
	return thrd_error;
}

int thrd_join(thrd_t thread, int *result)
{
	(void)thread;
	(void)result;
	return thrd_error;
}

int mtx_init(mtx_t *mutex, int type)
{
	(void)mutex;
	(void)type;
	return thrd_success;
}

void mtx_destroy(mtx_t *mutex)
{
	(void)mutex;
}

int mtx_lock(mtx_t *mutex)
{
	(void)mutex;
	return thrd_success;
}

int mtx_unlock(mtx_t *mutex)
{
	(void)mutex;
	return thrd_success;
}

int cnd_init(cnd_t *condition)
{
	(void)condition;
	return thrd_success;
}

void cnd_destroy(cnd_t *condition)
{
	(void)condition;
}

int cnd_signal(cnd_t *condition)
{
	(void)condition;
	return thrd_success;
}

/* Only waited on while a worker thread runs, and none ever does. */
int cnd_timedwait(cnd_t *restrict condition, mtx_t *restrict mutex,
                  const struct timespec *restrict until)
{
	(void)condition;
	(void)mutex;
	(void)until;
	return thrd_timedout;
}
