/* The Python interface of the playing engine's tree search (hexmcts.c):
 *
 *   Mcts(board, rules, state, seed, exploration, fpu_reduction, rave, max_nodes, near_tries=0, count_tries=0,
 *        mast=0.0, prior_bias=0.0)
 *
 * `state` is a position as Game.state() gives it (owner, parent, gsize, largest, scores, empty,
 * turns played, to move, end, facts of every turn). engine/coremcts.py wraps it behind the
 * interface of engine/mcts.py's Tree. */
#include "hexcore.h"
#include "hexmcts.h"

typedef struct {
    PyObject_HEAD mcts_tree tree;
    int ready, running;
    PyObject *board; /* keeps the BoardObject alive */
} MctsObject;

static void Mcts_dealloc(MctsObject *self) {
    if (self->ready) mcts_free(&self->tree);
    Py_XDECREF(self->board);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A list of ints of the cells' number into `out`; -1 with an error set. */
static int int_list(PyObject *obj, int *out, int n, int low, int high, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: one per cell", what);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((v == -1 && PyErr_Occurred()) || v < low || v > high) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_ValueError, "%s: a value out of range", what);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return 0;
}

/* Fill `game` (initialised on its board) from a state tuple; -1 with an error set. */
static int load_state(hex_game *game, PyObject *state) {
    PyObject *owner, *parent, *gsize, *history;
    int largest[3], score[3], empty, turns, to_move, end, n = game->board->cells;
    if (!PyArg_ParseTuple(state, "OOO(iii)(iii)iiiiO;state: as Game.state() gives it", &owner, &parent, &gsize,
                          &largest[0], &largest[1], &largest[2], &score[0], &score[1], &score[2], &empty, &turns,
                          &to_move, &end, &history))
        return -1;
    int *values = game->scratch;
    if (int_list(owner, values, n, 0, 2, "owner") < 0) return -1;
    for (int i = 0; i < n; i++) game->owner[i] = (signed char)values[i];
    if (int_list(parent, game->parent, n, 0, n - 1, "parent") < 0) return -1;
    if (int_list(gsize, game->gsize, n, 0, n, "gsize") < 0) return -1;
    PyObject *seq = PySequence_Fast(history, "history: a sequence of turn facts");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count != turns || turns < 0 || empty < 0 || empty > n || to_move < 0 || to_move > 2 || end < 0 || end > 2 ||
        (!end && !to_move)) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "state: inconsistent counts");
        return -1;
    }
    if (turns > game->history_size) {
        hex_facts *grown = realloc(game->history, sizeof(hex_facts) * (size_t)turns);
        if (!grown) {
            Py_DECREF(seq);
            PyErr_NoMemory();
            return -1;
        }
        game->history = grown;
        game->history_size = turns;
    }
    for (Py_ssize_t t = 0; t < count; t++) {
        hex_facts *f = &game->history[t];
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, t), "iiiiiii;turn facts", &f->player, &f->placed,
                              &f->score_before, &f->score_after, &f->max_before, &f->max_after, &f->strict)) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    for (int c = 1; c <= 2; c++) {
        game->largest[c] = largest[c];
        game->score[c] = score[c];
    }
    game->empty = empty;
    game->turns_played = turns;
    game->to_move = to_move ? to_move : 1;
    game->end = end;
    return 0;
}

static int Mcts_init(MctsObject *self, PyObject *args, PyObject *kwds) {
    PyObject *board, *rules_tuple, *state;
    unsigned long long seed;
    double exploration, fpu_reduction, rave, mast = 0.0, prior_bias = 0.0;
    int max_nodes, near_tries = 0, count_tries = 0;
    hex_rules rules;
    hex_game root;
    static char *names[] = {"board", "rules", "state", "seed", "exploration", "fpu_reduction", "rave", "max_nodes",
                            "near_tries", "count_tries", "mast", "prior_bias", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOKdddi|iidd:Mcts", names, &BoardType, &board, &rules_tuple, &state,
                                     &seed, &exploration, &fpu_reduction, &rave, &max_nodes, &near_tries,
                                     &count_tries, &mast, &prior_bias))
        return -1;
    if (self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Mcts: already made");
        return -1;
    }
    if (parse_rules(rules_tuple, &rules) < 0) return -1;
    const hex_board *b = &((BoardObject *)board)->board;
    if (game_init(&root, b, &rules) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (load_state(&root, state) < 0) {
        game_free(&root);
        return -1;
    }
    if (root.end) {
        game_free(&root);
        PyErr_SetString(PyExc_ValueError, "the game is over: there is nothing to search");
        return -1;
    }
    int failed = mcts_init(&self->tree, b, &rules, &root, seed, exploration, fpu_reduction, rave, max_nodes,
                           near_tries, count_tries, mast, prior_bias);
    game_free(&root);
    if (failed) {
        PyErr_NoMemory();
        return -1;
    }
    self->ready = 1;
    Py_INCREF(board);
    self->board = board;
    return 0;
}

/* Whether the tree may be used now: made, and not being searched by another thread. */
static int ready(MctsObject *self) {
    if (!self->ready) PyErr_SetString(PyExc_RuntimeError, "Mcts: not made");
    else if (self->running) PyErr_SetString(PyExc_RuntimeError, "Mcts: the tree is being searched by another thread");
    return self->ready && !self->running;
}

static int valid_node(MctsObject *self, long node) {
    if (node < 0 || node >= self->tree.node_count) {
        PyErr_SetString(PyExc_IndexError, "no such node");
        return 0;
    }
    return 1;
}

/* run(playouts, deadline=0.0, threads=1): iterations run, by `threads` threads searching the tree
 * at once. The GIL is released meanwhile, so Python's other threads run (and other trees may be
 * searched); this one is not to be touched until run returns (a second caller is refused). */
static PyObject *Mcts_run(MctsObject *self, PyObject *args) {
    long long playouts;
    double deadline = 0.0;
    int threads = 1;
    if (!ready(self) || !PyArg_ParseTuple(args, "L|di:run", &playouts, &deadline, &threads)) return NULL;
    if (playouts < 0) {
        PyErr_SetString(PyExc_ValueError, "run: playouts >= 0");
        return NULL;
    }
    if (threads < 1 || threads > MCTS_MOST_THREADS) {
        PyErr_Format(PyExc_ValueError, "run: threads from 1 to %d", MCTS_MOST_THREADS);
        return NULL;
    }
    self->running = 1;
    int64_t done;
    Py_BEGIN_ALLOW_THREADS done = mcts_run(&self->tree, playouts, deadline, NULL, threads);
    Py_END_ALLOW_THREADS self->running = 0;
    if (done < 0) return PyErr_NoMemory();
    return PyLong_FromLongLong(done);
}

/* node(i): (parent, action, player, boundary, n, w, lo, hi, dead, tried, expanded) */
static PyObject *Mcts_node(MctsObject *self, PyObject *arg) {
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (!ready(self) || !valid_node(self, i)) return NULL;
    const mcts_node *node = &self->tree.nodes[i];
    return Py_BuildValue("(iiiiIdiiiii)", node->parent, node->action, node->player, node->boundary, node->n, node->w,
                         node->lo, node->hi, node->dead, node->solved, node->first >= 0);
}

/* children(i): ((action, child or -1), ...) of an expanded node, () otherwise */
static PyObject *Mcts_children(MctsObject *self, PyObject *arg) {
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (!ready(self) || !valid_node(self, i)) return NULL;
    const mcts_node *node = &self->tree.nodes[i];
    if (node->first < 0) return PyTuple_New(0);
    PyObject *out = PyTuple_New(node->count);
    if (!out) return NULL;
    for (int32_t j = 0; j < node->count; j++) {
        PyObject *pair = Py_BuildValue("(ii)", self->tree.acts[node->first + j], self->tree.kids[node->first + j]);
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, j, pair);
    }
    return out;
}

/* amaf(i): ((visits, results), ...) of a node's actions with RAVE, () without or before expansion */
static PyObject *Mcts_amaf(MctsObject *self, PyObject *arg) {
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (!ready(self) || !valid_node(self, i)) return NULL;
    const mcts_node *node = &self->tree.nodes[i];
    if (node->first < 0 || self->tree.rave <= 0) return PyTuple_New(0);
    PyObject *out = PyTuple_New(node->count);
    if (!out) return NULL;
    for (int32_t j = 0; j < node->count; j++) {
        PyObject *pair = Py_BuildValue("(Id)", self->tree.amaf_n[node->first + j], self->tree.amaf_w[node->first + j]);
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, j, pair);
    }
    return out;
}

/* prove(i, outcome): a solver's outcome for the first player (+1, 0, -1) */
static PyObject *Mcts_prove(MctsObject *self, PyObject *args) {
    long i;
    int outcome;
    if (!ready(self) || !PyArg_ParseTuple(args, "li:prove", &i, &outcome) || !valid_node(self, i)) return NULL;
    if (outcome < -1 || outcome > 1) {
        PyErr_SetString(PyExc_ValueError, "prove: an outcome of -1, 0 or 1");
        return NULL;
    }
    mcts_prove(&self->tree, (int32_t)i, outcome);
    Py_RETURN_NONE;
}

/* tried(i): mark a node as given to the solver (whatever it found) */
static PyObject *Mcts_tried(MctsObject *self, PyObject *arg) {
    long i = PyLong_AsLong(arg);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (!ready(self) || !valid_node(self, i)) return NULL;
    self->tree.nodes[i].solved = 1;
    Py_RETURN_NONE;
}

/* One first turn as mcts.py's FirstTurn: (cells, colours or (), node, n, w, lo, hi); the stones
 * are read on the way up from the node after the turn (at most a turn's stones and its count). */
static PyObject *first_turn(const mcts_tree *t, int32_t after, int mover) {
    int cells[MCTS_TURN_MOST], colours[MCTS_TURN_MOST], k = 0, others = 0;
    for (int32_t at = after; at > 0 && k < MCTS_TURN_MOST; at = t->nodes[at].parent) {
        int32_t action = t->nodes[at].action;
        if (action < 0) continue;
        cells[k] = action >> 1;
        colours[k] = action & 1 ? 3 - mover : mover;
        others += colours[k] != mover;
        k++;
    }
    PyObject *cell_tuple = PyTuple_New(k), *colour_tuple = PyTuple_New(others ? k : 0);
    if (!cell_tuple || !colour_tuple) goto fail;
    for (int j = 0; j < k; j++) { /* read upwards: the last stone first */
        PyObject *cell = PyLong_FromLong(cells[k - 1 - j]);
        if (!cell) goto fail;
        PyTuple_SET_ITEM(cell_tuple, j, cell);
        if (others) {
            PyObject *colour = PyLong_FromLong(colours[k - 1 - j]);
            if (!colour) goto fail;
            PyTuple_SET_ITEM(colour_tuple, j, colour);
        }
    }
    const mcts_node *node = &t->nodes[after];
    return Py_BuildValue("(NNiIdii)", cell_tuple, colour_tuple, after, node->n, node->w, node->lo, node->hi);
fail:
    Py_XDECREF(cell_tuple);
    Py_XDECREF(colour_tuple);
    return NULL;
}

/* first_turns(): every first turn made whole and not dead, in the order of mcts.py's
 * Tree.first_turns (a walk from the root, the last internal node first), in one call: the
 * engine adds the trees' first turns up as a turn's time ends, and a call a node is slow. */
static PyObject *Mcts_first_turns(MctsObject *self, PyObject *unused) {
    if (!ready(self)) return NULL;
    const mcts_tree *t = &self->tree;
    int mover = t->nodes[0].player;
    int32_t *stack = malloc(sizeof(int32_t) * (size_t)t->node_count), depth = 0;
    PyObject *out = PyList_New(0);
    if (!stack || !out) {
        free(stack);
        Py_XDECREF(out);
        return PyErr_NoMemory();
    }
    stack[depth++] = 0;
    while (depth > 0) {
        const mcts_node *node = &t->nodes[stack[--depth]];
        for (int32_t j = 0; node->first >= 0 && j < node->count; j++) {
            int32_t kid = t->kids[node->first + j];
            if (kid < 0 || t->nodes[kid].dead) continue;
            if (!t->nodes[kid].boundary) { /* a node enters the stack once: the tree has no cycles */
                stack[depth++] = kid;
                continue;
            }
            PyObject *turn = first_turn(t, kid, mover);
            if (!turn || PyList_Append(out, turn) < 0) {
                Py_XDECREF(turn);
                Py_DECREF(out);
                free(stack);
                return NULL;
            }
            Py_DECREF(turn);
        }
    }
    free(stack);
    return out;
}

/* untried(min_visits, max_empty): the turn-start nodes not proven, not dead, not given to the
 * solver yet, visited at least min_visits times, with at most max_empty empty cells, in creation
 * order */
static PyObject *Mcts_untried(MctsObject *self, PyObject *args) {
    long least, most_empty;
    if (!ready(self) || !PyArg_ParseTuple(args, "ll:untried", &least, &most_empty)) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    int root_empty = self->tree.root.empty;
    for (int32_t i = 1; i < self->tree.node_count; i++) {
        const mcts_node *node = &self->tree.nodes[i];
        if (!node->boundary || node->solved || node->dead || node->lo == node->hi || node->n < (uint32_t)least ||
            root_empty - node->placed > most_empty)
            continue;
        PyObject *v = PyLong_FromLong(i);
        if (!v || PyList_Append(out, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(v);
    }
    return out;
}

static PyObject *Mcts_get_count(MctsObject *self, void *unused) {
    return PyLong_FromLong(self->ready ? self->tree.node_count : 0);
}
static PyObject *Mcts_get_playouts(MctsObject *self, void *unused) {
    return PyLong_FromUnsignedLongLong(self->ready ? self->tree.playouts : 0);
}
static PyObject *Mcts_get_bytes(MctsObject *self, void *unused) {
    if (!self->ready) return PyLong_FromLong(0);
    size_t per_action = 2 * sizeof(int32_t) + (self->tree.rave > 0 ? sizeof(uint32_t) + sizeof(double) : 0) +
                        (self->tree.prior_bias > 0 ? sizeof(int8_t) : 0);
    size_t bytes = sizeof(mcts_node) * (size_t)self->tree.node_room + per_action * (size_t)self->tree.pool_room;
    return PyLong_FromSize_t(bytes);
}

static PyGetSetDef Mcts_getset[] = {
    {"count", (getter)Mcts_get_count, NULL, "nodes in the tree", NULL},
    {"playouts", (getter)Mcts_get_playouts, NULL, "iterations run", NULL},
    {"bytes", (getter)Mcts_get_bytes, NULL, "memory the tree holds", NULL},
    {NULL},
};

static PyMethodDef Mcts_methods[] = {
    {"run", (PyCFunction)Mcts_run, METH_VARARGS, "run(playouts, deadline=0.0, threads=1): iterations run"},
    {"node", (PyCFunction)Mcts_node, METH_O,
     "node(i): (parent, action, player, boundary, n, w, lo, hi, dead, tried, expanded)"},
    {"children", (PyCFunction)Mcts_children, METH_O, "children(i): ((action, child or -1), ...)"},
    {"amaf", (PyCFunction)Mcts_amaf, METH_O, "amaf(i): ((visits, results), ...) of the node's actions, with RAVE"},
    {"prove", (PyCFunction)Mcts_prove, METH_VARARGS, "prove(i, outcome): a solver's outcome for the first player"},
    {"tried", (PyCFunction)Mcts_tried, METH_O, "tried(i): mark a node as given to the solver"},
    {"first_turns", (PyCFunction)Mcts_first_turns, METH_NOARGS,
     "first_turns(): ((cells, colours or (), node, n, w, lo, hi), ...) of every live first turn"},
    {"untried", (PyCFunction)Mcts_untried, METH_VARARGS,
     "untried(min_visits, max_empty): turn starts for the solver, in order"},
    {NULL},
};

PyTypeObject MctsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "catchup_notation._hexcore.Mcts",
    .tp_basicsize = sizeof(MctsObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Mcts(board, rules, state, seed, exploration, fpu_reduction, rave, max_nodes, near_tries=0, "
              "count_tries=0, mast=0.0, prior_bias=0.0): the engine's tree search.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Mcts_init,
    .tp_dealloc = (destructor)Mcts_dealloc,
    .tp_methods = Mcts_methods,
    .tp_getset = Mcts_getset,
};
