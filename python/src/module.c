/* module.c — the Python module `hako`: solve (the GIL released while the
 * search runs; Ctrl-C cancels it), dead_squares, and the module's types
 * and exceptions. */
#include "hako_py.h"

#include <stdlib.h>

PyObject *py_read_collection(PyObject *module, PyObject *arg);

static PyTypeObject result_type;

static PyStructSequence_Field result_fields[] = {
    {"status", "solved, unsolvable, timeout, memout, node-limit or cancelled"},
    {"solution", "LURD (pushes uppercase) when solved, else None"},
    {"moves", "the solution's moves (0 when not solved)"},
    {"pushes", "the solution's pushes (0 when not solved)"},
    {"nodes", "nodes expanded"},
    {"seconds", "wall time of the search"},
    {"optimal", "'pushes' or 'moves' when that was asked (a solved result is optimal "
                "in it), else None"},
    {"engine", "the fast mode's search that decided: 'fess', 'bidir', 'order', "
               "'bidir-newest', 'bidir-hf' or 'fess-plain'; None in the optimal modes "
               "and when none decided"},
    {"lower_bound", "in the optimal modes, the pushes or moves the optimum is proven to be "
                    "at least (the optimum when solved); None in the fast mode and for an "
                    "unsolvable level"},
    {NULL, NULL}};

static PyStructSequence_Desc result_desc = {"hako.Result", "What hako.solve found.", result_fields,
                                            9};

/* The progress callback, on the solving thread (the caller's): take the
 * GIL back for a moment to see whether Ctrl-C (or another signal whose
 * handler raises) arrived; the exception stays set for the caller. */
typedef struct solve_watch {
	int raised;
} solve_watch;

static int solve_progress(void *user, const hako_stats *stats)
{
	(void)stats;
	solve_watch *watch = user;
	PyGILState_STATE gil = PyGILState_Ensure();
	if (PyErr_CheckSignals() != 0)
		watch->raised = 1;
	PyGILState_Release(gil);
	return watch->raised;
}

static int parse_optimal(PyObject *value, hako_optimality *out)
{
	if (value == Py_None || value == NULL) {
		*out = HAKO_OPTIMAL_NONE;
		return 0;
	}
	const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8(value) : NULL;
	if (text && strcmp(text, "pushes") == 0)
		*out = HAKO_OPTIMAL_PUSHES;
	else if (text && strcmp(text, "moves") == 0)
		*out = HAKO_OPTIMAL_MOVES;
	else if (text && strcmp(text, "none") == 0)
		*out = HAKO_OPTIMAL_NONE;
	else {
		PyErr_SetString(PyExc_ValueError, "optimal must be 'pushes', 'moves' or None");
		return -1;
	}
	return 0;
}

static PyObject *result_new(const hako_solve_result *r, hako_optimality optimal)
{
	PyObject *result = PyStructSequence_New(&result_type);
	if (!result)
		return NULL;
	int solved = r->outcome == HAKO_SOLVED && r->solution;
	PyObject *solution = solved ? PyUnicode_FromString(r->solution) : Py_NewRef(Py_None);
	PyObject *kind = optimal == HAKO_OPTIMAL_PUSHES  ? PyUnicode_FromString("pushes")
	                 : optimal == HAKO_OPTIMAL_MOVES ? PyUnicode_FromString("moves")
	                                                 : Py_NewRef(Py_None);
	PyObject *engine = r->engine ? PyUnicode_FromString(r->engine) : Py_NewRef(Py_None);
	int bounded = optimal != HAKO_OPTIMAL_NONE && r->outcome != HAKO_UNSOLVABLE;
	PyObject *bound =
	    bounded ? PyLong_FromUnsignedLongLong(r->stats.lower_bound) : Py_NewRef(Py_None);
	PyObject *items[9] = {PyUnicode_FromString(hako_outcome_name(r->outcome)),
	                      solution,
	                      PyLong_FromLong(solved ? r->moves : 0),
	                      PyLong_FromLong(solved ? r->pushes : 0),
	                      PyLong_FromUnsignedLongLong(r->stats.expanded),
	                      PyFloat_FromDouble(r->stats.seconds),
	                      kind,
	                      engine,
	                      bound};
	int good = 1;
	for (int i = 0; i < 9; i++) {
		good &= items[i] != NULL;
		if (items[i])
			PyStructSequence_SET_ITEM(result, i, items[i]);
	}
	if (!good)
		Py_CLEAR(result);
	return result;
}

static PyObject *py_solve(PyObject *module, PyObject *args, PyObject *kwargs)
{
	(void)module;
	static char *keywords[] = {"level",   "optimal", "time",    "memory",
	                           "threads", "nodes",   "shorten", NULL};
	PyObject *level_arg, *optimal_arg = Py_None;
	double seconds = 60.0;
	Py_ssize_t memory_mib = 1024, threads = 1;
	unsigned long long nodes = 0;
	int shorten = 1;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$OdnnKp:solve", keywords, &level_arg,
	                                 &optimal_arg, &seconds, &memory_mib, &threads, &nodes,
	                                 &shorten))
		return NULL;
	hako_solver_options options;
	hako_solver_options_init(&options);
	if (parse_optimal(optimal_arg, &options.optimal) != 0)
		return NULL;
	if (memory_mib < 1 || memory_mib > (1L << 20) || threads < 1 || threads > 64 ||
	    !(seconds >= 0)) {
		PyErr_SetString(PyExc_ValueError,
		                "want time >= 0 (0: none), memory 1..1048576 MiB, threads 1..64");
		return NULL;
	}
	hako_level *owned;
	const hako_level *level = py_as_playable(level_arg, &owned);
	if (!level)
		return NULL;
	options.time_limit = seconds;
	options.memory_limit = (size_t)memory_mib << 20;
	options.threads = (int)threads;
	options.node_limit = nodes;
	options.shorten = shorten;
	solve_watch watch = {0};
	options.progress = solve_progress;
	options.progress_user = &watch;
	options.progress_interval = 4096;
	hako_solve_result r;
	hako_status st;
	Py_BEGIN_ALLOW_THREADS st = hako_solve(level, &options, &r);
	Py_END_ALLOW_THREADS hako_level_free(owned);
	PyObject *result = NULL;
	if (watch.raised && PyErr_Occurred())
		result = NULL; /* KeyboardInterrupt or the like */
	else if (st == HAKO_ERR_NOMEM)
		PyErr_NoMemory();
	else if (st != HAKO_OK)
		PyErr_Format(py_error, "the level cannot be solved: %s", hako_strerror(st));
	else
		result = result_new(&r, options.optimal);
	hako_solve_result_clear(&r);
	return result;
}

static PyObject *py_dead_squares(PyObject *module, PyObject *arg)
{
	(void)module;
	hako_level *owned;
	const hako_level *level = py_as_playable(arg, &owned);
	if (!level)
		return NULL;
	hako_game *game = NULL;
	hako_status st = hako_game_new(level, &game);
	PyObject *list = st == HAKO_OK ? PyList_New(0) : NULL;
	if (st != HAKO_OK)
		PyErr_SetString(py_error, hako_strerror(st));
	int width = hako_level_width(level), height = hako_level_height(level);
	for (int y = 0; list && y < height; y++)
		for (int x = 0; list && x < width; x++) {
			if (!hako_game_dead_square(game, x, y))
				continue;
			PyObject *square = Py_BuildValue("(ii)", x, y);
			if (!square || PyList_Append(list, square) != 0)
				Py_CLEAR(list);
			Py_XDECREF(square);
		}
	hako_game_free(game);
	hako_level_free(owned);
	return list;
}

static PyMethodDef module_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))py_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(level, *, optimal=None, time=60.0, memory=1024, threads=1, nodes=0, "
     "shorten=True) -> hako.Result\n\n"
     "level is a hako.Level or its XSB text. optimal: None (fastest), 'pushes' or "
     "'moves'. time in seconds (0: none), memory in MiB, nodes: a limit on expanded "
     "nodes (0: none). The GIL is released while the search runs; Ctrl-C cancels it. "
     "Every solution returned has been replayed by the verifier."},
    {"read_collection", py_read_collection, METH_O,
     "read_collection(path) -> list of hako.Level (raises hako.ParseError with line "
     "and column)"},
    {"dead_squares", py_dead_squares, METH_O,
     "dead_squares(level) -> [(x, y), ...]: squares from which a lone box can never "
     "reach a goal (0-based column, row)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "hako",
    "hako: a Sokoban solver (libhako). solve(), read_collection(), Level, Game, "
    "dead_squares().",
    -1,
    module_methods,
    NULL,
    NULL,
    NULL,
    NULL};

static int add_error(PyObject *module, const char *name, PyObject *bases, PyObject **out)
{
	char qualified[64];
	snprintf(qualified, sizeof qualified, "hako.%s", name);
	*out = PyErr_NewException(qualified, bases, NULL);
	return *out ? PyModule_AddObjectRef(module, name, *out) : -1;
}

PyMODINIT_FUNC PyInit_hako(void);
PyMODINIT_FUNC PyInit_hako(void)
{
	PyObject *module = PyModule_Create(&module_def);
	if (!module)
		return NULL;
	if (PyType_Ready(&py_level_type) < 0 ||
	    PyModule_AddObjectRef(module, "Level", (PyObject *)&py_level_type) < 0)
		goto fail;
	if (!result_type.tp_name && PyStructSequence_InitType2(&result_type, &result_desc) < 0)
		goto fail;
	if (PyModule_AddObjectRef(module, "Result", (PyObject *)&result_type) < 0)
		goto fail;
	if (add_error(module, "Error", NULL, &py_error) < 0)
		goto fail;
	/* Bad input is a ValueError too, for callers that catch that. */
	PyObject *bases = PyTuple_Pack(2, py_error, PyExc_ValueError);
	if (!bases || add_error(module, "ParseError", bases, &py_parse_error) < 0 ||
	    add_error(module, "LevelError", bases, &py_level_error) < 0) {
		Py_XDECREF(bases);
		goto fail;
	}
	Py_DECREF(bases);
	if (py_game_register(module) < 0 ||
	    PyModule_AddStringConstant(module, "__version__", HAKO_VERSION) < 0)
		goto fail;
	return module;
fail:
	Py_DECREF(module);
	return NULL;
}
