/* hako_py.h — what the files of the Python module `hako` share: the Level
 * type (a level the module owns), the exceptions, and the Game type's
 * registration. The module sees libhako only through include/hako.h. */
#ifndef HAKO_PY_H
#define HAKO_PY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "hako.h"

/* hako.Level: one level, owned (a copy when it came from a collection). */
typedef struct {
	PyObject_HEAD hako_level *level;
} py_level;

extern PyTypeObject py_level_type;
extern PyTypeObject py_game_type;

/* hako.Error and its two kinds; both carry name, line, column, message. */
extern PyObject *py_error;
extern PyObject *py_parse_error;
extern PyObject *py_level_error;

/* Raise `kind` from a hako_error: "NAME:LINE:COLUMN: message", with the
 * parts as attributes. Returns NULL. */
PyObject *py_raise_error(PyObject *kind, const char *name, const hako_error *err);

/* A hako.Level or XSB text as a level: *owned is set when the caller must
 * hako_level_free the result. NULL with an exception set on failure. */
const hako_level *py_as_level(PyObject *object, hako_level **owned);

/* The same, and the level must be playable (else hako.LevelError). */
const hako_level *py_as_playable(PyObject *object, hako_level **owned);

/* A new hako.Level that takes `level` over. */
PyObject *py_level_wrap(hako_level *level);

int py_game_register(PyObject *module);

#endif
