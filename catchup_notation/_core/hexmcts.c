/* Monte Carlo tree search over hex positions (see hexmcts.h and engine/mcts.py, whose every step
 * this mirrors: the Python names are given where a function stands for one). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include "hexmcts.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TRIES 8 /* mcts.py TRIES */

double mcts_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* -- random numbers (engine/rng.py) ---------------------------------------------------------- */

static inline uint64_t rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int rng_below(uint64_t *state, int n) { return (int)(((rng_next(state) >> 32) * (uint64_t)n) >> 32); }

/* -- one thread's working space -------------------------------------------------------------- */

typedef struct {
    mcts_tree *tree;
    hex_game work, spare; /* the position walked down the tree; a copy for a child's end test */
    uint64_t rng;
    int *cells, *colours, *after, *pool, *stones, *tints;
    double *mean; /* with mast: per colour (1, 2) and cell, MAST's mean as the playout starts */
    int32_t *path, *actions;
    int path_room;
} mcts_thread;

static int thread_init(mcts_thread *th, mcts_tree *t, uint64_t rng) {
    int n = t->board->cells;
    memset(th, 0, sizeof *th);
    th->tree = t;
    th->rng = rng;
    th->path_room = 4 * n + 8;
    if (game_init(&th->work, t->board, &t->rules) < 0) return -1;
    if (game_init(&th->spare, t->board, &t->rules) < 0) return -1;
    th->cells = malloc(sizeof(int) * 6 * (size_t)(n + 1));
    th->path = malloc(sizeof(int32_t) * (size_t)th->path_room);
    th->actions = malloc(sizeof(int32_t) * (size_t)(2 * n + 4));
    if (!th->cells || !th->path || !th->actions) return -1;
    if (t->mast > 0 && !(th->mean = malloc(sizeof(double) * 3 * (size_t)n))) return -1;
    th->colours = th->cells + (n + 1);
    th->after = th->colours + (n + 1);
    th->pool = th->after + (n + 1);
    th->stones = th->pool + (n + 1);
    th->tints = th->stones + (n + 1);
    return 0;
}

static void thread_free(mcts_thread *th) {
    game_free(&th->work);
    game_free(&th->spare);
    free(th->cells);
    free(th->path);
    free(th->actions);
    free(th->mean);
}

/* -- the tree --------------------------------------------------------------------------------- */

/* goal_of(): the one allowed count where there is one (not a pass), else -1 (a count action). */
static int goal_of(counts_t counts) {
    if ((counts & (counts - 1)) == 0 && counts > 1) return counts_max(counts);
    return -1;
}

static int32_t new_node(mcts_tree *t, int32_t parent, int32_t action, int player, int boundary, int goal) {
    if (t->node_count == t->node_room) {
        int32_t room = t->node_room ? 2 * t->node_room : 1024;
        mcts_node *grown = realloc(t->nodes, sizeof(mcts_node) * (size_t)room);
        if (!grown) return -1;
        t->nodes = grown;
        t->node_room = room;
    }
    mcts_node *node = &t->nodes[t->node_count];
    memset(node, 0, sizeof *node);
    node->parent = parent;
    node->action = action;
    node->placed = parent < 0 ? 0 : t->nodes[parent].placed + (action >= 0);
    node->goal = (int8_t)goal;
    node->player = (int8_t)player;
    node->boundary = (int8_t)boundary;
    node->first = -1;
    node->lo = -1;
    node->hi = 1;
    return t->node_count++;
}

int mcts_init(mcts_tree *t, const hex_board *board, const hex_rules *rules, const hex_game *root, uint64_t seed,
              double exploration, double fpu_reduction, double rave, int32_t max_nodes, int near_tries,
              int count_tries, double mast, double prior_bias) {
    memset(t, 0, sizeof *t);
    t->board = board;
    t->rules = *rules;
    t->either = rules->either_colour;
    t->exploration = exploration;
    t->fpu_reduction = fpu_reduction;
    t->rave = t->either ? 0.0 : rave;
    t->max_nodes = max_nodes < 1 ? 1 : max_nodes;
    t->near_tries = near_tries < 0 ? 0 : near_tries > MCTS_MAX_TRIES ? MCTS_MAX_TRIES : near_tries;
    t->count_tries = count_tries < 0 ? 0 : count_tries > MCTS_MAX_TRIES ? MCTS_MAX_TRIES : count_tries;
    t->mast = t->either || !(mast > 0) ? 0.0 : mast > 1 ? 1.0 : mast;
    t->prior_bias = prior_bias > 0 ? prior_bias : 0.0;
    t->rng = seed;
    if (t->mast > 0) {
        t->mast_n = calloc(3 * (size_t)board->cells, sizeof(uint32_t));
        t->mast_w = calloc(3 * (size_t)board->cells, sizeof(double));
        if (!t->mast_n || !t->mast_w) {
            mcts_free(t);
            return -1;
        }
    }
    if (game_init(&t->root, board, rules) < 0 || game_copy(&t->root, root) < 0) {
        mcts_free(t);
        return -1;
    }
    if (new_node(t, -1, MCTS_ROOT, root->to_move, 1, goal_of(game_counts(&t->root))) < 0) {
        mcts_free(t);
        return -1;
    }
    return 0;
}

void mcts_free(mcts_tree *t) {
    game_free(&t->root);
    free(t->nodes);
    free(t->acts);
    free(t->kids);
    free(t->amaf_n);
    free(t->amaf_w);
    free(t->mast_n);
    free(t->mast_w);
    free(t->prior);
    memset(t, 0, sizeof *t);
}

static inline int chooser(const mcts_node *node) { return node->boundary ? 3 - node->player : node->player; }

static void mark_dead(mcts_tree *t, int32_t node);

/* Tree._bounds_from */
static void bounds_from(mcts_tree *t, int32_t at) {
    while (at >= 0 && t->nodes[at].first >= 0) {
        mcts_node *node = &t->nodes[at];
        int lo = 0, hi = 0, live = 0, max = node->player == 1;
        for (int32_t i = 0; i < node->count; i++) {
            int32_t kid = t->kids[node->first + i];
            int clo = -1, chi = 1;
            if (kid >= 0) {
                if (t->nodes[kid].dead) continue;
                clo = t->nodes[kid].lo;
                chi = t->nodes[kid].hi;
            }
            if (!live) {
                lo = clo;
                hi = chi;
            } else if (max) {
                lo = clo > lo ? clo : lo;
                hi = chi > hi ? chi : hi;
            } else {
                lo = clo < lo ? clo : lo;
                hi = chi < hi ? chi : hi;
            }
            live = 1;
        }
        if (!live) {
            mark_dead(t, at);
            return;
        }
        if (lo == node->lo && hi == node->hi) return;
        node->lo = (int8_t)lo;
        node->hi = (int8_t)hi;
        at = node->parent;
    }
}

/* Tree._dead */
static void mark_dead(mcts_tree *t, int32_t node) {
    t->nodes[node].dead = 1;
    bounds_from(t, t->nodes[node].parent);
}

void mcts_prove(mcts_tree *t, int32_t node, int outcome) {
    t->nodes[node].lo = t->nodes[node].hi = (int8_t)outcome;
    t->nodes[node].solved = 1;
    if (t->nodes[node].parent >= 0) bounds_from(t, t->nodes[node].parent);
}

/* Tree.legal_actions */
/* The empty cells after `last` (-1: every one), ascending, into `out`; their number. Without a
 * branch: whether a cell is empty is a coin toss to predict, and this loop is a playout's most
 * frequent. */
static inline int empty_after(const hex_game *game, int last, int *out) {
    int count = 0;
    for (int i = last + 1; i < game->board->cells; i++) {
        out[count] = i;
        count += !game->owner[i];
    }
    return count;
}

int mcts_legal_actions(mcts_tree *t, hex_game *game, const int *cells, int k, int goal, counts_t counts,
                       int32_t *out) {
    int found = 0;
    int stones[4];
    if (goal < 0) {
        for (int m = 0; m <= 3; m++)
            if (counts >> m & 1 && (m > 0 || game_allows(game, NULL, 0))) out[found++] = MCTS_COUNT(m);
        return found;
    }
    int last = k ? cells[k - 1] : -1, need = goal - k;
    int *after = game->scratch; /* free: game_allows does not use it */
    int na = empty_after(game, last, after);
    for (int j = 0; j < k; j++) stones[j] = cells[j];
    for (int position = 0; position < na; position++) {
        if (need - 1 > na - position - 1) break;
        int cell = after[position];
        if (need == 1) {
            stones[k] = cell;
            if (!game_allows(game, stones, k + 1)) continue;
        }
        out[found++] = cell * 2;
        if (t->either) out[found++] = cell * 2 + 1;
    }
    return found;
}

/* Whether a cell has a neighbour of `player`'s colour (inline in mcts.py's Tree.complete_turn). */
static inline int touches(const hex_board *board, const signed char *owner, int cell, int player) {
    for (int i = board->start[cell]; i < board->start[cell + 1]; i++)
        if (owner[board->near[i]] == player) return 1;
    return 0;
}

/* Tree.complete_turn: 1 placed, 0 no legal completion, -1 out of memory. */
static int complete_turn(mcts_thread *th, hex_game *g, const int *cells, const int *colours, int k, int goal,
                         counts_t counts) {
    mcts_tree *t = th->tree;
    int n = t->board->cells, player = g->to_move;
    int last = k ? cells[k - 1] : -1, options[4], nopt = 0;
    int *after = th->after, *pool = th->pool, *stones = th->stones, *tints = th->tints;
    int na = empty_after(g, last, after);
    if (goal >= 0)
        options[nopt++] = goal;
    else
        for (int m = 0; m <= 3; m++)
            if (counts >> m & 1 && m - k <= na) options[nopt++] = m;
    if (!nopt) return 0;
    for (int j = 0; j < k; j++) {
        stones[j] = cells[j];
        tints[j] = t->either ? colours[j] : player;
    }
    for (int attempt = 0; attempt < TRIES; attempt++) {
        int o = rng_below(&th->rng, nopt);
        for (int extra = 0; extra < t->count_tries && nopt > 1; extra++) {
            int other = rng_below(&th->rng, nopt);
            if (other > o) o = other;
        }
        int count = options[o], need = count - k;
        memcpy(pool, after, sizeof(int) * (size_t)na);
        for (int j = 0; j < need; j++) {
            int r;
            if (t->mast > 0 && (double)rng_below(&th->rng, MCTS_MAST_SCALE) < t->mast * (double)MCTS_MAST_SCALE) {
                const double *mean = th->mean + (size_t)player * (size_t)n; /* the best mean, first of equals */
                double best = -1.0;
                r = j;
                for (int m = j; m < na; m++)
                    if (mean[pool[m]] > best) {
                        r = m;
                        best = mean[pool[m]];
                    }
            } else {
                r = j + rng_below(&th->rng, na - j);
                for (int extra = 0; extra < t->near_tries && !touches(t->board, g->owner, pool[r], player); extra++)
                    r = j + rng_below(&th->rng, na - j);
            }
            int swap = pool[j];
            pool[j] = pool[r];
            pool[r] = swap;
        }
        for (int j = 0; j < need; j++) stones[k + j] = pool[j];
        if (t->either) {
            for (int j = 0; j < need; j++) tints[k + j] = 1 + rng_below(&th->rng, 2);
            return game_commit(g, player, stones, tints, count) < 0 ? -1 : 1;
        }
        if (game_allows(g, stones, count)) return game_commit(g, player, stones, NULL, count) < 0 ? -1 : 1;
    }
    for (int o = 0; o < nopt; o++) { /* every completion in order: the first legal one */
        int need = options[o] - k, pick[3] = {0, 1, 2};
        if (need == 0) {
            if (game_allows(g, stones, k)) return game_commit(g, player, stones, NULL, k) < 0 ? -1 : 1;
            continue;
        }
        for (;;) {
            for (int j = 0; j < need; j++) stones[k + j] = after[pick[j]];
            if (game_allows(g, stones, options[o]))
                return game_commit(g, player, stones, NULL, options[o]) < 0 ? -1 : 1;
            int j = need - 1;
            while (j >= 0 && pick[j] == na - need + j) j--;
            if (j < 0) break;
            pick[j]++;
            for (int m = j + 1; m < need; m++) pick[m] = pick[m - 1] + 1;
        }
    }
    return 0;
}

/* Tree.playout: the result for the first player (2 a win, 1 a draw, 0 a loss: halves), -1 no
 * legal completion, -2 out of memory. */
static int playout(mcts_thread *th, hex_game *g, const int *cells, const int *colours, int k, int goal,
                   counts_t counts) {
    int done = complete_turn(th, g, cells, colours, k, goal, counts);
    if (done <= 0) return done < 0 ? -2 : -1;
    while (!g->end) {
        done = complete_turn(th, g, NULL, NULL, 0, -1, game_counts(g));
        if (done < 0) return -2;
        if (done == 0) return -2; /* cannot be: the rules end a game with no legal turn */
    }
    return game_outcome(g) + 1;
}

/* Tree._select */
static int32_t select_action(mcts_tree *t, int32_t at) {
    const mcts_node *node = &t->nodes[at];
    int mover = node->player;
    double log_n = log((double)node->n + 1.0);
    double mean = 0.5;
    if (node->n) mean = chooser(node) == mover ? node->w / (double)node->n : 1.0 - node->w / (double)node->n;
    double urgency = mean - t->fpu_reduction + t->exploration * sqrt(log_n);
    int sure = mover == 1 ? node->lo : -node->hi;
    int32_t best = -1, spare = -1;
    int spare_value = -2;
    double best_score = -INFINITY, rave = t->rave;
    for (int32_t i = 0; i < node->count; i++) {
        int32_t kid = t->kids[node->first + i];
        uint32_t n = 0;
        double score;
        if (kid >= 0) {
            const mcts_node *child = &t->nodes[kid];
            if (child->dead) continue;
            int low = mover == 1 ? child->lo : -child->hi, high = mover == 1 ? child->hi : -child->lo;
            if (low == 1) return i;
            if (low == high || (sure > -1 && high <= sure)) {
                if (high > spare_value) {
                    spare = i;
                    spare_value = high;
                }
                continue;
            }
            n = child->n;
        }
        uint32_t seen = rave > 0 ? t->amaf_n[node->first + i] : 0;
        if (n == 0) {
            score = seen == 0 ? urgency
                              : t->amaf_w[node->first + i] / (double)seen + t->exploration * sqrt(log_n);
        } else {
            double value = t->nodes[kid].w / (double)n;
            if (seen) {
                double beta = sqrt(rave / (3.0 * (double)n + rave));
                value = (1.0 - beta) * value + beta * (t->amaf_w[node->first + i] / (double)seen);
            }
            score = value + t->exploration * sqrt(log_n / (double)n);
        }
        if (t->prior_bias > 0) score += t->prior_bias * (double)t->prior[node->first + i] / 3.0 / ((double)n + 1.0);
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    return best >= 0 ? best : spare;
}

/* The root of a cell's group, without shortening the paths (the reference reads them alike). */
static inline int group_of(const int *parent, int i) {
    while (parent[i] != i) i = parent[i];
    return i;
}

/* Tree.knowledge: what selection's progressive bias knows of an action, 0 to 3. A count: 3 for the
 * largest allowed (`last`, the actions being in ascending count), 0 for the others. A stone of the
 * mover's colour: 1 where it touches a stone of the mover (on the board or placed earlier in the
 * turn), 1 more where it joins two of the mover's groups on the board, 1 where it touches the
 * opponent's largest group. A stone of the opponent's colour: 0. */
static int knowledge(const mcts_tree *t, const hex_game *g, const int *cells, const int *colours, int k, int player,
                     int32_t action, int32_t last) {
    if (action < 0) return action == last ? 3 : 0;
    if (action & 1) return 0;
    const hex_board *board = t->board;
    int cell = action >> 1, opponent = 3 - player, own = 0, block = 0, groups = 0, first = -1;
    for (int i = board->start[cell]; i < board->start[cell + 1]; i++) {
        int near = board->near[i], colour = g->owner[near];
        if (colour == player) {
            own = 1;
            int root = group_of(g->parent, near);
            if (groups == 0) {
                first = root;
                groups = 1;
            } else if (root != first)
                groups = 2;
        } else if (colour == opponent) {
            if (g->largest[opponent] > 0 && g->gsize[group_of(g->parent, near)] == g->largest[opponent]) block = 1;
        } else
            for (int j = 0; j < k; j++)
                if (cells[j] == near && colours[j] == player) own = 1;
    }
    return own + (groups >= 2) + block;
}

/* Tree._expand: 0, or -1 out of memory. */
static int expand(mcts_thread *th, int32_t at, hex_game *g, int k, counts_t counts) {
    mcts_tree *t = th->tree;
    int found = mcts_legal_actions(t, g, th->cells, k, t->nodes[at].goal, counts, th->actions);
    if (t->pool_count + found > t->pool_room) {
        int64_t room = t->pool_room ? 2 * t->pool_room : 4096;
        while (room < t->pool_count + found) room *= 2;
        int32_t *acts = realloc(t->acts, sizeof(int32_t) * (size_t)room);
        if (!acts) return -1;
        t->acts = acts;
        int32_t *kids = realloc(t->kids, sizeof(int32_t) * (size_t)room);
        if (!kids) return -1;
        t->kids = kids;
        if (t->rave > 0) {
            uint32_t *amaf_n = realloc(t->amaf_n, sizeof(uint32_t) * (size_t)room);
            if (!amaf_n) return -1;
            t->amaf_n = amaf_n;
            double *amaf_w = realloc(t->amaf_w, sizeof(double) * (size_t)room);
            if (!amaf_w) return -1;
            t->amaf_w = amaf_w;
        }
        if (t->prior_bias > 0) {
            int8_t *prior = realloc(t->prior, sizeof(int8_t) * (size_t)room);
            if (!prior) return -1;
            t->prior = prior;
        }
        t->pool_room = room;
    }
    mcts_node *node = &t->nodes[at];
    node->first = (int32_t)t->pool_count;
    node->count = found;
    for (int i = 0; i < found; i++) {
        t->acts[t->pool_count + i] = th->actions[i];
        t->kids[t->pool_count + i] = -1;
        if (t->rave > 0) {
            t->amaf_n[t->pool_count + i] = 0;
            t->amaf_w[t->pool_count + i] = 0.0;
        }
        if (t->prior_bias > 0)
            t->prior[t->pool_count + i] =
                (int8_t)knowledge(t, g, th->cells, th->colours, k, node->player, th->actions[i], th->actions[found - 1]);
    }
    t->pool_count += found;
    if (!found) node->dead = 1;
    return 0;
}

/* Tree._child: the child's index, -1 out of memory. */
static int32_t make_child(mcts_thread *th, int32_t at, int32_t pick, int32_t action, hex_game *g, int k) {
    mcts_tree *t = th->tree;
    int player = t->nodes[at].player;
    int goal = action < 0 ? -2 - action : t->nodes[at].goal, placed = k + (action >= 0);
    int32_t kid;
    if (placed < goal) { /* the turn goes on */
        kid = new_node(t, at, action, player, 0, goal);
        if (kid < 0) return -1;
    } else {
        if (action >= 0) {
            th->cells[k] = action >> 1;
            th->colours[k] = action & 1 ? 3 - player : player;
        }
        hex_game *after = &th->spare;
        if (game_copy(after, g) < 0) return -1;
        if (game_play(after, player, th->cells, t->either ? th->colours : NULL, placed) != PLAY_OK) return -1;
        int mover = after->end ? 3 - player : after->to_move;
        kid = new_node(t, at, action, mover, 1, after->end ? -1 : goal_of(game_counts(after)));
        if (kid < 0) return -1;
        if (after->end) t->nodes[kid].lo = t->nodes[kid].hi = (int8_t)game_outcome(after);
    }
    t->kids[t->nodes[at].first + pick] = kid;
    if (t->nodes[kid].lo == t->nodes[kid].hi) bounds_from(t, at);
    return kid;
}

/* Tree._backup: `owner` the stones at the end of the iteration, `pending` the stones of a turn it
 * stopped in (of the last node's mover). */
static void backup(mcts_thread *th, const int32_t *path, int length, int result, const hex_game *g, int k,
                   int counted) {
    mcts_tree *t = th->tree;
    double r = result * 0.5;
    for (int i = 0; i < length; i++) {
        mcts_node *node = &t->nodes[path[i]];
        node->n += !counted; /* counted: the visit was added as the path was chosen (virtual_loss) */
        node->w += chooser(node) == 1 ? r : 1.0 - r;
    }
    if (t->rave <= 0 && t->mast <= 0) return;
    signed char *owner = (signed char *)th->after; /* free now: an int per cell, used as bytes */
    memcpy(owner, g->owner, (size_t)t->board->cells);
    for (int j = 0; j < k; j++) owner[th->cells[j]] = (signed char)t->nodes[path[length - 1]].player;
    if (t->mast > 0) /* Tree._mast_backup: every stone of the iteration, for its colour */
        for (int cell = 0; cell < t->board->cells; cell++) {
            int colour = owner[cell];
            if (!colour || t->root.owner[cell]) continue;
            t->mast_n[colour * t->board->cells + cell]++;
            t->mast_w[colour * t->board->cells + cell] += colour == 1 ? r : 1.0 - r;
        }
    if (t->rave <= 0) return;
    for (int i = 0; i < length; i++) {
        const mcts_node *node = &t->nodes[path[i]];
        if (node->first < 0) continue;
        int player = node->player;
        double mine = player == 1 ? r : 1.0 - r;
        for (int32_t a = 0; a < node->count; a++) {
            int32_t action = t->acts[node->first + a];
            if (action >= 0 && owner[action >> 1] == player) {
                t->amaf_n[node->first + a]++;
                t->amaf_w[node->first + a] += mine;
            }
        }
    }
}

/* MAST's means as a playout starts (Tree.playout reads them first): the table changes only in
 * backups, which the lock keeps out while they are read. */
static void mast_means(mcts_thread *th) {
    mcts_tree *t = th->tree;
    for (int i = 3 * t->board->cells - 1; i >= 0; i--)
        th->mean[i] = t->mast_n[i] ? t->mast_w[i] / (double)t->mast_n[i] : 0.5;
}

/* Virtual loss: a visit that adds nothing to w counted on the path before its playout runs, so
 * that the other threads, choosing meanwhile, see these nodes' means lowered and go elsewhere.
 * Its backup adds the result to w and no second visit (so a finished iteration leaves exactly
 * what Tree._backup would); a playout that finds no legal turn takes the visits back (`sign` -1). */
static void virtual_loss(mcts_tree *t, const int32_t *path, int length, int sign) {
    for (int i = 0; i < length; i++) t->nodes[path[i]].n += (uint32_t)sign;
}

/* Tree.iterate: 0, or -1 out of memory. Called holding `lock` (NULL: one thread), and returns
 * holding it: the tree is read and changed only under it, the playout runs without it. No
 * pointer into the tree's arrays is kept across the playout: they may grow (realloc) meanwhile. */
static int iterate(mcts_thread *th, pthread_mutex_t *lock) {
    mcts_tree *t = th->tree;
    hex_game *g = &th->work;
    int length = 0, k = 0, result;
    if (game_copy(g, &t->root) < 0) return -1;
    counts_t counts = game_counts(g);
    int32_t at = 0;
    th->path[length++] = at;
    for (;;) {
        mcts_node *node = &t->nodes[at];
        if (node->lo == node->hi) {
            result = node->lo + 1;
            break;
        }
        int leaf = node->n == 0 && at != 0;
        if (!leaf) {
            if (node->first < 0) {
                if (expand(th, at, g, k, counts) < 0) return -1;
                if (t->nodes[at].dead) {
                    mark_dead(t, at);
                    return 0;
                }
            }
            int32_t pick = select_action(t, at);
            node = &t->nodes[at];
            int32_t action = t->acts[node->first + pick], kid = t->kids[node->first + pick];
            if (kid < 0) {
                leaf = t->node_count >= t->max_nodes; /* the memory bound: play out from here */
                if (!leaf) {
                    kid = make_child(th, at, pick, action, g, k);
                    if (kid < 0) return -1;
                }
            }
            if (!leaf) {
                if (action >= 0) {
                    th->cells[k] = action >> 1;
                    th->colours[k] = action & 1 ? 3 - t->nodes[at].player : t->nodes[at].player;
                    k++;
                }
                if (t->nodes[kid].boundary) { /* the turn is whole: play it */
                    if (game_play(g, g->to_move, th->cells, t->either ? th->colours : NULL, k) != PLAY_OK) return -1;
                    counts = g->end ? 0 : game_counts(g);
                    k = 0;
                }
                at = kid;
                if (length == th->path_room) return -1; /* cannot be: a path is at most two actions a cell */
                th->path[length++] = at;
                continue;
            }
        }
        /* a playout from `at`: a new node, or a full tree's leaf */
        int goal = t->nodes[at].goal;
        virtual_loss(t, th->path, length, 1);
        if (t->mast > 0) mast_means(th);
        if (lock) pthread_mutex_unlock(lock);
        result = playout(th, g, th->cells, th->colours, k, goal, counts);
        if (lock) pthread_mutex_lock(lock);
        if (result < 0) {
            virtual_loss(t, th->path, length, -1);
            if (result == -2) return -1;
            mark_dead(t, at);
            return 0;
        }
        backup(th, th->path, length, result, g, k, 1);
        return 0;
    }
    backup(th, th->path, length, result, g, k, 0);
    return 0;
}

/* What the threads of one mcts_run share (the lock guards the tree and every field below). */
typedef struct {
    mcts_tree *tree;
    pthread_mutex_t lock;
    int locked; /* the lock is used: more than one thread */
    int64_t playouts, claimed, done;
    double deadline;
    volatile int *stop;
    int halt, error;
} mcts_work;

typedef struct {
    mcts_thread th;
    mcts_work *work;
    pthread_t id;
    int started, ready;
} mcts_worker;

/* One thread's loop: claim an iteration, run it, until the playouts are claimed, the root
 * proven or dead, the deadline passed (looked at every eight of this thread's iterations), a stop
 * asked or an error met. */
static void work_on(mcts_thread *th, mcts_work *w) {
    mcts_tree *t = w->tree;
    pthread_mutex_t *lock = w->locked ? &w->lock : NULL;
    int64_t mine = 0;
    if (lock) pthread_mutex_lock(lock);
    for (;;) {
        if (w->halt || w->error || w->claimed >= w->playouts) break;
        if (t->nodes[0].lo == t->nodes[0].hi || t->nodes[0].dead || (w->stop && *w->stop)) break;
        if (w->deadline > 0 && (mine & 7) == 0 && mcts_now() >= w->deadline) {
            w->halt = 1;
            break;
        }
        w->claimed++;
        mine++;
        if (iterate(th, lock) < 0) {
            w->error = 1;
            break;
        }
        w->done++;
    }
    if (lock) pthread_mutex_unlock(lock);
}

static void *worker_main(void *arg) {
    mcts_worker *worker = arg;
    work_on(&worker->th, worker->work);
    return NULL;
}

int64_t mcts_run(mcts_tree *t, int64_t playouts, double deadline, volatile int *stop, int threads) {
    if (threads < 1) threads = 1;
    if (threads > MCTS_MOST_THREADS) threads = MCTS_MOST_THREADS;
    mcts_work w = {.tree = t, .locked = threads > 1, .playouts = playouts, .deadline = deadline, .stop = stop};
    mcts_worker *workers = calloc((size_t)threads, sizeof(mcts_worker));
    if (!workers) return -1;
    int error = 0;
    for (int i = 0; i < threads && !error; i++) {
        /* the first thread goes on with the tree's own numbers; the others' are drawn from them */
        uint64_t mix = t->rng ^ (uint64_t)i * 0xD1B54A32D192ED03ULL, rng = i ? rng_next(&mix) : t->rng;
        workers[i].work = &w;
        error = thread_init(&workers[i].th, t, rng) < 0;
        workers[i].ready = 1;
    }
    if (!error && w.locked && pthread_mutex_init(&w.lock, NULL) != 0) error = 1;
    if (!error) {
        for (int i = 1; i < threads; i++) /* a thread the system refuses: the others do its share */
            workers[i].started = pthread_create(&workers[i].id, NULL, worker_main, &workers[i]) == 0;
        work_on(&workers[0].th, &w);
        for (int i = 1; i < threads; i++)
            if (workers[i].started) pthread_join(workers[i].id, NULL);
        if (w.locked) pthread_mutex_destroy(&w.lock);
        t->rng = workers[0].th.rng;
        error = w.error;
    }
    for (int i = 0; i < threads; i++)
        if (workers[i].ready) thread_free(&workers[i].th);
    free(workers);
    t->playouts += (uint64_t)w.done;
    return error ? -1 : w.done;
}
