/* Monte Carlo tree search over hex positions: the mirror of catchup_notation/engine/mcts.py (read
 * its notes first). A turn's count, then one stone a tree action; UCT with first-play
 * urgency (and a progressive bias, prior_bias); score-bounded proofs; random playouts (uniform, or biased by near_tries,
 * count_tries and mast). With one thread, a seed and a playout limit, this and the Python reference
 * build the same tree, node for node (same SplitMix64 draws, same formulas in doubles, same
 * tie-breaks). Several threads may search one tree at once (mcts_run). */
#ifndef HEXMCTS_H
#define HEXMCTS_H

#include <stdint.h>

#include "hexplay.h"

#define MCTS_ROOT (-1)
/* A count action chooses how many stones a turn places: -2 - count (a pass: -2). */
#define MCTS_COUNT(m) (-2 - (m))
/* Most stones a turn places, and so most stone actions in a turn (counts run 0 to 3). */
#define MCTS_TURN_MOST 4
/* Most redraws of a playout's cell or count (mcts.py MAX_TRIES): more would only slow playouts. */
#define MCTS_MAX_TRIES 16
/* mcts.py MAST_SCALE: a playout stone is MAST's where a draw below this is below mast times it. */
#define MCTS_MAST_SCALE (1 << 30)

typedef struct {
    int32_t parent, action, first, count; /* first: the node's actions in the pool (-1: not expanded) */
    int32_t placed;                       /* stones placed from the root to this node */
    uint32_t n;                           /* visits */
    double w;                             /* results for the player who chose the action into it */
    int8_t player, boundary, lo, hi, dead, solved;
    int8_t goal; /* the stones the turn in progress places (-1: its count is to be chosen) */
} mcts_node;

typedef struct {
    const hex_board *board;
    hex_rules rules;
    hex_game root;
    int either;
    double exploration, fpu_reduction, rave; /* rave 0: no RAVE (always so where either colour may be placed) */
    int near_tries;  /* playouts: redraws of a cell that touches none of the mover's stones (0: uniform cells) */
    int count_tries; /* playouts: more draws of the count, the largest kept (0: uniform counts) */
    double mast;     /* playouts: the share of stones taken by move-average sampling (0: none; so where either colour) */
    uint32_t *mast_n; /* with mast, per colour (1, 2) and cell: iterations in which the colour took the cell */
    double *mast_w;   /* and their results for that colour */
    double prior_bias; /* selection: weight of an action's knowledge (progressive bias; 0: none) */
    int32_t max_nodes;
    mcts_node *nodes;
    int32_t node_count, node_room;
    int32_t *acts, *kids; /* the actions of expanded nodes, and their children (-1: not made) */
    uint32_t *amaf_n;     /* per action, with RAVE: playouts in which the node's mover later played it */
    double *amaf_w;       /* and their results for that mover */
    int8_t *prior;        /* per action, with prior_bias: its knowledge, 0 to 3 (mcts.py Tree.knowledge) */
    int64_t pool_count, pool_room;
    uint64_t rng;      /* the random numbers' state */
    uint64_t playouts; /* iterations run, over every call */
} mcts_tree;

int mcts_init(mcts_tree *t, const hex_board *board, const hex_rules *rules, const hex_game *root, uint64_t seed,
              double exploration, double fpu_reduction, double rave, int32_t max_nodes, int near_tries,
              int count_tries, double mast, double prior_bias);
void mcts_free(mcts_tree *t);

/* Most threads one run may search a tree with. */
#define MCTS_MOST_THREADS 64

/* Run up to `playouts` iterations, stopping early at `deadline` (a CLOCK_MONOTONIC time in
 * seconds; 0: none), when the root is proven or dead, or when `*stop` becomes nonzero (NULL:
 * never). `threads` threads search the tree at once (tree parallelism: the tree under one lock,
 * the playouts outside it, a virtual loss on each path while its playout runs); one thread builds
 * exactly the reference's tree, several a tree that depends on how the system ran them. The
 * number run; -1 out of memory. */
int64_t mcts_run(mcts_tree *t, int64_t playouts, double deadline, volatile int *stop, int threads);

/* Record a solver's outcome (+1, 0, -1 for the first player) for a node, and pass it up. */
void mcts_prove(mcts_tree *t, int32_t node, int outcome);

/* The actions of the turn in progress, as mcts.py's Tree.legal_actions; their number (room for
 * 2 * cells + 4). */
int mcts_legal_actions(mcts_tree *t, hex_game *game, const int *cells, int k, int goal, counts_t counts,
                       int32_t *out);

double mcts_now(void);

#endif
