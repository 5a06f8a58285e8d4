/* What the Python interface's files share (hexcore.c, hexmctspy.c): the Board type, the rules
 * tuple, and the types each file adds to the module. */
#ifndef HEXCORE_H
#define HEXCORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "hexplay.h"

typedef struct {
    PyObject_HEAD hex_board board;
} BoardObject;

extern PyTypeObject BoardType;
extern PyTypeObject MctsType;

int parse_rules(PyObject *tuple, hex_rules *rules);

#endif
