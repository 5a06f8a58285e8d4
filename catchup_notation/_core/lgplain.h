/* Little Golem's plain records, scanned for judging in one pass (see lgplain.c). Only what
 * Little Golem writes is scanned here; a game with anything else is left to the Python reader. */
#ifndef LGPLAIN_H
#define LGPLAIN_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* Row letters and cell numbers a label table covers: A-Z (either case) and 0-99. */
#define LG_ROWS 26
#define LG_NUMBERS 100

/* A property's value in the text, without its brackets; start < 0 when absent. */
typedef struct {
    Py_ssize_t start, end;
} lg_span;

/* A game's root node: the properties the judge reads, and where the move nodes start. */
typedef struct {
    lg_span pw, pb, sz, re;
    Py_ssize_t moves;
} lg_root;

/* A growable int32 array. */
typedef struct {
    int32_t *items;
    Py_ssize_t count, room;
} lg_ints;

/* The move nodes of a game: per turn its count of stones, then their cell indices (-1 off the
 * board); the first player, the player who resigned (0: none), the number of turns. */
typedef struct {
    lg_ints turns;
    int first, resigned;
    Py_ssize_t count;
    Py_ssize_t end; /* just past the game's ')' */
} lg_moves;

/* The root node of the game whose '(' is at `p`: 1 where it is simple (each property one value
 * right after its name, no backslash or parenthesis in a value, no name twice, no move, no XB),
 * 0 otherwise. */
int lg_scan_root(int kind, const void *data, Py_ssize_t n, Py_ssize_t p, lg_root *root);

/* The move nodes from `root->moves` to the game's ')' with cells named by `labels` (LG_ROWS *
 * LG_NUMBERS cell indices): 1 where every value is cells written as Little Golem writes them
 * (`E5F6`, either case, numbers of one or two digits) or `resign` ending the game, the colours
 * alternate and there are at most `max_turns` nodes; 0 otherwise; -1 out of memory. */
int lg_scan_moves(int kind, const void *data, Py_ssize_t n, const lg_root *root, const int32_t *labels,
                  Py_ssize_t max_turns, lg_moves *moves);

#endif
