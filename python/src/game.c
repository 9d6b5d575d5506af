/* game.c — hako.Game: a level being played, with step/undo/redo, the
 * board, and deadlock() giving the kind and the boxes that prove it. */
#include "hako_py.h"

typedef struct {
	PyObject_HEAD hako_game *game;
} py_game;

static PyObject *game_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
	static char *keywords[] = {"level", NULL};
	PyObject *level_arg;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:Game", keywords, &level_arg))
		return NULL;
	hako_level *owned;
	const hako_level *level = py_as_playable(level_arg, &owned);
	if (!level)
		return NULL;
	hako_game *game = NULL;
	hako_status st = hako_game_new(level, &game);
	hako_level_free(owned);
	if (st != HAKO_OK)
		return st == HAKO_ERR_NOMEM ? PyErr_NoMemory()
		                            : PyErr_Format(py_error, "%s", hako_strerror(st));
	py_game *self = (py_game *)type->tp_alloc(type, 0);
	if (!self) {
		hako_game_free(game);
		return NULL;
	}
	self->game = game;
	return (PyObject *)self;
}

static void game_dealloc(py_game *self)
{
	hako_game_free(self->game);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

/* step(direction): one of 'l', 'u', 'r', 'd' (either case); True when a
 * box moved. A wall or a blocked box: hako.Error, nothing changes. */
static PyObject *game_step(py_game *self, PyObject *arg)
{
	const char *text = PyUnicode_Check(arg) ? PyUnicode_AsUTF8(arg) : NULL;
	if (!text || strlen(text) != 1 || !strchr("lurdLURD", text[0])) {
		PyErr_SetString(PyExc_ValueError, "step wants one of 'l', 'u', 'r', 'd'");
		return NULL;
	}
	int pushed = 0;
	if (hako_game_step(self->game, text[0], &pushed) != HAKO_OK) {
		PyErr_Format(py_error,
		             "step '%c' is illegal: a wall or a blocked box is in the way",
		             text[0]);
		return NULL;
	}
	return PyBool_FromLong(pushed);
}

static PyObject *game_undo(py_game *self, PyObject *unused)
{
	(void)unused;
	return PyBool_FromLong(hako_game_undo(self->game));
}

static PyObject *game_redo(py_game *self, PyObject *unused)
{
	(void)unused;
	return PyBool_FromLong(hako_game_redo(self->game));
}

static PyObject *game_restart(py_game *self, PyObject *unused)
{
	(void)unused;
	hako_game_restart(self->game);
	Py_RETURN_NONE;
}

static PyObject *game_lurd(py_game *self, PyObject *unused)
{
	(void)unused;
	char *lurd = hako_game_lurd(self->game);
	if (!lurd)
		return PyErr_NoMemory();
	PyObject *text = PyUnicode_FromString(lurd);
	hako_free(lurd);
	return text;
}

/* deadlock(budget=20000) -> (kind, [(x, y), ...]): kind is 'none',
 * 'simple', 'freeze', 'bipartite', 'diagonal' or 'corral'. */
static PyObject *game_deadlock(py_game *self, PyObject *args, PyObject *kwargs)
{
	static char *keywords[] = {"budget", NULL};
	unsigned long long budget = 20000;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|K:deadlock", keywords, &budget))
		return NULL;
	hako_deadlock_info info;
	hako_status st;
	Py_BEGIN_ALLOW_THREADS st = hako_deadlock_check(self->game, budget, &info);
	Py_END_ALLOW_THREADS if (st != HAKO_OK) return st == HAKO_ERR_NOMEM
	    ? PyErr_NoMemory()
	    : PyErr_Format(py_error, "%s", hako_strerror(st));
	PyObject *boxes = PyList_New(info.box_count);
	for (int i = 0; boxes && i < info.box_count; i++) {
		PyObject *box = Py_BuildValue("(ii)", info.box_x[i], info.box_y[i]);
		if (!box) {
			Py_CLEAR(boxes);
			break;
		}
		PyList_SET_ITEM(boxes, i, box);
	}
	if (!boxes)
		return NULL;
	PyObject *pair = Py_BuildValue("(sN)", hako_deadlock_name(info.kind), boxes);
	return pair;
}

static PyObject *game_position(py_game *self, PyObject *unused)
{
	(void)unused;
	hako_level *level = hako_game_position(self->game);
	return level ? py_level_wrap(level) : PyErr_NoMemory();
}

static PyObject *game_str(py_game *self)
{
	const hako_level *level = hako_game_level(self->game);
	int width = hako_level_width(level), height = hako_level_height(level);
	PyObject *text = NULL;
	char *rows = PyMem_Malloc((size_t)(width + 1) * (size_t)height + 1);
	if (!rows)
		return PyErr_NoMemory();
	size_t used = 0;
	for (int y = 0; y < height; y++) {
		size_t start = used;
		for (int x = 0; x < width; x++)
			rows[used++] = hako_game_square(self->game, x, y);
		while (used > start && rows[used - 1] == ' ')
			used--; /* trailing floor, as hako_level_to_xsb */
		rows[used++] = '\n';
	}
	text = PyUnicode_FromStringAndSize(rows, (Py_ssize_t)used);
	PyMem_Free(rows);
	return text;
}

static PyObject *game_get(py_game *self, void *which)
{
	switch ((int)(intptr_t)which) {
	case 0: return PyLong_FromLong(hako_game_moves(self->game));
	case 1: return PyLong_FromLong(hako_game_pushes(self->game));
	case 2: return PyBool_FromLong(hako_game_solved(self->game));
	default: {
		int x, y;
		hako_game_player(self->game, &x, &y);
		return Py_BuildValue("(ii)", x, y);
	}
	}
}

static PyMethodDef game_methods[] = {
    {"step", (PyCFunction)game_step, METH_O,
     "step(d): d in 'lurd' (either case); True when a box moved. hako.Error when "
     "blocked."},
    {"undo", (PyCFunction)game_undo, METH_NOARGS, "undo a step; False when there is none"},
    {"redo", (PyCFunction)game_redo, METH_NOARGS, "redo a step; False when there is none"},
    {"restart", (PyCFunction)game_restart, METH_NOARGS, "undo every step (still redoable)"},
    {"lurd", (PyCFunction)game_lurd, METH_NOARGS, "the steps so far as LURD"},
    {"deadlock", (PyCFunction)(void (*)(void))game_deadlock, METH_VARARGS | METH_KEYWORDS,
     "deadlock(budget=20000) -> (kind, [(x, y), ...]): 'none' or the kind of deadlock "
     "and the boxes that prove it. Sound: a solvable position is never called dead."},
    {"position", (PyCFunction)game_position, METH_NOARGS,
     "the current position as a hako.Level (to solve from here)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef game_getset[] = {
    {"moves", (getter)game_get, NULL, "steps played", (void *)0},
    {"pushes", (getter)game_get, NULL, "steps that moved a box", (void *)1},
    {"solved", (getter)game_get, NULL, "every box on a goal", (void *)2},
    {"player", (getter)game_get, NULL, "the player's (x, y)", (void *)3},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject py_game_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hako.Game",
    .tp_basicsize = sizeof(py_game),
    .tp_dealloc = (destructor)game_dealloc,
    .tp_str = (reprfunc)game_str,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Game(level): play a level (a hako.Level or its text) with undo and redo; "
              "str() gives the board.",
    .tp_methods = game_methods,
    .tp_getset = game_getset,
    .tp_new = game_new,
};

int py_game_register(PyObject *module)
{
	if (PyType_Ready(&py_game_type) < 0)
		return -1;
	return PyModule_AddObjectRef(module, "Game", (PyObject *)&py_game_type);
}
