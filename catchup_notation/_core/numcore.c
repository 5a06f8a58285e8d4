/* The compiled core of the number-set solver (a bitmask of the remaining numbers).
 *
 * The pure-Python code stays the reference: catchup_notation/compiled.py decides which runs,
 * and the tests hold both to the same answers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Bumped whenever the interface the Python side calls changes, so that a stale build left in a
 * checkout is not used (compiled.py checks it). */
#define CORE_INTERFACE 1

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "catchup_notation._numcore",
    .m_doc = "The compiled core of the number-set solver (a bitmask of the remaining numbers).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__numcore(void) {
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "INTERFACE", CORE_INTERFACE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
