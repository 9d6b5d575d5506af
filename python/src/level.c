/* level.c — hako.Level, hako.read_collection, the exceptions with line and
 * column, and turning "a Level or XSB text" into a level. */
#include "hako_py.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

PyObject *py_error;
PyObject *py_parse_error;
PyObject *py_level_error;

PyObject *py_raise_error(PyObject *kind, const char *name, const hako_error *err)
{
	PyObject *text;
	const char *where = name && name[0] ? name : "<text>";
	if (err->line > 0 && err->column > 0)
		text = PyUnicode_FromFormat("%s:%d:%d: %s", where, err->line, err->column,
		                            err->message);
	else if (err->line > 0)
		text = PyUnicode_FromFormat("%s:%d: %s", where, err->line, err->message);
	else
		text = PyUnicode_FromFormat("%s: %s", where, err->message);
	if (!text)
		return NULL;
	PyObject *exception = PyObject_CallOneArg(kind, text);
	Py_DECREF(text);
	if (!exception)
		return NULL;
	/* Attributes; a failure here leaves the plain exception. */
	PyObject *line = PyLong_FromLong(err->line), *column = PyLong_FromLong(err->column);
	PyObject *message =
	    PyUnicode_DecodeUTF8(err->message, (Py_ssize_t)strlen(err->message), "replace");
	PyObject *file = PyUnicode_DecodeFSDefault(where);
	if (line && column && message && file) {
		PyObject_SetAttrString(exception, "line", line);
		PyObject_SetAttrString(exception, "column", column);
		PyObject_SetAttrString(exception, "message", message);
		PyObject_SetAttrString(exception, "name", file);
	}
	Py_XDECREF(line);
	Py_XDECREF(column);
	Py_XDECREF(message);
	Py_XDECREF(file);
	PyErr_Clear();
	PyErr_SetObject(kind, exception);
	Py_DECREF(exception);
	return NULL;
}

PyObject *py_level_wrap(hako_level *level)
{
	py_level *self = PyObject_New(py_level, &py_level_type);
	if (!self) {
		hako_level_free(level);
		return NULL;
	}
	self->level = level;
	return (PyObject *)self;
}

static hako_level *parse_text(PyObject *text)
{
	Py_ssize_t length;
	const char *bytes = PyUnicode_AsUTF8AndSize(text, &length);
	if (!bytes)
		return NULL;
	hako_level *level = NULL;
	hako_error err;
	memset(&err, 0, sizeof err);
	hako_status st = hako_level_parse(bytes, (size_t)length, NULL, &level, &err);
	if (!level) {
		if (st == HAKO_ERR_NOMEM)
			PyErr_NoMemory();
		else
			py_raise_error(py_parse_error, NULL, &err);
		return NULL;
	}
	return level;
}

const hako_level *py_as_level(PyObject *object, hako_level **owned)
{
	*owned = NULL;
	if (PyObject_TypeCheck(object, &py_level_type))
		return ((py_level *)object)->level;
	if (!PyUnicode_Check(object)) {
		PyErr_SetString(PyExc_TypeError, "want a hako.Level or the level's text (str)");
		return NULL;
	}
	*owned = parse_text(object);
	return *owned;
}

const hako_level *py_as_playable(PyObject *object, hako_level **owned)
{
	const hako_level *level = py_as_level(object, owned);
	if (!level)
		return NULL;
	hako_error err;
	memset(&err, 0, sizeof err);
	if (hako_level_status(level, &err) != HAKO_OK) {
		py_raise_error(py_level_error, NULL, &err);
		hako_level_free(*owned);
		*owned = NULL;
		return NULL;
	}
	return level;
}

/* ------------------------------------------------------------ hako.Level */

static PyObject *level_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
	static char *keywords[] = {"text", NULL};
	PyObject *text;
	if (!PyArg_ParseTupleAndKeywords(args, kwargs, "U:Level", keywords, &text))
		return NULL;
	hako_level *level = parse_text(text);
	if (!level)
		return NULL;
	py_level *self = (py_level *)type->tp_alloc(type, 0);
	if (!self) {
		hako_level_free(level);
		return NULL;
	}
	self->level = level;
	return (PyObject *)self;
}

static void level_dealloc(py_level *self)
{
	hako_level_free(self->level);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *text_of(const char *text)
{
	return PyUnicode_DecodeUTF8(text, (Py_ssize_t)strlen(text), "replace");
}

static PyObject *level_str(py_level *self)
{
	char *xsb = hako_level_to_xsb(self->level);
	if (!xsb)
		return PyErr_NoMemory();
	PyObject *text = text_of(xsb);
	hako_free(xsb);
	return text;
}

static PyObject *level_repr(py_level *self)
{
	PyObject *title = text_of(hako_level_title(self->level));
	if (!title)
		return NULL;
	PyObject *repr = PyUnicode_FromFormat(
	    "<hako.Level %R %dx%d, %d boxes>", title, hako_level_width(self->level),
	    hako_level_height(self->level), hako_level_box_count(self->level));
	Py_DECREF(title);
	return repr;
}

static PyObject *level_get(py_level *self, void *which)
{
	const hako_level *l = self->level;
	switch ((int)(intptr_t)which) {
	case 0: return text_of(hako_level_title(l));
	case 1: return text_of(hako_level_author(l));
	case 2: return text_of(hako_level_notes(l));
	case 3: return PyLong_FromLong(hako_level_width(l));
	case 4: return PyLong_FromLong(hako_level_height(l));
	case 5: return PyLong_FromLong(hako_level_box_count(l));
	case 6: return PyLong_FromLong(hako_level_line(l));
	case 7: return PyBool_FromLong(hako_level_status(l, NULL) == HAKO_OK);
	default: {
		size_t count = hako_level_solution_count(l);
		PyObject *list = PyList_New((Py_ssize_t)count);
		for (size_t i = 0; list && i < count; i++) {
			PyObject *item = text_of(hako_level_solution(l, i));
			if (!item) {
				Py_DECREF(list);
				return NULL;
			}
			PyList_SET_ITEM(list, (Py_ssize_t)i, item);
		}
		return list;
	}
	}
}

static PyGetSetDef level_getset[] = {
    {"title", (getter)level_get, NULL, "the title, '' if none", (void *)0},
    {"author", (getter)level_get, NULL, "the author, '' if none", (void *)1},
    {"notes", (getter)level_get, NULL, "other notes, newline-separated", (void *)2},
    {"width", (getter)level_get, NULL, "columns", (void *)3},
    {"height", (getter)level_get, NULL, "rows", (void *)4},
    {"boxes", (getter)level_get, NULL, "number of boxes", (void *)5},
    {"line", (getter)level_get, NULL, "1-based line of the board in its text", (void *)6},
    {"valid", (getter)level_get, NULL, "playable (else solve raises LevelError)", (void *)7},
    {"solutions", (getter)level_get, NULL, "stored Solution blocks, as LURD", (void *)8},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject py_level_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hako.Level",
    .tp_basicsize = sizeof(py_level),
    .tp_dealloc = (destructor)level_dealloc,
    .tp_repr = (reprfunc)level_repr,
    .tp_str = (reprfunc)level_str,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Level(text): the first level of an XSB text; str() gives its board.",
    .tp_getset = level_getset,
    .tp_new = level_new,
};

/* ------------------------------------------------------ read_collection */

/* The whole file, at most one byte over HAKO_MAX_TEXT (the parser reports
 * the limit). */
static char *read_file(const char *path, size_t *length)
{
	FILE *stream = fopen(path, "rb");
	if (!stream)
		return NULL;
	size_t capacity = 1 << 16, used = 0;
	char *buffer = malloc(capacity);
	while (buffer) {
		if (used + 1 >= capacity) {
			char *bigger = realloc(buffer, capacity * 2);
			if (!bigger) {
				free(buffer);
				buffer = NULL;
				errno = ENOMEM;
				break;
			}
			buffer = bigger;
			capacity *= 2;
		}
		size_t got = fread(buffer + used, 1, capacity - used - 1, stream);
		used += got;
		if (got == 0 || used > HAKO_MAX_TEXT)
			break;
	}
	if (buffer && ferror(stream)) {
		free(buffer);
		buffer = NULL;
		errno = EIO;
	}
	fclose(stream);
	*length = used;
	return buffer;
}

PyObject *py_read_collection(PyObject *module, PyObject *arg);
PyObject *py_read_collection(PyObject *module, PyObject *arg)
{
	(void)module;
	PyObject *path_bytes = NULL;
	if (!PyUnicode_FSConverter(arg, &path_bytes))
		return NULL;
	const char *path = PyBytes_AS_STRING(path_bytes);
	size_t length = 0;
	char *text;
	Py_BEGIN_ALLOW_THREADS text = read_file(path, &length);
	Py_END_ALLOW_THREADS if (!text)
	{
		PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, arg);
		Py_DECREF(path_bytes);
		return NULL;
	}
	hako_collection *collection = NULL;
	hako_error err;
	memset(&err, 0, sizeof err);
	hako_status st = hako_collection_parse(text, length, path, &collection, &err);
	free(text);
	PyObject *list = NULL;
	if (st == HAKO_ERR_NOMEM) {
		PyErr_NoMemory();
	} else if (st != HAKO_OK) {
		py_raise_error(py_parse_error, path, &err);
	} else {
		size_t count = hako_collection_count(collection);
		list = PyList_New((Py_ssize_t)count);
		for (size_t i = 0; list && i < count; i++) {
			hako_level *copy = hako_level_copy(hako_collection_level(collection, i));
			PyObject *item = copy ? py_level_wrap(copy) : PyErr_NoMemory();
			if (!item) {
				Py_CLEAR(list);
				break;
			}
			PyList_SET_ITEM(list, (Py_ssize_t)i, item);
		}
	}
	hako_collection_free(collection);
	Py_DECREF(path_bytes);
	return list;
}
