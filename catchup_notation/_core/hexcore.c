/* The compiled core of the hex rules and the hex solver: the Python interface.
 *
 *   Board(neighbours)               a board's neighbour lists, once per board
 *   Game(board, rules)              a position replayed turn by turn (union-find over arrays)
 *   replay(game, turns, index)      many turns at once, from Turn objects
 *   Search(...)                     the exact search on bitboards (hexsearch.c)
 *
 * The pure-Python code stays the reference: catchup_notation/compiled.py decides which runs, the
 * Python wrappers (rules/compiled_replay.py, solvers/hexsolve/core.py) translate, and the tests
 * hold both to the same answers. `rules` is the tuple compiled_replay.rules_of() makes. */
#include "hexcore.h"

#include <structmember.h>

#include "hexsearch.h"
#include "lgplain.h"

/* Bumped whenever the interface the Python side calls changes, so that a stale build left in a
 * checkout is not used (compiled.py checks it). */
#define CORE_INTERFACE 10

/* -- rules ----------------------------------------------------------------------------------- */

int parse_rules(PyObject *tuple, hex_rules *rules) {
    int base;
    if (!PyArg_ParseTuple(tuple, "iiiiiiiiiiiii;rules: a tuple of 13 ints", &rules->kind, &rules->scoring, &base,
                          &rules->threshold, &rules->opening_phase, &rules->margin, &rules->initial_score,
                          &rules->fills_remaining, &rules->constrained, &rules->may_stall, &rules->reads_strict,
                          &rules->either_colour, &rules->endless))
        return -1;
    rules->base = (unsigned)base;
    if (rules->kind < 1 || rules->kind >= RULE_KINDS || rules->scoring < 0 || rules->scoring >= SCORE_KINDS ||
        base < 0 || base > 15) {
        PyErr_SetString(PyExc_ValueError, "rules: unknown kind, scoring or counts");
        return -1;
    }
    return 0;
}

static PyObject *counts_tuple(counts_t counts) {
    PyObject *out = PyTuple_New(popcount64(counts));
    if (!out) return NULL;
    Py_ssize_t i = 0;
    for (int c = 0; c <= 3; c++)
        if (counts >> c & 1) PyTuple_SET_ITEM(out, i++, PyLong_FromLong(c));
    return out;
}

static PyObject *int_tuple(const int *values, int count) {
    PyObject *out = PyTuple_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* -- Board ----------------------------------------------------------------------------------- */

static void Board_dealloc(BoardObject *self) {
    PyMem_Free(self->board.start);
    PyMem_Free(self->board.near);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Board_init(BoardObject *self, PyObject *args, PyObject *kwds) {
    PyObject *neighbours;
    static char *names[] = {"neighbours", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Board", names, &neighbours)) return -1;
    PyObject *rows = PySequence_Fast(neighbours, "neighbours: a sequence of sequences of cell indices");
    if (!rows) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(rows), total = 0;
    if (n < 1 || n > (1 << 24)) {
        Py_DECREF(rows);
        PyErr_SetString(PyExc_ValueError, "a board has 1 to 2**24 cells");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t size = PySequence_Size(PySequence_Fast_GET_ITEM(rows, i));
        if (size < 0) {
            Py_DECREF(rows);
            return -1;
        }
        total += size;
    }
    self->board.start = PyMem_Malloc(sizeof(int) * (size_t)(n + 1));
    self->board.near = PyMem_Malloc(sizeof(int) * (size_t)(total + 1));
    if (!self->board.start || !self->board.near) {
        Py_DECREF(rows);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        self->board.start[i] = (int)at;
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, i), "neighbours: sequences of cell indices");
        if (!row) {
            Py_DECREF(rows);
            return -1;
        }
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(row); j++) {
            long nb = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, j));
            if ((nb == -1 && PyErr_Occurred()) || nb < 0 || nb >= n) {
                Py_DECREF(row);
                Py_DECREF(rows);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "neighbours: an index off the board");
                return -1;
            }
            self->board.near[at++] = (int)nb;
        }
        Py_DECREF(row);
    }
    self->board.start[n] = (int)at;
    self->board.cells = (int)n;
    Py_DECREF(rows);
    return 0;
}

PyTypeObject BoardType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "catchup_notation._hexcore.Board",
    .tp_basicsize = sizeof(BoardObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A board's neighbour lists (cell indices), kept in C arrays.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Board_init,
    .tp_dealloc = (destructor)Board_dealloc,
};

/* -- Game ------------------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD hex_game game;
    PyObject *board; /* keeps the BoardObject alive */
} GameObject;

static void Game_dealloc(GameObject *self) {
    game_free(&self->game);
    Py_XDECREF(self->board);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Game_init(GameObject *self, PyObject *args, PyObject *kwds) {
    PyObject *board, *rules_tuple;
    hex_rules rules;
    static char *names[] = {"board", "rules", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O:Game", names, &BoardType, &board, &rules_tuple)) return -1;
    if (parse_rules(rules_tuple, &rules) < 0) return -1;
    game_free(&self->game);
    if (game_init(&self->game, &((BoardObject *)board)->board, &rules) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    Py_INCREF(board);
    Py_XSETREF(self->board, board);
    return 0;
}

/* The turn's cells as indices into `cells` (room for `room`): -1 off the board; the count. With
 * `index` NULL the cells are cell indices already (Game.play); otherwise board cells looked up in
 * `index`, where an int is no cell (as in the Python engine). Indices past the board are checked
 * by game_play. */
static Py_ssize_t turn_indices(PyObject *cells, PyObject *index, int *out, Py_ssize_t room) {
    PyObject *seq = PySequence_Fast(cells, "cells: a sequence");
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > room) {
        Py_DECREF(seq);
        return count;
    }
    for (Py_ssize_t j = 0; j < count; j++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, j);
        if (!index) {
            long i = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
            if (i == -1 && PyErr_Occurred()) PyErr_Clear(); /* too large for a long: off the board */
            out[j] = i < 0 || i > INT32_MAX ? -1 : (int)i;
            continue;
        }
        PyObject *found = PyDict_GetItemWithError(index, item);
        if (!found && PyErr_Occurred()) {
            PyErr_Clear(); /* an unhashable or odd cell: not on the board */
        }
        out[j] = found ? (int)PyLong_AsLong(found) : -1;
    }
    Py_DECREF(seq);
    return count;
}

#define TURN_ROOM 64

/* Play one turn given as (player, cells, colours) with `index` mapping cells to indices. Returns
 * the PLAY_* code, -1 with an error set. A turn of more stones than TURN_ROOM is refused with
 * PLAY_STONE_COUNT unless an earlier check applies: it goes to the Python path, which words it. */
static int play_one(hex_game *game, long player, PyObject *cells, PyObject *colours, PyObject *index) {
    int indices[TURN_ROOM], tints[TURN_ROOM];
    Py_ssize_t count = turn_indices(cells, index, indices, TURN_ROOM);
    if (count < 0) return -1;
    if (count > TURN_ROOM) return game->end ? PLAY_GAME_OVER : PLAY_STONE_COUNT; /* Python words it */
    const int *colour_list = NULL;
    if (colours != NULL && colours != Py_None) {
        Py_ssize_t ncolours = PySequence_Size(colours);
        if (ncolours < 0) return -1;
        if (ncolours) {
            if (ncolours != count) {
                PyErr_SetString(PyExc_ValueError, "colours: one per cell");
                return -1;
            }
            for (Py_ssize_t j = 0; j < count; j++) {
                PyObject *c = PySequence_GetItem(colours, j);
                if (!c) return -1;
                tints[j] = (int)PyLong_AsLong(c);
                Py_DECREF(c);
                if (tints[j] == -1 && PyErr_Occurred()) return -1;
            }
            colour_list = tints;
        }
    }
    int code = game_play(game, player < 1 || player > 2 ? 0 : (int)player, indices, colour_list, (int)count);
    if (code < 0) PyErr_NoMemory();
    return code;
}

static PyObject *code_result(int code) {
    if (code < 0) return NULL;
    if (code == PLAY_OK) Py_RETURN_NONE;
    return PyUnicode_FromString(play_codes[code]);
}

static PyObject *Game_play(GameObject *self, PyObject *args) {
    long player;
    PyObject *cells, *colours = NULL;
    if (!PyArg_ParseTuple(args, "lO|O:play", &player, &cells, &colours)) return NULL;
    int code = play_one(&self->game, player, cells, colours, NULL);
    return code_result(code);
}

static PyObject *Game_counts(GameObject *self, PyObject *unused) {
    if (self->game.end) return PyTuple_New(0);
    return counts_tuple(game_counts(&self->game));
}

static PyObject *Game_groups(GameObject *self, PyObject *args) {
    int colour;
    if (!PyArg_ParseTuple(args, "i:groups", &colour)) return NULL;
    if (colour < 1 || colour > 2) {
        PyErr_SetString(PyExc_ValueError, "groups: colour 1 or 2");
        return NULL;
    }
    hex_groups groups = game_groups(&self->game);
    return int_tuple(groups.sizes[colour], groups.count[colour]);
}

static PyObject *facts_tuple(const hex_facts *f) {
    return Py_BuildValue("(iiiiiii)", f->player, f->placed, f->score_before, f->score_after, f->max_before, f->max_after,
                         f->strict);
}

/* The game's gsize (or, with `roots`, each cell's root) as a list. */
static PyObject *cell_list(hex_game *g, int roots) {
    int count = g->board->cells;
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(roots ? game_find(g, i) : g->gsize[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

/* The facts of a turn as an instance of `facts_type` (a tuple subclass: TurnFacts), or a tuple. */
static PyObject *facts_object(PyTypeObject *facts_type, const hex_facts *f) {
    const int values[7] = {f->player, f->placed, f->score_before, f->score_after, f->max_before, f->max_after, f->strict};
    PyObject *out = facts_type->tp_alloc(facts_type, 7);
    if (!out) return NULL;
    for (int i = 0; i < 7; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* state(facts_type=tuple): every field the Python engine keeps, to restore it after a replay here:
 * (owner, parent, gsize, largest, scores, empty, turns_played, to_move, end, facts of every turn,
 * each an instance of facts_type, a tuple subclass such as TurnFacts). */
static PyObject *Game_state(GameObject *self, PyObject *args) {
    PyTypeObject *facts_type = &PyTuple_Type;
    if (!PyArg_ParseTuple(args, "|O!:state", &PyType_Type, &facts_type)) return NULL;
    if (!PyType_IsSubtype(facts_type, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "state: a tuple type for the facts");
        return NULL;
    }
    hex_game *g = &self->game;
    int n = g->board->cells;
    PyObject *owners = PyList_New(n), *parent = NULL, *gsize = NULL, *history = NULL, *out = NULL;
    if (!owners) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(owners, i, PyLong_FromLong(g->owner[i])); /* small ints */
    if (!(parent = cell_list(g, 1)) || !(gsize = cell_list(g, 0))) goto done;
    if (!(history = PyList_New(g->turns_played))) goto done;
    for (int t = 0; t < g->turns_played; t++) {
        PyObject *facts = facts_object(facts_type, &g->history[t]);
        if (!facts) goto done;
        PyList_SET_ITEM(history, t, facts);
    }
    out = Py_BuildValue("(OOO[iii][iii]iiiiO)", owners, parent, gsize, 0, g->largest[1], g->largest[2], 0, g->score[1],
                        g->score[2], g->empty, g->turns_played, g->end ? 0 : g->to_move, g->end, history);
done:
    Py_XDECREF(owners);
    Py_XDECREF(parent);
    Py_XDECREF(gsize);
    Py_XDECREF(history);
    return out;
}

static PyObject *Game_get_over(GameObject *self, void *unused) { return PyBool_FromLong(self->game.end != END_NONE); }
static PyObject *Game_get_to_move(GameObject *self, void *unused) {
    if (self->game.end) Py_RETURN_NONE;
    return PyLong_FromLong(self->game.to_move);
}
static PyObject *Game_get_end_reason(GameObject *self, void *unused) {
    if (self->game.end == END_BOARD_FULL) return PyUnicode_FromString("board-full");
    if (self->game.end == END_NO_LEGAL_TURN) return PyUnicode_FromString("no-legal-turn");
    Py_RETURN_NONE;
}
static PyObject *Game_get_scores(GameObject *self, void *unused) {
    return Py_BuildValue("(ii)", self->game.score[1], self->game.score[2]);
}
static PyObject *Game_get_largest(GameObject *self, void *unused) {
    return Py_BuildValue("(ii)", self->game.largest[1], self->game.largest[2]);
}
static PyObject *Game_get_empty(GameObject *self, void *unused) { return PyLong_FromLong(self->game.empty); }
static PyObject *Game_get_turns(GameObject *self, void *unused) { return PyLong_FromLong(self->game.turns_played); }
static PyObject *Game_get_last(GameObject *self, void *unused) {
    if (!self->game.turns_played) Py_RETURN_NONE;
    return facts_tuple(&self->game.history[self->game.turns_played - 1]);
}

static PyGetSetDef Game_getset[] = {
    {"over", (getter)Game_get_over, NULL, "whether the game has ended", NULL},
    {"to_move", (getter)Game_get_to_move, NULL, "the player to move, None once over", NULL},
    {"end_reason", (getter)Game_get_end_reason, NULL, "board-full, no-legal-turn or None", NULL},
    {"scores", (getter)Game_get_scores, NULL, "both scores", NULL},
    {"largest", (getter)Game_get_largest, NULL, "each colour's largest group", NULL},
    {"empty", (getter)Game_get_empty, NULL, "empty cells", NULL},
    {"turns_played", (getter)Game_get_turns, NULL, "turns played", NULL},
    {"last", (getter)Game_get_last, NULL, "the facts of the last turn (TurnFacts' fields), None before any", NULL},
    {NULL},
};

static PyMethodDef Game_methods[] = {
    {"play", (PyCFunction)Game_play, METH_VARARGS,
     "play(player, cells, colours=()): play a turn of cell indices (-1 off the board); None, or the code of the "
     "rule it breaks (the game unchanged)"},
    {"counts", (PyCFunction)Game_counts, METH_NOARGS, "the stone counts allowed now"},
    {"groups", (PyCFunction)Game_groups, METH_VARARGS, "groups(colour): its group sizes, largest first"},
    {"state", (PyCFunction)Game_state, METH_VARARGS, "state(facts_type=tuple): the engine's fields, to restore a Python engine"},
    {NULL},
};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "catchup_notation._hexcore.Game",
    .tp_basicsize = sizeof(GameObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Game(board, rules): a hex position replayed turn by turn.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Game_init,
    .tp_dealloc = (destructor)Game_dealloc,
    .tp_methods = Game_methods,
    .tp_getset = Game_getset,
};

static PyObject *str_player, *str_cells, *str_colours;

/* replay(game, turns, index): play Turn objects (player, cells as board cells, colours) in order
 * until one is refused; (turns played, code of the refused rule or None). */
static PyObject *core_replay(PyObject *module, PyObject *args) {
    PyObject *game, *turns, *index;
    if (!PyArg_ParseTuple(args, "O!OO!:replay", &GameType, &game, &turns, &PyDict_Type, &index)) return NULL;
    PyObject *seq = PySequence_Fast(turns, "turns: a sequence");
    if (!seq) return NULL;
    hex_game *g = &((GameObject *)game)->game;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq), done = 0;
    int code = PLAY_OK;
    for (; done < count; done++) {
        PyObject *turn = PySequence_Fast_GET_ITEM(seq, done);
        PyObject *player = PyObject_GetAttr(turn, str_player);
        PyObject *cells = player ? PyObject_GetAttr(turn, str_cells) : NULL;
        PyObject *colours = cells ? PyObject_GetAttr(turn, str_colours) : NULL;
        long who = player ? PyLong_AsLong(player) : -1;
        code = colours && !(who == -1 && PyErr_Occurred()) ? play_one(g, who, cells, colours, index) : -1;
        Py_XDECREF(player);
        Py_XDECREF(cells);
        Py_XDECREF(colours);
        if (code != PLAY_OK) break;
    }
    Py_DECREF(seq);
    if (code < 0) return NULL;
    if (code == PLAY_OK) return Py_BuildValue("(nO)", done, Py_None);
    return Py_BuildValue("(ns)", done, play_codes[code]);
}

/* -- Little Golem's plain records ----------------------------------------------------------- */

static inline int blank(Py_UCS4 c) { return c == ' ' || c == '\t' || c == '\n'; }

static inline int letter(Py_UCS4 c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* scan_plain(text): whether `text` is a plain Little Golem game, read as formats/lg.py's
 * _PLAIN_GAME regular expression reads it (a root node of properties, then move nodes `;W[...]`,
 * `;B[...]` whose values hold no `]`, `\` or `=`, blanks being space, tab and line feed): None if
 * not, else ([(name, values) of each root property, as _ROOT_PROPERTY finds them], the root's start
 * and end, the moves' start and end). */
static PyObject *core_scan_plain(PyObject *module, PyObject *arg) {
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "scan_plain: a str");
        return NULL;
    }
    PyObject *text = arg;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
#define AT(k) PyUnicode_READ(kind, data, (k))
    if (n < 1 || AT(0) != '(') Py_RETURN_NONE;
    for (i = 1; i < n && blank(AT(i)); i++) {
    }
    if (i >= n || AT(i) != ';') Py_RETURN_NONE;
    Py_ssize_t root_start = ++i, root_end = i;
    PyObject *properties = PyList_New(0), *headers = PyDict_New();
    int all_simple = 1; /* every property one value, with no escape: the headers as they are */
    if (!properties || !headers) {
        Py_XDECREF(properties);
        Py_XDECREF(headers);
        return NULL;
    }
    for (;;) { /* properties: blanks, a name, one or more values (each after blanks) */
        Py_ssize_t j = i;
        while (j < n && blank(AT(j))) j++;
        if (j >= n || !letter(AT(j))) break;
        Py_ssize_t name_start = j;
        while (j < n && letter(AT(j))) j++;
        Py_ssize_t name_end = j, values_start = j, values = 0, escapes = 0;
        for (;;) {
            Py_ssize_t k = j;
            while (k < n && blank(AT(k))) k++;
            if (k >= n || AT(k) != '[') break;
            for (k++; k < n && AT(k) != ']'; k++)
                if (AT(k) == '\\') { /* an escape takes the next character */
                    escapes++;
                    if (++k >= n) break;
                }
            if (k >= n) break;
            j = k + 1;
            values++;
        }
        if (!values) goto not_plain; /* a name without a value */
        PyObject *name = PyUnicode_Substring(text, name_start, name_end);
        PyObject *pair = name ? Py_BuildValue("(ON)", name, PyUnicode_Substring(text, values_start, j)) : NULL;
        int failed = !pair || PyList_Append(properties, pair) < 0;
        if (!failed && all_simple) {
            /* _root_headers' simple case: one value right after the name, no backslash; a name
             * given twice or a move in the root leaves the headers to Python, which says so */
            int simple = values == 1 && !escapes && AT(values_start) == '[';
            int known = PyDict_Contains(headers, name);
            Py_UCS4 only = name_end - name_start == 1 ? AT(name_start) : 0;
            if (known < 0) {
                failed = 1;
            } else if (!simple || known || only == 'W' || only == 'B') {
                all_simple = 0;
            } else {
                PyObject *value = PyUnicode_Substring(text, values_start + 1, j - 1);
                failed = !value || PyDict_SetItem(headers, name, value) < 0;
                Py_XDECREF(value);
            }
        }
        Py_XDECREF(name);
        Py_XDECREF(pair);
        if (failed) {
            Py_DECREF(properties);
            Py_DECREF(headers);
            return NULL;
        }
        i = root_end = j;
    }
    while (i < n && blank(AT(i))) i++;
    Py_ssize_t moves_start = i;
    while (i < n && AT(i) == ';') { /* move nodes: ; blanks W|B blanks [value] blanks */
        for (i++; i < n && blank(AT(i)); i++) {
        }
        if (i >= n || (AT(i) != 'W' && AT(i) != 'B')) goto not_plain;
        for (i++; i < n && blank(AT(i)); i++) {
        }
        if (i >= n || AT(i) != '[') goto not_plain;
        for (i++; i < n && AT(i) != ']'; i++)
            if (AT(i) == '\\' || AT(i) == '=') goto not_plain;
        if (i >= n) goto not_plain;
        for (i++; i < n && blank(AT(i)); i++) {
        }
    }
    Py_ssize_t moves_end = i;
    if (i != n - 1 || AT(i) != ')') goto not_plain;
#undef AT
    if (all_simple) {
        Py_DECREF(properties);
        return Py_BuildValue("(Nnnnn)", headers, root_start, root_end, moves_start, moves_end);
    }
    Py_DECREF(headers);
    return Py_BuildValue("(Nnnnn)", properties, root_start, root_end, moves_start, moves_end);
not_plain:
    Py_DECREF(properties);
    Py_DECREF(headers);
    Py_RETURN_NONE;
}

/* A growable int32 array. */
typedef struct {
    int32_t *items;
    Py_ssize_t count, room;
} int_array;

static int push(int_array *a, int32_t value) {
    if (a->count >= a->room) {
        Py_ssize_t room = a->room ? 2 * a->room : 128;
        int32_t *grown = PyMem_Realloc(a->items, sizeof(int32_t) * (size_t)room);
        if (!grown) {
            PyErr_NoMemory();
            return -1;
        }
        a->items = grown;
        a->room = room;
    }
    a->items[a->count++] = value;
    return 0;
}

static PyObject *array_bytes(const int_array *a) {
    return PyBytes_FromStringAndSize((const char *)a->items, (Py_ssize_t)sizeof(int32_t) * a->count);
}

/* scan_moves(text, start, end, known, learn): the move nodes of a plain Little Golem game between
 * `start` and `end` (the moves scan_plain found), read as formats/lg.py's _plain_game reads them:
 * each value looked up in `known` (value -> (cells tuple, its cell indices as int32 bytes), or the
 * index of a bad character), or given to `learn(value)`, which reads and remembers it. Returns
 * (first player, [cells per turn], the turns' node offsets as int32 bytes, the turns as int32
 * bytes: per turn its count of stones then their indices, the player who resigned or 0, the
 * offset of the resignation's node), or None where _plain_game leaves the game to the grammar
 * (a bad value, two nodes of one colour, a node after a resignation). */
static PyObject *core_scan_moves(PyObject *module, PyObject *args) {
    PyObject *text, *known, *learn;
    Py_ssize_t start, end;
    if (!PyArg_ParseTuple(args, "UnnO!O:scan_moves", &text, &start, &end, &PyDict_Type, &known, &learn)) return NULL;
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (start < 0 || end > length || start > end || length > INT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "scan_moves: a span of the text");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    PyObject *cells = PyList_New(0), *result = NULL;
    int_array offsets = {NULL, 0, 0}, turns = {NULL, 0, 0};
    int first = 0, previous = 0, resigned = 0;
    Py_ssize_t resigned_at = 0, i = start;
    if (!cells) return NULL;
    while (i < end) {
        Py_ssize_t node = i;
        if (PyUnicode_READ(kind, data, i) != ';') goto plain_not;
        for (i++; i < end && blank(PyUnicode_READ(kind, data, i)); i++) {
        }
        if (i >= end) goto plain_not;
        Py_UCS4 mark = PyUnicode_READ(kind, data, i);
        if (mark != 'W' && mark != 'B') goto plain_not;
        int colour = mark == 'W' ? 1 : 2;
        for (i++; i < end && blank(PyUnicode_READ(kind, data, i)); i++) {
        }
        if (i >= end || PyUnicode_READ(kind, data, i) != '[') goto plain_not;
        Py_ssize_t from = ++i;
        while (i < end && PyUnicode_READ(kind, data, i) != ']') i++;
        if (i >= end) goto plain_not;
        Py_ssize_t to = i++;
        while (i < end && blank(PyUnicode_READ(kind, data, i))) i++;
        if (resigned) goto plain_not; /* a move after resigning: the grammar's error */
        PyObject *value = PyUnicode_Substring(text, from, to);
        if (!value) goto fail;
        PyObject *found = PyDict_GetItemWithError(known, value);
        if (found) {
            Py_INCREF(found);
        } else if (!PyErr_Occurred()) {
            found = PyObject_CallOneArg(learn, value);
        }
        if (!found) {
            Py_DECREF(value);
            goto fail;
        }
        if (PyLong_Check(found)) { /* not cells: a resignation, or the grammar's error */
            Py_DECREF(found);
            PyObject *stripped = PyObject_CallMethod(value, "strip", NULL);
            PyObject *lower = stripped ? PyObject_CallMethod(stripped, "lower", NULL) : NULL;
            Py_XDECREF(stripped);
            Py_DECREF(value);
            if (!lower) goto fail;
            int is_resign = PyUnicode_CompareWithASCIIString(lower, "resign") == 0;
            Py_DECREF(lower);
            if (!is_resign) goto plain_not;
            resigned = colour;
            resigned_at = node;
            continue;
        }
        Py_DECREF(value);
        PyObject *indices;
        if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2 ||
            !PyBytes_Check(indices = PyTuple_GET_ITEM(found, 1))) {
            Py_DECREF(found);
            PyErr_SetString(PyExc_TypeError, "scan_moves: known values are (cells, indices) or an int");
            goto fail;
        }
        if (colour == previous) { /* two nodes of one colour: merged by the grammar, with a warning */
            Py_DECREF(found);
            goto plain_not;
        }
        if (!previous) first = colour;
        previous = colour;
        Py_ssize_t stones = PyBytes_GET_SIZE(indices) / (Py_ssize_t)sizeof(int32_t);
        const int32_t *each = (const int32_t *)PyBytes_AS_STRING(indices);
        int failed = PyList_Append(cells, PyTuple_GET_ITEM(found, 0)) < 0 || push(&offsets, (int32_t)node) < 0 ||
                     push(&turns, (int32_t)stones) < 0;
        for (Py_ssize_t k = 0; k < stones && !failed; k++) failed = push(&turns, each[k]) < 0;
        Py_DECREF(found);
        if (failed) goto fail;
    }
    PyObject *packed_offsets = array_bytes(&offsets), *packed_turns = array_bytes(&turns);
    if (packed_offsets && packed_turns) {
        result = Py_BuildValue("(iONNin)", first ? first : 1, cells, packed_offsets, packed_turns, resigned,
                               resigned_at);
    } else {
        Py_XDECREF(packed_offsets);
        Py_XDECREF(packed_turns);
    }
    goto done;
plain_not:
    result = Py_None;
    Py_INCREF(result);
    goto done;
fail:
    result = NULL;
done:
    Py_DECREF(cells);
    PyMem_Free(offsets.items);
    PyMem_Free(turns.items);
    return result;
}

/* replay_flat(game, first, turns): play turns packed as scan_moves packs them (per turn its count
 * of stones, then their cell indices, -1 off the board; the mover's own stones, the players
 * alternating from `first`) until one is refused: (turns played, code or None). */
static PyObject *core_replay_flat(PyObject *module, PyObject *args) {
    PyObject *game;
    int player;
    Py_buffer turns;
    if (!PyArg_ParseTuple(args, "O!iy*:replay_flat", &GameType, &game, &player, &turns)) return NULL;
    hex_game *g = &((GameObject *)game)->game;
    const int32_t *at = turns.buf, *stop = at + turns.len / (Py_ssize_t)sizeof(int32_t);
    Py_ssize_t done = 0;
    int code = PLAY_OK, cells[TURN_ROOM];
    while (at < stop) {
        int32_t count = *at++;
        if (count < 0 || count > stop - at) {
            PyBuffer_Release(&turns);
            PyErr_SetString(PyExc_ValueError, "replay_flat: turns cut short");
            return NULL;
        }
        if (count > TURN_ROOM) { /* refused here; the Python engine words it */
            code = g->end ? PLAY_GAME_OVER : PLAY_STONE_COUNT;
            break;
        }
        for (int32_t k = 0; k < count; k++) cells[k] = at[k] < 0 || at[k] >= g->board->cells ? -1 : at[k];
        at += count;
        code = game_play(g, player, cells, NULL, count);
        if (code != PLAY_OK) break;
        done++;
        player = 3 - player;
    }
    PyBuffer_Release(&turns);
    if (code < 0) return PyErr_NoMemory();
    if (code == PLAY_OK) return Py_BuildValue("(nO)", done, Py_None);
    return Py_BuildValue("(ns)", done, play_codes[code]);
}


/* -- Judging plain Little Golem games in one pass -------------------------------------------- */

#define AT(k) PyUnicode_READ(kind, data, (k))

/* One of the variants a judge asks of each game (variant "auto"): one the core plays (`known`,
 * replayed on its own game, reset for each record), or one it knows only the start of (a variant
 * whose engine it does not play): the cells taken before the first turn, the stone counts the
 * first mover may place (a bit per count) and who that is. Such a variant refuses a game whose
 * first turn breaks those; any other game is left to Python, which alone can say. */
typedef struct {
    PyObject *tag;
    int known, own, to_move;
    hex_game game;
    const int32_t *occupied;
    Py_ssize_t occupied_count;
    unsigned long long first_counts;
} judge_candidate;

/* At most this many variants are asked of a game (the registry has 13 hex variants). */
#define JUDGE_CANDIDATES 32

/* What a judge_plain setup (see there) holds, parsed once for the games that share it. */
typedef struct {
    PyObject *setup; /* a strong reference: the tuple parsed, NULL before the first */
    const hex_board *board;
    hex_rules rules;
    const int32_t *labels;
    PyObject *tag;
    int candidates; /* variant "auto": how many variants are asked (0: the one of `rules`) */
    judge_candidate candidate[JUDGE_CANDIDATES];
    int playing;    /* whether `game` is initialised: on the board and rules above */
    hex_game game;  /* the game each record is replayed on (reset for each), not variant "auto" */
} judge_setup;

static void setup_clear(judge_setup *cached) {
    for (int c = 0; c < cached->candidates; c++)
        if (cached->candidate[c].known) game_free(&cached->candidate[c].game);
    cached->candidates = 0;
    if (cached->playing) game_free(&cached->game);
    cached->playing = 0;
    Py_CLEAR(cached->setup);
}

/* The candidates of an "auto" setup: (tag, rules or None, cells taken at the start (int32
 * bytes) or None, the first mover's counts (a bit per count), the first mover, own (bool)) each.
 * 0 parsed, -1 error (`cached` left with none). */
static int parse_candidates(PyObject *candidates, const hex_board *board, judge_setup *cached) {
    if (!PyTuple_Check(candidates) || PyTuple_GET_SIZE(candidates) < 1 ||
        PyTuple_GET_SIZE(candidates) > JUDGE_CANDIDATES) {
        PyErr_SetString(PyExc_ValueError, "setup: 1 to 32 candidate variants");
        return -1;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(candidates); k++) {
        judge_candidate *c = &cached->candidate[k];
        PyObject *tag, *rules, *occupied;
        int own;
        memset(c, 0, sizeof *c);
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(candidates, k), "UOOKip;candidate: (tag, rules, taken, counts, mover, own)",
                              &tag, &rules, &occupied, &c->first_counts, &c->to_move, &own))
            return -1;
        c->tag = tag;
        c->own = own;
        if (rules != Py_None) {
            hex_rules parsed;
            if (parse_rules(rules, &parsed) < 0) return -1;
            if (game_init(&c->game, board, &parsed) < 0) {
                PyErr_NoMemory();
                return -1;
            }
            c->known = 1;
            cached->candidates = (int)k + 1;
        } else {
            if (!PyBytes_Check(occupied) || PyBytes_GET_SIZE(occupied) % (Py_ssize_t)sizeof(int32_t)) {
                PyErr_SetString(PyExc_ValueError, "candidate: the cells taken are int32 bytes");
                return -1;
            }
            c->occupied = (const int32_t *)PyBytes_AS_STRING(occupied);
            c->occupied_count = PyBytes_GET_SIZE(occupied) / (Py_ssize_t)sizeof(int32_t);
            cached->candidates = (int)k + 1;
        }
    }
    return 0;
}

/* The setup of a game whose SZ is `size` (or absent): 1 found (into `cached`), 0 none (the game
 * is left to Python), -1 error. */
static int setup_for(PyObject *text, const lg_root *root, PyObject *setups, PyObject *setup_of, judge_setup *cached) {
    PyObject *size = root->sz.start >= 0 ? PyUnicode_Substring(text, root->sz.start, root->sz.end) : Py_NewRef(Py_None);
    if (!size) return -1;
    PyObject *found = PyDict_GetItemWithError(setups, size);
    if (found) {
        Py_INCREF(found);
    } else if (!PyErr_Occurred()) {
        found = PyObject_CallOneArg(setup_of, size);
        if (found && PyDict_SetItem(setups, size, found) < 0) Py_CLEAR(found);
    }
    Py_DECREF(size);
    if (!found) return -1;
    if (found == Py_None || found == cached->setup) {
        Py_DECREF(found);
        return found != Py_None;
    }
    PyObject *board, *rules, *labels, *tag, *candidates = NULL;
    if (!PyArg_ParseTuple(found, "O!OSO|O;setup: (Board, rules, labels, tag[, candidates])", &BoardType, &board, &rules,
                          &labels, &tag, &candidates)) {
        Py_DECREF(found);
        return -1;
    }
    if (PyBytes_GET_SIZE(labels) != (Py_ssize_t)sizeof(int32_t) * LG_ROWS * LG_NUMBERS) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_ValueError, "setup: labels are 26 * 100 int32 cell indices");
        return -1;
    }
    setup_clear(cached);
    const hex_board *parsed_board = &((BoardObject *)board)->board;
    if (candidates ? parse_candidates(candidates, parsed_board, cached) < 0 : parse_rules(rules, &cached->rules) < 0) {
        setup_clear(cached);
        Py_DECREF(found);
        return -1;
    }
    cached->setup = found;
    cached->board = parsed_board;
    cached->labels = (const int32_t *)PyBytes_AS_STRING(labels);
    cached->tag = tag;
    return 1;
}

/* The final position of a game as adjudication scores it: (colour 1's group sizes, colour 2's,
 * largest first, score 1, score 2, empty cells, end (END_*), the player who resigned or 0, and
 * the cascading comparison of the two lists of sizes (scoring.compare_groups): the colour whose
 * list is larger (0: they are the same) and the 0-based place where they first differ (-1: none)). */
static PyObject *final_position(hex_game *game, int resigned) {
    hex_groups g = game_groups(game);
    int at, larger = compare_groups_at(g.sizes[1], g.count[1], g.sizes[2], g.count[2], &at);
    PyObject *position = PyTuple_New(9);
    if (!position) return NULL;
    for (int colour = 1; colour <= 2; colour++) {
        PyObject *groups = int_tuple(g.sizes[colour], g.count[colour]);
        if (!groups) {
            Py_DECREF(position);
            return NULL;
        }
        PyTuple_SET_ITEM(position, colour - 1, groups);
    }
    int numbers[7] = {game->score[1], game->score[2], game->empty, game->end, resigned, larger, at};
    for (int k = 0; k < 7; k++) {
        PyObject *number = PyLong_FromLong(numbers[k]);
        if (!number) {
            Py_DECREF(position);
            return NULL;
        }
        PyTuple_SET_ITEM(position, k + 2, number);
    }
    return position;
}

/* Play every turn of `moves` on `game` (at its start): PLAY_OK, the code of the first refused,
 * or -1 out of memory. */
static int play_moves(hex_game *game, const lg_moves *moves) {
    const int32_t *at = moves->turns.items, *stop = at + moves->turns.count;
    int player = moves->first, code = PLAY_OK, cells[TURN_ROOM];
    while (at < stop && code == PLAY_OK) {
        int32_t count = *at++;
        if (count > TURN_ROOM) return PLAY_STONE_COUNT;
        for (int32_t k = 0; k < count; k++) cells[k] = at[k] < 0 || at[k] >= game->board->cells ? -1 : at[k];
        at += count;
        code = game_play(game, player, cells, NULL, count);
        player = 3 - player;
    }
    return code;
}

/* Whether every turn of `moves` is legal under the setup's rules, played on its board (on the
 * setup's game, made at its first record and reset for each after); with `final`, where they
 * are, the final position (final_position) into it. */
static int all_legal(judge_setup *setup, const lg_moves *moves, PyObject **final) {
    if (setup->playing) {
        game_reset(&setup->game);
    } else if (game_init(&setup->game, setup->board, &setup->rules) < 0) {
        return -1;
    } else {
        setup->playing = 1;
    }
    int code = play_moves(&setup->game, moves);
    if (code == PLAY_OK && final && !(*final = final_position(&setup->game, moves->resigned))) code = -1;
    return code < 0 ? -1 : code == PLAY_OK;
}

/* Whether a variant the core knows only the start of (see judge_candidate) refuses the first
 * turn of `moves`: the wrong player, a cell off the board, twice or taken, a count the first
 * mover may not place. 0 where the first turn passes these (only Python can say more). */
static int first_turn_refused(const judge_candidate *c, const lg_moves *moves, int cells) {
    const int32_t *at = moves->turns.items;
    int32_t count = at[0];
    if (moves->first != c->to_move || count >= 64 || !(c->first_counts >> count & 1)) return 1;
    for (int32_t k = 1; k <= count; k++) {
        if (at[k] < 0 || at[k] >= cells) return 1;
        for (int32_t j = 1; j < k; j++)
            if (at[j] == at[k]) return 1;
        for (Py_ssize_t j = 0; j < c->occupied_count; j++)
            if (c->occupied[j] == at[k]) return 1;
    }
    return 0;
}

/* Variant "auto": which of the setup's variants find every turn of `moves` legal, into
 * `accepted` (a bit per candidate); 1 where that is decided, 0 where a variant the core knows
 * only the start of lets the first turn pass (the game is left to Python), -1 out of memory. */
static int accepting(judge_setup *setup, const lg_moves *moves, unsigned *accepted) {
    *accepted = 0;
    for (int k = 0; k < setup->candidates; k++) /* the cheap checks first: they may leave it to Python */
        if (!setup->candidate[k].known && !first_turn_refused(&setup->candidate[k], moves, setup->board->cells))
            return 0;
    for (int k = 0; k < setup->candidates; k++) {
        judge_candidate *c = &setup->candidate[k];
        if (!c->known) continue;
        game_reset(&c->game);
        int code = play_moves(&c->game, moves);
        if (code < 0) return -1;
        if (code == PLAY_OK) *accepted |= 1u << k;
    }
    return 1;
}

/* The variant "auto" judges a game by (as rules.inference.choose_variant): its own where that
 * accepts it, else the first that does; -1 where none does (the game is left to Python). */
static int chosen_of(const judge_setup *setup, unsigned accepted) {
    int first = -1;
    for (int k = 0; k < setup->candidates; k++)
        if (accepted >> k & 1) {
            if (setup->candidate[k].own) return k;
            if (first < 0) first = k;
        }
    return first;
}

/* The tags of the accepted candidates, in order. */
static PyObject *accepted_tags(const judge_setup *setup, unsigned accepted) {
    PyObject *tags = PyTuple_New(popcount64(accepted));
    if (!tags) return NULL;
    Py_ssize_t i = 0;
    for (int k = 0; k < setup->candidates; k++)
        if (accepted >> k & 1) PyTuple_SET_ITEM(tags, i++, Py_NewRef(setup->candidate[k].tag));
    return tags;
}

/* Whether RE names the player who resigned (Little Golem's way: the reader warns), as
 * `headers["RE"].strip()[:1].upper()` tells in Python; -1 where only Python can tell. */
static int re_names_resigner(int kind, const void *data, lg_span re, int resigned) {
    Py_ssize_t k = re.start;
    while (k < re.end && ((AT(k) >= 9 && AT(k) <= 13) || (AT(k) >= 28 && AT(k) <= 32))) k++;
    if (k >= re.end) return 0;
    if (AT(k) >= 128) return -1;
    return (AT(k) & ~(Py_UCS4)0x20) == (resigned == 1 ? 'W' : 'B');
}

/* judge_plain(text, pos, line, column, limit, max_turns, most, single, scored, setups, setup_of[, packed]): the plain
 * Little Golem games of `text` from `pos` (a '(' at `line`, `column`), judged on the core while
 * each is one formats/lg.py reads with no warning and finds every turn of legal (lgplain.h), of
 * at most `limit` characters and `max_turns` nodes, with a setup, and (unless `single`: `text` is
 * one game) is followed, after blanks, by the next game's '(' (text after a game is the reader's
 * to warn of). A game's setup is `setups[SZ value or None]`, else `setup_of(that)` remembered
 * there: None (left to Python) or (Board, rules, labels: 26 * 100 int32 cell indices of the
 * labels A0 to Z99, tag), or for variant "auto" (Board, None, labels, None, candidates: see
 * parse_candidates), where a game is judged by the variant chosen_of() names, and left to Python
 * where none accepts it or the core cannot tell. At most `most` games are judged in one call
 * (what it gives stays small). Returns ([(line, column, PW or None, PB or None, turns, tag,
 * final, accepted) of each game judged], where the first game not judged starts); `final` is the
 * game's final position (final_position) where `scored`, else None; `accepted` the tags of the
 * candidates that accept the game, in order (variant "auto"), else None. With `packed`, each
 * verdict has a ninth field, the game as read: (its text from its '(' to its ')', the first
 * player, its turns packed as int32 (per turn its count of stones, then their cell indices), the
 * player who resigned or 0), for a writer to write it from without reading it again. */
static PyObject *core_judge_plain(PyObject *module, PyObject *args) {
    PyObject *text, *setups, *setup_of;
    Py_ssize_t pos, line, column, limit, max_turns, most;
    int single, scored, packed = 0;
    if (!PyArg_ParseTuple(args, "UnnnnnnppO!O|p:judge_plain", &text, &pos, &line, &column, &limit, &max_turns, &most,
                          &single, &scored, &PyDict_Type, &setups, &setup_of, &packed))
        return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), counted = pos, line_start = pos - (column - 1);
    if (pos < 0 || pos > n) {
        PyErr_SetString(PyExc_ValueError, "judge_plain: a position in the text");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    PyObject *verdicts = PyList_New(0);
    judge_setup setup;
    memset(&setup, 0, sizeof setup);
    lg_moves moves = {{NULL, 0, 0}, 0, 0, 0, 0};
    int failed = !verdicts;
    while (!failed && pos < n && PyList_GET_SIZE(verdicts) < most) {
        lg_root root;
        PyObject *final = NULL;
        int found = lg_scan_root(kind, data, n, pos, &root);
        found = found > 0 ? setup_for(text, &root, setups, setup_of, &setup) : found;
        found = found > 0 ? lg_scan_moves(kind, data, n, &root, setup.labels, max_turns, &moves) : found;
        if (found > 0 && (moves.end - pos > limit || !moves.count)) found = 0;
        if (found > 0 && moves.resigned && root.re.start >= 0)
            found = re_names_resigner(kind, data, root.re, moves.resigned) == 0;
        unsigned accepted = 0;
        int chosen = -1;
        if (found > 0 && setup.candidates) {
            found = accepting(&setup, &moves, &accepted);
            chosen = found > 0 ? chosen_of(&setup, accepted) : -1;
            found = found > 0 ? chosen >= 0 : found;
            if (found > 0 && scored && !(final = final_position(&setup.candidate[chosen].game, moves.resigned)))
                found = -1;
        } else if (found > 0) {
            found = all_legal(&setup, &moves, scored ? &final : NULL);
        }
        Py_ssize_t next = moves.end;
        if (found > 0 && single) {
            found = next == n;
        } else if (found > 0) {
            while (next < n && (blank(AT(next)) || AT(next) == '\r')) next++;
            found = next < n && AT(next) == '(';
        }
        if (found < 0 && !PyErr_Occurred()) PyErr_NoMemory();
        if (found <= 0) {
            Py_XDECREF(final);
            failed = found < 0;
            break;
        }
        for (; counted < pos; counted++)
            if (AT(counted) == '\n') {
                line++;
                line_start = counted + 1;
            }
        PyObject *pw = root.pw.start >= 0 ? PyUnicode_Substring(text, root.pw.start, root.pw.end) : Py_NewRef(Py_None);
        PyObject *pb = root.pb.start >= 0 ? PyUnicode_Substring(text, root.pb.start, root.pb.end) : Py_NewRef(Py_None);
        PyObject *tag = chosen >= 0 ? setup.candidate[chosen].tag : setup.tag;
        PyObject *tags = chosen >= 0 ? accepted_tags(&setup, accepted) : Py_NewRef(Py_None);
        PyObject *game = NULL;
        if (packed && pw && pb && tags) {
            PyObject *turns = PyBytes_FromStringAndSize((const char *)moves.turns.items,
                                                        (Py_ssize_t)sizeof(int32_t) * moves.turns.count);
            PyObject *own = turns ? PyUnicode_Substring(text, pos, moves.end) : NULL;
            game = own ? Py_BuildValue("(NiNi)", own, moves.first, turns, moves.resigned) : NULL;
            if (!own) Py_XDECREF(turns);
        }
        PyObject *verdict = NULL;
        if (pw && pb && tags && (game || !packed)) {
            verdict = packed ? Py_BuildValue("(nnOOnOOON)", line, pos - line_start + 1, pw, pb, moves.count, tag,
                                             final ? final : Py_None, tags, game)
                             : Py_BuildValue("(nnOOnOOO)", line, pos - line_start + 1, pw, pb, moves.count, tag,
                                             final ? final : Py_None, tags);
        }
        failed = !verdict || PyList_Append(verdicts, verdict) < 0;
        Py_XDECREF(final);
        Py_XDECREF(tags);
        Py_XDECREF(pw);
        Py_XDECREF(pb);
        Py_XDECREF(verdict);
        pos = next;
    }
    PyMem_Free(moves.turns.items);
    setup_clear(&setup);
    if (failed) {
        Py_XDECREF(verdicts);
        return NULL;
    }
    return Py_BuildValue("(Nn)", verdicts, pos);
}
/* plain_run(text, pos, limit, max_turns, most): the games from the '(' at `pos` on that judge_plain
 * would scan (lgplain.h: plain in shape, of at most `limit` characters and `max_turns` nodes, each
 * followed after blanks by the next game's '('), at most `most` of them, found without replaying
 * anything or making any object: a run of games cut here to be judged elsewhere. Returns (how
 * many, where the first game not counted starts: the '(' after the last one). Whether each is
 * valid, and whether its size has a setup, is for judge_plain to say. */
static PyObject *core_plain_run(PyObject *module, PyObject *args) {
    static int32_t labels[LG_ROWS * LG_NUMBERS]; /* cells do not matter here: all zero */
    PyObject *text;
    Py_ssize_t pos, limit, max_turns, most, count = 0;
    if (!PyArg_ParseTuple(args, "Unnnn:plain_run", &text, &pos, &limit, &max_turns, &most)) return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (pos < 0 || pos > n) {
        PyErr_SetString(PyExc_ValueError, "plain_run: a position in the text");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    lg_moves moves = {{NULL, 0, 0}, 0, 0, 0, 0};
    int found = 1;
    while (count < most && pos < n) {
        lg_root root;
        found = lg_scan_root(kind, data, n, pos, &root);
        found = found > 0 ? lg_scan_moves(kind, data, n, &root, labels, max_turns, &moves) : found;
        if (found > 0 && moves.end - pos > limit) found = 0;
        if (found <= 0) break;
        Py_ssize_t next = moves.end;
        while (next < n && (blank(AT(next)) || AT(next) == '\r')) next++;
        if (next >= n || AT(next) != '(') break;
        count++;
        pos = next;
    }
    PyMem_Free(moves.turns.items);
    if (found < 0) return PyErr_NoMemory();
    return Py_BuildValue("(nn)", count, pos);
}
#undef AT

/* scan_packed(text, labels_of, max_turns): `text` read as judge_plain reads a game (lgplain.h:
 * the whole text one plain game, its root simple), without judging it: None where it is not so,
 * else (its SZ value or None, the first player, its turns packed as judge_plain packs them, the
 * player who resigned or 0). `labels_of(SZ value or None)` gives the labels of the board that
 * size names (as judge_plain's setups hold them), or None to leave the game unread. */
static PyObject *core_scan_packed(PyObject *module, PyObject *args) {
    PyObject *text, *labels_of;
    Py_ssize_t max_turns;
    if (!PyArg_ParseTuple(args, "UOn:scan_packed", &text, &labels_of, &max_turns)) return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    lg_root root;
    if (lg_scan_root(kind, data, n, 0, &root) <= 0) Py_RETURN_NONE;
    PyObject *size = root.sz.start >= 0 ? PyUnicode_Substring(text, root.sz.start, root.sz.end) : Py_NewRef(Py_None);
    PyObject *labels = size ? PyObject_CallOneArg(labels_of, size) : NULL;
    if (!labels) {
        Py_XDECREF(size);
        return NULL;
    }
    PyObject *result = NULL;
    if (labels == Py_None) {
        result = Py_NewRef(Py_None);
    } else if (!PyBytes_Check(labels) ||
               PyBytes_GET_SIZE(labels) != (Py_ssize_t)sizeof(int32_t) * LG_ROWS * LG_NUMBERS) {
        PyErr_SetString(PyExc_ValueError, "scan_packed: labels are 26 * 100 int32 cell indices");
    } else {
        lg_moves moves = {{NULL, 0, 0}, 0, 0, 0, 0};
        int found = lg_scan_moves(kind, data, n, &root, (const int32_t *)PyBytes_AS_STRING(labels), max_turns, &moves);
        if (found < 0) {
            PyErr_NoMemory();
        } else if (!found || moves.end != n) {
            result = Py_NewRef(Py_None);
        } else {
            PyObject *turns = PyBytes_FromStringAndSize((const char *)moves.turns.items,
                                                        (Py_ssize_t)sizeof(int32_t) * moves.turns.count);
            result = turns ? Py_BuildValue("(OiNi)", size, moves.first, turns, moves.resigned) : NULL;
        }
        PyMem_Free(moves.turns.items);
    }
    Py_DECREF(labels);
    Py_DECREF(size);
    return result;
}

/* Whether `word` (ASCII) is at `i` of the text (a text of one byte a character compared at once). */
static inline int word_at(int kind, const void *data, Py_ssize_t n, Py_ssize_t i, const char *word) {
    size_t length = strlen(word);
    if (i < 0 || (Py_ssize_t)length > n - i) return 0;
    if (kind == PyUnicode_1BYTE_KIND) return memcmp((const Py_UCS1 *)data + i, word, length) == 0;
    for (; *word; word++, i++)
        if (PyUnicode_READ(kind, data, i) != (Py_UCS4)(unsigned char)*word) return 0;
    return 1;
}

/* A JSON integer as the catchup-notation JSON writer writes a coordinate (-?(0|[1-9][0-9]{0,5})) at
 * `*i`, moved past it; 0 where there is none. */
static int json_coordinate(int kind, const void *data, Py_ssize_t n, Py_ssize_t *i, long *value) {
    Py_ssize_t k = *i;
    int negative = k < n && PyUnicode_READ(kind, data, k) == '-';
    k += negative;
    if (k >= n || PyUnicode_READ(kind, data, k) < '0' || PyUnicode_READ(kind, data, k) > '9') return 0;
    long number = 0;
    int digits = 0;
    for (; k < n && PyUnicode_READ(kind, data, k) >= '0' && PyUnicode_READ(kind, data, k) <= '9'; k++, digits++)
        number = 10 * number + (long)(PyUnicode_READ(kind, data, k) - '0');
    if (digits > 6 || (digits > 1 && PyUnicode_READ(kind, data, *i + negative) == '0')) return 0;
    *value = negative ? -number : number;
    *i = k;
    return 1;
}

/* scan_json_turns(text, start, index, reach): the turns' array of a record the JSON writer writes of
 * plain turns, its inside from `start` (after its '['), read as the JSON reader reads it: each
 * turn exactly `{"player": P, "cells": [[q, r], ...], "numbers": []}`, ", " between them, the
 * players alternating and every turn with a stone; each cell's index on the board from `index`,
 * int32 bytes of (2 * reach + 1) rows of as many: the cell (q, r)'s at (q + reach) * (2 * reach + 1)
 * + r + reach, -1 for a cell not on the board (as any cell further out). (first player, the turns packed as judge_plain packs them, where the array ends:
 * just past its ']'), or None for anything else (the reader reads it). */
static PyObject *core_scan_json_turns(PyObject *module, PyObject *args) {
    PyObject *text;
    Py_buffer index;
    Py_ssize_t i, reach;
    if (!PyArg_ParseTuple(args, "Uny*n:scan_json_turns", &text, &i, &index, &reach)) return NULL;
    Py_ssize_t width = 2 * reach + 1;
    const int32_t *table = index.buf;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    int_array turns = {NULL, 0, 0};
    PyObject *result = NULL;
    int first = 0, previous = 0, failed = 0;
    if (i < 0 || i > n || reach < 0 || reach > 1000 || index.len != (Py_ssize_t)sizeof(int32_t) * width * width) {
        PyBuffer_Release(&index);
        PyErr_SetString(PyExc_ValueError, "scan_json_turns: a position in the text, a table of the reach given");
        return NULL;
    }
    while (i < n && PyUnicode_READ(kind, data, i) != ']') {
        if (previous && !word_at(kind, data, n, i, ", ")) goto plain_not;
        i += previous ? 2 : 0;
        if (!word_at(kind, data, n, i, "{\"player\": ")) goto plain_not;
        i += 11;
        Py_UCS4 mark = i < n ? PyUnicode_READ(kind, data, i) : 0;
        int player = mark == '1' ? 1 : mark == '2' ? 2 : 0;
        if (!player || (previous && player == previous)) goto plain_not;
        if (!first) first = player;
        previous = player;
        i++;
        if (!word_at(kind, data, n, i, ", \"cells\": [")) goto plain_not;
        i += 12;
        Py_ssize_t at = turns.count;
        int32_t stones = 0;
        if (push(&turns, 0) < 0) goto fail;
        for (;;) {
            long q, r;
            if (stones && !word_at(kind, data, n, i, ", ")) break;
            i += stones ? 2 : 0;
            if (!word_at(kind, data, n, i, "[")) goto plain_not;
            i++;
            if (!json_coordinate(kind, data, n, &i, &q) || !word_at(kind, data, n, i, ", ")) goto plain_not;
            i += 2;
            if (!json_coordinate(kind, data, n, &i, &r) || !word_at(kind, data, n, i, "]")) goto plain_not;
            i++;
            int32_t cell = q < -reach || q > reach || r < -reach || r > reach
                               ? -1
                               : table[(q + reach) * width + r + reach];
            if (push(&turns, cell) < 0) goto fail;
            stones++;
        }
        if (!stones || !word_at(kind, data, n, i, "], \"numbers\": []}")) goto plain_not;
        i += 17;
        turns.items[at] = stones;
    }
    if (i >= n) goto plain_not;
    PyObject *packed = PyBytes_FromStringAndSize((const char *)turns.items, (Py_ssize_t)sizeof(int32_t) * turns.count);
    result = packed ? Py_BuildValue("(iNn)", first, packed, i + 1) : NULL;
    goto done;
fail:
    failed = 1;
plain_not:
    result = failed ? NULL : Py_NewRef(Py_None);
done:
    PyMem_Free(turns.items);
    PyBuffer_Release(&index);
    return result;
}

/* The end of the JSON string whose opening quote is at `i` (just past its closing quote), as
 * Python's json reads one: no control character, and only the escapes \" \\ \/ \b \f \n \r \t
 * and \uXXXX; -1 where it is not one. */
static Py_ssize_t json_string_end(int kind, const void *data, Py_ssize_t n, Py_ssize_t i) {
    for (i++; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '"') return i + 1;
        if (c < 0x20) return -1;
        if (c != '\\') continue;
        if (++i >= n) return -1;
        c = PyUnicode_READ(kind, data, i);
        if (c == 'u') {
            for (int k = 0; k < 4; k++) {
                Py_UCS4 h = ++i < n ? PyUnicode_READ(kind, data, i) : 0;
                if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) return -1;
            }
        } else if (!strchr("\"\\/bfnrt", (int)c) || c == 0) {
            return -1;
        }
    }
    return -1;
}

/* json_skeleton(text, start, end): a line of JSON (`text`, one line: its only line break its last
 * character) without the inside of an array, text[start:end - 1], and with every string that is
 * not a key (followed by ':') emptied: what is left of the line's shape when its values are taken
 * out, to know whether it reads as a line of that skeleton read before does. Each string is
 * checked as JSON reads strings; None where one is not, or a line break comes before the end. */
static PyObject *core_json_skeleton(PyObject *module, PyObject *args) {
    PyObject *text;
    Py_ssize_t start, end;
    if (!PyArg_ParseTuple(args, "Unn:json_skeleton", &text, &start, &end)) return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (start < 0 || end < start + 1 || end > n) {
        PyErr_SetString(PyExc_ValueError, "json_skeleton: 0 <= start < end <= the text's length");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_UCS4 *out = PyMem_Malloc(sizeof(Py_UCS4) * (size_t)(n - (end - 1 - start)));
    if (!out) return PyErr_NoMemory();
    Py_ssize_t length = 0;
    PyObject *result = NULL;
    for (Py_ssize_t i = 0; i < n;) {
        if (i == start) i = end - 1; /* the array's inside left out */
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if ((c == '\n' || c == '\r') && i != n - 1) goto not_a_line;
        if (c != '"') {
            out[length++] = c;
            i++;
            continue;
        }
        Py_ssize_t stop = json_string_end(kind, data, n, i);
        if (stop < 0 || (i < start && stop > start)) goto not_a_line;
        Py_ssize_t after = stop;
        while (after < n && (PyUnicode_READ(kind, data, after) == ' ' || PyUnicode_READ(kind, data, after) == '\t'))
            after++;
        int key = after < n && PyUnicode_READ(kind, data, after) == ':';
        for (Py_ssize_t k = i; k < stop; k++)
            if (key || k == i || k == stop - 1) out[length++] = PyUnicode_READ(kind, data, k);
        i = stop;
    }
    result = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, out, length);
    goto done;
not_a_line:
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(out);
    return result;
}

/* -- Writing plain turns ---------------------------------------------------------------------- */

/* write_turns' text in two passes over the turns: `into` NULL, its length and widest character
 * (into `widest`), -1 where a turn has no stone or a cell no name (a pass, a cell off the board:
 * the writers' own path); else written into `into` (of that length and width). */
static Py_ssize_t turns_text(const int32_t *at, const int32_t *stop, int first, PyObject *const *pieces,
                             PyObject *names, PyObject *into, Py_UCS4 *widest) {
    /* pieces: the heads of player 1 and 2, between cells, tail, between turns */
    Py_ssize_t length = 0, cells = PyTuple_GET_SIZE(names);
    int player = first;
#define PUT(piece)                                                                           \
    do {                                                                                     \
        PyObject *put = (piece);                                                             \
        Py_ssize_t size = PyUnicode_GET_LENGTH(put);                                         \
        if (into) {                                                                          \
            if (PyUnicode_KIND(into) == PyUnicode_1BYTE_KIND)                                \
                memcpy(PyUnicode_1BYTE_DATA(into) + length, PyUnicode_1BYTE_DATA(put), (size_t)size); \
            else if (PyUnicode_CopyCharacters(into, length, put, 0, size) < 0)               \
                return -2;                                                                   \
        } else if (PyUnicode_MAX_CHAR_VALUE(put) > *widest) {                                \
            *widest = PyUnicode_MAX_CHAR_VALUE(put);                                         \
        }                                                                                    \
        length += size;                                                                      \
    } while (0)
    for (Py_ssize_t turn = 0; at < stop; turn++) {
        int32_t stones = *at++;
        if (stones < 1 || stones > stop - at) return -1;
        if (turn) PUT(pieces[4]);
        PUT(pieces[player - 1]);
        for (int32_t k = 0; k < stones; k++) {
            int32_t cell = at[k];
            if (cell < 0 || cell >= cells) return -1;
            if (k) PUT(pieces[2]);
            PUT(PyTuple_GET_ITEM(names, cell));
        }
        PUT(pieces[3]);
        at += stones;
        player = 3 - player;
    }
#undef PUT
    return length;
}

/* write_turns(turns, first, heads, names, between_cells, tail, between_turns): plain turns packed
 * as judge_plain packs them (per turn its count of stones, then their cell indices; the players
 * alternating from `first`) written as a notation writes them: each turn its player's head
 * (`heads[player - 1]`), its cells' names (`names[index]`) with `between_cells` between them and
 * `tail`, the turns with `between_turns` between them. None where a turn has no stone or a cell
 * is not named (the writer's own path writes those). The pieces are the writer's own texts: the
 * text is theirs put together, with nothing of its own. */
static PyObject *core_write_turns(PyObject *module, PyObject *args) {
    Py_buffer turns;
    int first;
    PyObject *heads, *names, *pieces[5];
    if (!PyArg_ParseTuple(args, "y*iO!O!UUU:write_turns", &turns, &first, &PyTuple_Type, &heads, &PyTuple_Type,
                          &names, &pieces[2], &pieces[3], &pieces[4]))
        return NULL;
    PyObject *result = NULL;
    const int32_t *at = turns.buf, *stop = at + turns.len / (Py_ssize_t)sizeof(int32_t);
    if (turns.len % (Py_ssize_t)sizeof(int32_t) || (first != 1 && first != 2) || PyTuple_GET_SIZE(heads) != 2) {
        PyErr_SetString(PyExc_ValueError, "write_turns: int32 turns, a first player 1 or 2, two heads");
        goto done;
    }
    pieces[0] = PyTuple_GET_ITEM(heads, 0);
    pieces[1] = PyTuple_GET_ITEM(heads, 1);
    if (!PyUnicode_Check(pieces[0]) || !PyUnicode_Check(pieces[1])) {
        PyErr_SetString(PyExc_TypeError, "write_turns: heads are str");
        goto done;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(names); k++)
        if (!PyUnicode_Check(PyTuple_GET_ITEM(names, k))) {
            PyErr_SetString(PyExc_TypeError, "write_turns: names are str");
            goto done;
        }
    Py_UCS4 widest = 127;
    Py_ssize_t length = turns_text(at, stop, first, pieces, names, NULL, &widest);
    if (length < 0) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    result = PyUnicode_New(length, widest);
    if (result && turns_text(at, stop, first, pieces, names, result, &widest) != length) Py_CLEAR(result);
done:
    PyBuffer_Release(&turns);
    return result;
}

/* -- Search ---------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD hex_search s;
    int ready;
    PyObject *check; /* budget.check, or None */
    unsigned long long max_nodes; /* 0: none */
    unsigned polls;
    PyObject *full; /* (1 << n) - 1 and n as Python ints: turns cross as c1 | c2 << n */
    PyObject *shift;
} SearchObject;

#define SEARCH(s) ((SearchObject *)((char *)(s)-offsetof(SearchObject, s)))

/* The budget: Python's Budget.check(nodes) raises past the budget and reports progress. Where the
 * Python search checks at every node (large boards), the node limit is still checked at every node
 * here, and the rest every 256 checks. Ctrl-C is seen at every call. */
static int search_poll(hex_search *s, int work) {
    SearchObject *self = SEARCH(s);
    if (PyErr_CheckSignals() < 0) return 1;
    if (self->check == Py_None) return 0;
    int due = work || s->check_every > 1 || (self->max_nodes && s->nodes >= self->max_nodes) || !(++self->polls & 255);
    if (!due) return 0;
    PyObject *r = PyObject_CallFunction(self->check, "K", (unsigned long long)s->nodes);
    if (!r) return 1;
    Py_DECREF(r);
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    if (self->ready) search_free(&self->s);
    Py_XDECREF(self->check);
    Py_XDECREF(self->full);
    Py_XDECREF(self->shift);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int mask_list(PyObject *list, mask_t *out, int count, const char *what) {
    PyObject *seq = PySequence_Fast(list, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != count) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %d masks expected", what, count);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == (mask_t)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

static int int_list(PyObject *list, int *out, int room, const char *what) {
    PyObject *seq = PySequence_Fast(list, what);
    if (!seq) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count > room) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: at most %d values", what, room);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return (int)count;
}

/* Search(rules, geometry, perms, canonical_stones, early, colouring, samples, sample_count,
 *        table_bytes, check, check_every, max_nodes)
 * geometry: (n, near, touch1, touch2, sizes1, sizes2, group_near1, group_near2, closed1, closed2) */
static int Search_init(SearchObject *self, PyObject *args, PyObject *kwds) {
    PyObject *rules_tuple, *geometry, *perms, *samples, *sample_count, *check;
    int canonical_stones, early, colouring, check_every;
    unsigned long long table_bytes, max_nodes;
    static char *names[] = {"rules", "geometry", "perms", "canonical_stones", "early", "colouring", "samples",
                            "sample_count", "table_bytes", "check", "check_every", "max_nodes", NULL};
    if (self->ready) {
        PyErr_SetString(PyExc_RuntimeError, "a Search is made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOiiiOOKOiK:Search", names, &rules_tuple, &geometry, &perms,
                                     &canonical_stones, &early, &colouring, &samples, &sample_count, &table_bytes,
                                     &check, &check_every, &max_nodes))
        return -1;
    hex_search *s = &self->s;
    memset(s, 0, sizeof *s);
    if (parse_rules(rules_tuple, &s->rules) < 0) return -1;
    PyObject *near, *touch[3], *sizes[3], *group_near[3], *closed[3];
    int n;
    if (!PyArg_ParseTuple(geometry, "iOOOOOOOOO;geometry: a tuple of 10", &n, &near, &touch[1], &touch[2], &sizes[1],
                          &sizes[2], &group_near[1], &group_near[2], &closed[1], &closed[2]))
        return -1;
    if (n < 1 || n > MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "the core searches 1 to 64 empty cells");
        return -1;
    }
    hex_geo *geo = &s->geo;
    geo->n = n;
    geo->full = low_bits(n);
    if (mask_list(near, geo->near, n, "near") < 0) return -1;
    geo_prepare(geo);
    int room = 2 * MAX_CELLS + MAX_FIXED;
    for (int c = 1; c <= 2; c++) {
        if (mask_list(touch[c], geo->touch[c], n, "touch") < 0) return -1;
        int fixed = int_list(sizes[c], geo->group_size[c], MAX_FIXED, "group sizes");
        if (fixed < 0) return -1;
        geo->fixed[c] = fixed;
        if (mask_list(group_near[c], geo->group_near[c], fixed, "group_near") < 0) return -1;
        Py_ssize_t nclosed = PySequence_Size(closed[c]);
        if (nclosed < 0) return -1;
        geo->untouched[c] = malloc(sizeof(int) * (size_t)(nclosed + 1));
        if (!geo->untouched[c]) {
            PyErr_NoMemory();
            return -1;
        }
        if ((geo->untouched_count[c] = int_list(closed[c], geo->untouched[c], (int)nclosed, "closed")) < 0) return -1;
        room += (int)nclosed;
    }
    geo->list_room = room;
    /* symmetries: per permutation of the n bits, the image of each byte */
    PyObject *perm_seq = PySequence_Fast(perms, "perms: a sequence");
    if (!perm_seq) return -1;
    s->perms = (int)PySequence_Fast_GET_SIZE(perm_seq);
    if (s->perms >= MAX_PERMS) {
        Py_DECREF(perm_seq);
        PyErr_SetString(PyExc_ValueError, "perms: at most 11 (the identity left out)");
        return -1;
    }
    if (s->perms) {
        s->perm_tables = calloc((size_t)s->perms, sizeof *s->perm_tables);
        if (!s->perm_tables) {
            Py_DECREF(perm_seq);
            PyErr_NoMemory();
            return -1;
        }
    }
    for (int p = 0; p < s->perms; p++) {
        int perm[MAX_CELLS];
        if (int_list(PySequence_Fast_GET_ITEM(perm_seq, p), perm, MAX_CELLS, "perm") != n) {
            Py_DECREF(perm_seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "perm: one image per bit");
            return -1;
        }
        for (int c = 0; c < 8; c++)
            for (int byte = 1; byte < 256; byte++) {
                int low = lowest_bit((mask_t)byte), bit = c * 8 + low;
                mask_t image = bit < n ? (mask_t)1 << perm[bit] : 0;
                s->perm_tables[p][c][byte] = s->perm_tables[p][c][byte & (byte - 1)] | image;
            }
    }
    Py_DECREF(perm_seq);
    s->canonical_stones = canonical_stones;
    s->early = early;
    s->cascade = early == EARLY_CASCADE;
    s->colouring = colouring;
    s->monotone = s->cascade && !s->rules.either_colour && !(s->rules.constrained && s->rules.may_stall);
    if (colouring) {
        if (mask_list(samples, s->samples, 160, "samples") < 0) return -1;
        if (int_list(sample_count, s->sample_count, MAX_CELLS + 1, "sample_count") != n + 1) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "sample_count: one per count of empty cells");
            return -1;
        }
    }
    s->check_every = check_every < 1 ? 1 : (uint64_t)check_every;
    s->next_check = s->check_every;
    s->poll = search_poll;
    Py_INCREF(check);
    self->check = check;
    self->max_nodes = max_nodes;
    self->shift = PyLong_FromLong(n);
    self->full = PyLong_FromUnsignedLongLong(geo->full);
    if (!self->shift || !self->full) return -1;
    if (search_init(s, (size_t)table_bytes) < 0) {
        search_free(s);
        PyErr_NoMemory();
        return -1;
    }
    self->ready = 1;
    return 0;
}

static int search_ready(SearchObject *self) {
    if (!self->ready) PyErr_SetString(PyExc_RuntimeError, "the Search was not made");
    return self->ready;
}

/* A Python turn (c1 | c2 << n) from a hex_turn, and back. */
static PyObject *turn_object(SearchObject *self, hex_turn t) {
    PyObject *c1 = PyLong_FromUnsignedLongLong(t.c1), *c2 = PyLong_FromUnsignedLongLong(t.c2), *out = NULL;
    if (c1 && c2) {
        PyObject *high = PyNumber_Lshift(c2, self->shift);
        if (high) {
            out = PyNumber_Or(c1, high);
            Py_DECREF(high);
        }
    }
    Py_XDECREF(c1);
    Py_XDECREF(c2);
    return out;
}

static int turn_of(SearchObject *self, PyObject *placed, hex_turn *t) {
    PyObject *low = PyNumber_And(placed, self->full), *high = low ? PyNumber_Rshift(placed, self->shift) : NULL;
    int ok = -1;
    if (low && high) {
        t->c1 = PyLong_AsUnsignedLongLong(low);
        t->c2 = PyLong_AsUnsignedLongLong(high);
        ok = PyErr_Occurred() ? -1 : 0;
        if (!ok && (t->c2 & ~self->s.geo.full)) { /* a cell past the searched ones */
            PyErr_SetString(PyExc_ValueError, "a placed turn out of range");
            ok = -1;
        }
    }
    Py_XDECREF(low);
    Py_XDECREF(high);
    return ok;
}

/* A mask of cells from a Python int, for "O&": a negative int or one past 64 bits is an error (the "K"
 * format would take it modulo 2^64, a mask no position has read as another one). */
static int mask_arg(PyObject *obj, void *out) {
    if (!PyLong_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a mask of cells is an int");
        return 0;
    }
    unsigned long long value = PyLong_AsUnsignedLongLong(obj);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) return 0;
    *(unsigned long long *)out = value;
    return 1;
}

/* A state tuple (m1, m2, mover, s1, s2, l1, l2, facts or None, turns) from a hex_state, and back. */
static PyObject *state_object(const hex_state *st) {
    PyObject *facts;
    if (st->has_facts) {
        facts = facts_tuple(&st->facts);
        if (!facts) return NULL;
    } else {
        facts = Py_None;
        Py_INCREF(facts);
    }
    return Py_BuildValue("(KKiiiiiNi)", (unsigned long long)st->m1, (unsigned long long)st->m2, st->mover, st->s1,
                         st->s2, st->l1, st->l2, facts, st->turns);
}

/* No group is larger than this (a board of 2^24 cells): sums of group sizes stay within an int. */
#define MAX_GROUP (1 << 24)

static int state_of(SearchObject *self, PyObject *obj, hex_state *st) {
    unsigned long long m1, m2;
    PyObject *facts;
    memset(st, 0, sizeof *st);
    if (!PyArg_ParseTuple(obj, "O&O&iiiiiOi;a search state", mask_arg, &m1, mask_arg, &m2, &st->mover, &st->s1, &st->s2, &st->l1, &st->l2,
                          &facts, &st->turns))
        return -1;
    st->m1 = m1;
    st->m2 = m2;
    if ((m1 | m2) & ~self->s.geo.full || (m1 & m2) || st->mover < 1 || st->mover > 2 || st->turns < 0 ||
        st->turns > 2 || st->s1 < 0 || st->s2 < 0 || st->s1 > 4095 || st->s2 > 4095 || st->l1 < 0 || st->l2 < 0 ||
        st->l1 > MAX_GROUP || st->l2 > MAX_GROUP) {
        PyErr_SetString(PyExc_ValueError, "a search state out of range");
        return -1;
    }
    if (facts != Py_None) {
        hex_facts *f = &st->facts;
        if (!PyArg_ParseTuple(facts, "iiiiiii;turn facts", &f->player, &f->placed, &f->score_before, &f->score_after,
                              &f->max_before, &f->max_after, &f->strict))
            return -1;
        st->has_facts = 1;
    }
    return 0;
}

static PyObject *children_list(SearchObject *self, const hex_child *items, int count) {
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *placed = turn_object(self, items[i].placed);
        PyObject *state = placed ? state_object(&items[i].state) : NULL;
        PyObject *pair = state ? PyTuple_Pack(2, placed, state) : NULL;
        Py_XDECREF(placed);
        Py_XDECREF(state);
        if (!pair) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

/* The search stopped: the budget's error is set; else memory ran out, or a bug. */
static PyObject *stopped(SearchObject *self) {
    if (!PyErr_Occurred()) {
        if (self->s.no_memory)
            PyErr_NoMemory();
        else
            PyErr_SetString(PyExc_RuntimeError, "the compiled search stopped");
    }
    return NULL;
}

static PyObject *Search_counts(SearchObject *self, PyObject *arg) {
    hex_state st;
    if (!search_ready(self) || state_of(self, arg, &st) < 0) return NULL;
    return counts_tuple(search_counts(&self->s, &st));
}

static int counts_of(PyObject *obj, counts_t *counts) {
    int values[8];
    int count = int_list(obj, values, 8, "counts");
    if (count < 0) return -1;
    *counts = 0;
    for (int i = 0; i < count; i++) {
        if (values[i] < 0 || values[i] > 3) {
            PyErr_SetString(PyExc_ValueError, "counts: 0 to 3 stones");
            return -1;
        }
        *counts |= 1u << values[i];
    }
    return 0;
}

static PyObject *Search_children(SearchObject *self, PyObject *args) {
    PyObject *state_obj, *counts_obj;
    hex_state st;
    counts_t counts;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "OO:children", &state_obj, &counts_obj)) return NULL;
    if (state_of(self, state_obj, &st) < 0 || counts_of(counts_obj, &counts) < 0) return NULL;
    hex_child *items;
    int count = search_children(&self->s, &st, counts, &items);
    if (count < 0) return stopped(self);
    PyObject *out = children_list(self, items, count);
    free(items);
    return out;
}

static PyObject *Search_ordered(SearchObject *self, PyObject *args) {
    PyObject *list, *hint_obj;
    int mover, depth;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "OiOi:ordered", &list, &mover, &hint_obj, &depth)) return NULL;
    if (depth < 0 || depth > MAX_DEPTH || mover < 1 || mover > 2) {
        PyErr_SetString(PyExc_ValueError, "ordered: mover 1 or 2, depth in range");
        return NULL;
    }
    hex_turn hint;
    if (turn_of(self, hint_obj, &hint) < 0) return NULL;
    PyObject *seq = PySequence_Fast(list, "children: a sequence");
    if (!seq) return NULL;
    int count = (int)PySequence_Fast_GET_SIZE(seq);
    hex_child *items = malloc(sizeof(hex_child) * (size_t)(count + 1));
    PyObject **originals = malloc(sizeof(PyObject *) * (size_t)(count + 1));
    PyObject *out = NULL;
    if (!items || !originals) {
        PyErr_NoMemory();
        goto done;
    }
    for (int i = 0; i < count; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(seq, i), *placed, *state;
        if (!PyArg_ParseTuple(pair, "OO;a child: (placed, state)", &placed, &state)) goto done;
        if (turn_of(self, placed, &items[i].placed) < 0 || state_of(self, state, &items[i].state) < 0) goto done;
        originals[i] = pair;
    }
    uint64_t *keys = search_order_keys(&self->s, items, count, mover, hint, depth);
    if (!keys) {
        stopped(self);
        goto done;
    }
    out = PyList_New(count);
    if (out)
        for (int i = 0; i < count; i++) {
            PyObject *pair = originals[keys[i] & 0x1FFFF];
            Py_INCREF(pair);
            PyList_SET_ITEM(out, i, pair);
        }
done:
    free(items);
    free(originals);
    Py_DECREF(seq);
    return out;
}

static PyObject *Search_value(SearchObject *self, PyObject *args, PyObject *kwds) {
    PyObject *state_obj;
    int alpha = -1, beta = 1, depth = 0;
    static char *names[] = {"state", "alpha", "beta", "depth", NULL};
    if (!search_ready(self) || !PyArg_ParseTupleAndKeywords(args, kwds, "O|iii:value", names, &state_obj, &alpha,
                                                            &beta, &depth))
        return NULL;
    hex_state st;
    if (state_of(self, state_obj, &st) < 0) return NULL;
    if (alpha < -1 || beta > 1 || alpha >= beta || depth < 0 || depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_ValueError, "value: -1 <= alpha < beta <= 1 and a depth in range");
        return NULL;
    }
    int v = search_value(&self->s, &st, alpha, beta, depth);
    if (self->s.stopped) return stopped(self);
    return PyLong_FromLong(v);
}

static PyObject *Search_line(SearchObject *self, PyObject *args) {
    PyObject *state_obj;
    int value_now;
    hex_state st;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "Oi:line", &state_obj, &value_now)) return NULL;
    if (state_of(self, state_obj, &st) < 0) return NULL;
    hex_turn turns[2 * MAX_CELLS + 8];
    int count = search_line(&self->s, st, value_now, turns, 2 * MAX_CELLS + 8);
    if (count == -2) {
        PyErr_SetString(PyExc_AssertionError, "no child keeps the solved value");
        return NULL;
    }
    if (count < 0) return stopped(self);
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *t = turn_object(self, turns[i]);
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, t);
    }
    return out;
}

static PyObject *Search_orbit(SearchObject *self, PyObject *placed) {
    hex_turn t;
    if (!search_ready(self) || turn_of(self, placed, &t) < 0) return NULL;
    return turn_object(self, search_canonical_turn(&self->s, t));
}

static PyObject *Search_wins_now(SearchObject *self, PyObject *args) {
    int colour;
    unsigned long long mask;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "iO&:wins_now", &colour, mask_arg, &mask)) return NULL;
    if (colour < 1 || colour > 2 || (mask & ~self->s.geo.full)) {
        PyErr_SetString(PyExc_ValueError, "wins_now: colour 1 or 2, a mask of empty cells");
        return NULL;
    }
    return PyBool_FromLong(search_wins_now(&self->s, colour, mask));
}

static PyObject *Search_groups(SearchObject *self, PyObject *args) {
    int colour;
    unsigned long long mask;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "iO&:groups", &colour, mask_arg, &mask)) return NULL;
    if (colour < 1 || colour > 2 || (mask & ~self->s.geo.full)) {
        PyErr_SetString(PyExc_ValueError, "groups: colour 1 or 2, a mask of empty cells");
        return NULL;
    }
    int count = geo_groups(&self->s.geo, colour, mask, self->s.lists);
    return int_tuple(self->s.lists, count);
}

static PyObject *Search_outcome(SearchObject *self, PyObject *args) {
    unsigned long long m1, m2;
    int mover, known;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "O&O&i:outcome", mask_arg, &m1, mask_arg, &m2, &mover)) return NULL;
    if ((m1 | m2) & ~self->s.geo.full || (m1 & m2)) {
        PyErr_SetString(PyExc_ValueError, "outcome: masks of empty cells");
        return NULL;
    }
    int v = search_outcome(&self->s, m1, m2, mover, &known);
    if (!known) Py_RETURN_NONE;
    return PyLong_FromLong(v);
}

static PyObject *Search_decided(SearchObject *self, PyObject *args) {
    unsigned long long m1, m2;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "O&O&:decided", mask_arg, &m1, mask_arg, &m2)) return NULL;
    if (!self->s.colouring || (m1 | m2) & ~self->s.geo.full || (m1 & m2)) {
        PyErr_SetString(PyExc_ValueError, "decided: a colouring search and masks of empty cells");
        return NULL;
    }
    return PyLong_FromLong(search_decided(&self->s, m1, m2));
}

static PyObject *Search_key(SearchObject *self, PyObject *args) {
    PyObject *state_obj, *counts_obj;
    hex_state st;
    counts_t counts;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "OO:key", &state_obj, &counts_obj)) return NULL;
    if (state_of(self, state_obj, &st) < 0 || counts_of(counts_obj, &counts) < 0) return NULL;
    mask_t k1, k2;
    int own;
    search_key(&self->s, &st, &k1, &k2, &own);
    uint32_t rule = self->s.colouring ? 0 : search_rule_word(&st, counts);
    return Py_BuildValue("((KKI)O)", (unsigned long long)k1, (unsigned long long)k2, rule, own ? Py_True : Py_False);
}

static PyObject *Search_get_nodes(SearchObject *self, void *unused) { return PyLong_FromUnsignedLongLong(self->s.nodes); }
static int Search_set_nodes(SearchObject *self, PyObject *value, void *unused) {
    unsigned long long nodes = value ? PyLong_AsUnsignedLongLong(value) : (unsigned long long)-1;
    if (nodes == (unsigned long long)-1 && (!value || PyErr_Occurred())) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "nodes: an int");
        return -1;
    }
    self->s.nodes = nodes;
    return 0;
}
static PyObject *Search_get_table(SearchObject *self, void *unused) {
    hex_table *t = &self->s.table;
    return Py_BuildValue("{s:n,s:n,s:n,s:K,s:K,s:K}", "entries", (Py_ssize_t)t->used, "capacity",
                         (Py_ssize_t)(t->max_buckets * BUCKET), "bytes", (Py_ssize_t)table_bytes(t->buckets),
                         "replaced", (unsigned long long)t->replaced, "grown", (unsigned long long)t->grown, "moved",
                         (unsigned long long)t->kicks);
}

/* save(path, tag) / load(path, tag): the table to a file and back (tag: bytes naming the search,
 * checked on loading). The search may be paused in a progress callback: the table is whole there. */
static PyObject *table_file(SearchObject *self, PyObject *args, int saving) {
    PyObject *path;
    const char *tag;
    Py_ssize_t tag_length;
    if (!search_ready(self) || !PyArg_ParseTuple(args, "O&y#", PyUnicode_FSConverter, &path, &tag, &tag_length))
        return NULL;
    FILE *file = fopen(PyBytes_AS_STRING(path), saving ? "wb" : "rb");
    if (!file) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
        Py_DECREF(path);
        return NULL;
    }
    int done;
    Py_BEGIN_ALLOW_THREADS done = saving ? table_save(&self->s.table, file, tag, (size_t)tag_length)
                                         : table_load(&self->s.table, file, tag, (size_t)tag_length);
    if (fclose(file) != 0 && done == 0) done = -1;
    Py_END_ALLOW_THREADS if (done == -1) PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
    else if (done == -2) PyErr_Format(PyExc_ValueError, "%S: not a table of this search (or of another build)", path);
    else if (done == -3) PyErr_Format(PyExc_ValueError, "%S: a table larger than this search's memory bound", path);
    Py_DECREF(path);
    if (done < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Search_save(SearchObject *self, PyObject *args) { return table_file(self, args, 1); }
static PyObject *Search_load(SearchObject *self, PyObject *args) { return table_file(self, args, 0); }

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, (setter)Search_set_nodes, "nodes searched", NULL},
    {"table", (getter)Search_get_table, NULL, "the transposition table's entries, bound, bytes and replacements", NULL},
    {NULL},
};

static PyMethodDef Search_methods[] = {
    {"counts", (PyCFunction)Search_counts, METH_O, "counts(state): the stone counts allowed"},
    {"children", (PyCFunction)Search_children, METH_VARARGS, "children(state, counts): [(placed, state)]"},
    {"ordered", (PyCFunction)Search_ordered, METH_VARARGS, "ordered(children, mover, hint, depth): best first"},
    {"value", (PyCFunction)(void (*)(void))Search_value, METH_VARARGS | METH_KEYWORDS,
     "value(state, alpha=-1, beta=1, depth=0): the negamax value for the player to move"},
    {"line", (PyCFunction)Search_line, METH_VARARGS, "line(state, value): the placed turns of a principal line"},
    {"turn_orbit_key", (PyCFunction)Search_orbit, METH_O, "the least image of a turn under the root's symmetries"},
    {"wins_now", (PyCFunction)Search_wins_now, METH_VARARGS, "wins_now(colour, mask)"},
    {"groups", (PyCFunction)Search_groups, METH_VARARGS, "groups(colour, mask): group sizes, largest first"},
    {"outcome", (PyCFunction)Search_outcome, METH_VARARGS, "outcome(m1, m2, mover): a decided value or None"},
    {"decided", (PyCFunction)Search_decided, METH_VARARGS, "decided(m1, m2): the colouring search's verdict"},
    {"key", (PyCFunction)Search_key, METH_VARARGS, "key(state, counts): (the table key, in its own frame)"},
    {"save", (PyCFunction)Search_save, METH_VARARGS, "save(path, tag): write the table to a file"},
    {"load", (PyCFunction)Search_load, METH_VARARGS, "load(path, tag): read a table save() wrote for the same tag"},
    {NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "catchup_notation._hexcore.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The exact search of one root position (see solvers/hexsolve/core.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

/* -- module ---------------------------------------------------------------------------------- */

static PyMethodDef module_methods[] = {
    {"replay", core_replay, METH_VARARGS,
     "replay(game, turns, index): play Turn objects until one is refused; (turns played, code or None)"},
    {"replay_flat", core_replay_flat, METH_VARARGS,
     "replay_flat(game, first, turns): play turns packed as scan_moves packs them"},
    {"scan_plain", core_scan_plain, METH_O, "scan_plain(text): a plain Little Golem game's root and moves, or None"},
    {"scan_moves", core_scan_moves, METH_VARARGS,
     "scan_moves(text, start, end, known, learn): the move nodes of a plain Little Golem game"},
    {"judge_plain", core_judge_plain, METH_VARARGS,
     "judge_plain(text, pos, line, column, limit, max_turns, most, single, scored, setups, setup_of[, packed]): "
     "plain games "
     "judged"},
    {"scan_packed", core_scan_packed, METH_VARARGS,
     "scan_packed(text, labels_of, max_turns): a plain Little Golem game's size, first player, packed turns, resigner"},
    {"scan_json_turns", core_scan_json_turns, METH_VARARGS,
     "scan_json_turns(text, start, index, reach): the plain turns the JSON writer writes, packed"},
    {"json_skeleton", core_json_skeleton, METH_VARARGS,
     "json_skeleton(text, start, end): a JSON line's shape, an array's inside and the strings' values left out"},
    {"write_turns", core_write_turns, METH_VARARGS,
     "write_turns(turns, first, heads, names, between_cells, tail, between_turns): packed turns written"},
    {"plain_run", core_plain_run, METH_VARARGS,
     "plain_run(text, pos, limit, max_turns, most): how many plain games from pos on, and where the next starts"},
    {NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "catchup_notation._hexcore",
    .m_doc = "The compiled core of the hex rules and the hex solver (bitboards).",
    .m_size = -1,
    .m_methods = module_methods,
};

static int add_constants(PyObject *m) {
    struct {
        const char *name;
        int value;
    } constants[] = {
        {"INTERFACE", CORE_INTERFACE},
        {"RULE_CATCHUP", RULE_CATCHUP},
        {"RULE_CATCHUP_2012", RULE_CATCHUP_2012},
        {"RULE_ALTERNATIVE", RULE_ALTERNATIVE},
        {"RULE_KETCHUP_4", RULE_KETCHUP_4},
        {"RULE_KETCHUP_3", RULE_KETCHUP_3},
        {"RULE_KETCHUP_2", RULE_KETCHUP_2},
        {"RULE_SAUCE", RULE_SAUCE},
        {"RULE_ONE_STONE", RULE_ONE_STONE},
        {"SCORE_CASCADE", SCORE_CASCADE},
        {"SCORE_PLURALITY", SCORE_PLURALITY},
        {"SCORE_SECOND_LARGEST", SCORE_SECOND_LARGEST},
        {"SCORE_MARGIN", SCORE_MARGIN},
        {"SCORE_PRODUCT", SCORE_PRODUCT},
        {"EARLY_NONE", EARLY_NONE},
        {"EARLY_CASCADE", EARLY_CASCADE},
        {"EARLY_MARGIN", EARLY_MARGIN},
        {"EARLY_SECOND_LARGEST", EARLY_SECOND_LARGEST},
        {"EARLY_PRODUCT", EARLY_PRODUCT},
        {"MAX_CELLS", MAX_CELLS},
        {"MAX_FIXED", MAX_FIXED},
        {"TABLE_ENTRY_BYTES", (int)sizeof(table_entry)},
    };
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++)
        if (PyModule_AddIntConstant(m, constants[i].name, constants[i].value) < 0) return -1;
    return 0;
}

PyMODINIT_FUNC PyInit__hexcore(void) {
    if (PyType_Ready(&BoardType) < 0 || PyType_Ready(&GameType) < 0 || PyType_Ready(&SearchType) < 0 ||
        PyType_Ready(&MctsType) < 0)
        return NULL;
    str_player = PyUnicode_InternFromString("player");
    str_cells = PyUnicode_InternFromString("cells");
    str_colours = PyUnicode_InternFromString("colours");
    if (!str_player || !str_cells || !str_colours) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (add_constants(m) < 0) goto fail;
    Py_INCREF(&BoardType);
    if (PyModule_AddObject(m, "Board", (PyObject *)&BoardType) < 0) goto fail;
    Py_INCREF(&GameType);
    if (PyModule_AddObject(m, "Game", (PyObject *)&GameType) < 0) goto fail;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) goto fail;
    Py_INCREF(&MctsType);
    if (PyModule_AddObject(m, "Mcts", (PyObject *)&MctsType) < 0) goto fail;
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
