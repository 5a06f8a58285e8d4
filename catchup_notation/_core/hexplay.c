/* Replay of hex games (see hexplay.h). */
#include "hexplay.h"

#include "hexbits.h"

#include <stdlib.h>
#include <string.h>

const char *const play_codes[PLAY_CODES] = {
    NULL,       "game-over", "wrong-player",       "off-board",           "duplicate-cell",
    "occupied", "stone-count", "wrong-colour", "largest-group-grew", "equal-largest-groups",
};

static int adjacent(const hex_board *board, int a, int b) {
    for (int e = board->start[a]; e < board->start[a + 1]; e++)
        if (board->near[e] == b) return 1;
    return 0;
}

/* Cell i's neighbours in turn around it into `out` (6 places): each run of neighbours that touch
 * one another in a row, a gap (the never-owned cell n) after each run unless they close a ring of
 * 6; 0, or -1 where the neighbours do not lie so (a board whose cells are not hexagons). */
static int cycle_of(const hex_board *board, int i, int *out) {
    int n = board->cells, m = board->start[i + 1] - board->start[i], degree[6], used[6] = {0}, at = 0;
    const int *near = board->near + board->start[i];
    for (int a = 0; a < m; a++) {
        degree[a] = 0;
        for (int b = 0; b < m; b++) degree[a] += a != b && adjacent(board, near[a], near[b]);
        if (degree[a] > 2) return -1;
    }
    int closed = m == 6;
    for (int a = 0; a < m; a++) closed &= degree[a] == 2;
    for (;;) {
        int first = -1; /* a run starts at an end (a neighbour touching at most one other) */
        for (int a = 0; a < m && first < 0; a++)
            if (!used[a] && (closed || degree[a] < 2)) first = a;
        if (first < 0) break;
        for (int a = first; a >= 0;) {
            used[a] = 1;
            out[at++] = near[a];
            int next = -1;
            for (int b = 0; b < m && next < 0; b++)
                if (!used[b] && adjacent(board, near[a], near[b])) next = b;
            a = next;
        }
        if (closed) break;
        if (at == 6) return -1;
        out[at++] = n;
    }
    for (int a = 0; a < m; a++) /* left out: on a run closed on itself, not a ring of 6 */
        if (!used[a]) return -1;
    while (at < 6) out[at++] = n;
    return 0;
}

/* The game's `ring` and `cycle` where every cell has at most 6 neighbours (every hex board): a
 * stone's neighbours read without the board's row bounds, always 6 of them. */
static int make_ring(hex_game *game) {
    const hex_board *board = game->board;
    int n = board->cells;
    for (int i = 0; i < n; i++)
        if (board->start[i + 1] - board->start[i] > 6) return 0;
    if (!(game->ring = malloc(sizeof(int) * 6 * (size_t)n + sizeof(int)))) return -1;
    for (int i = 0; i < n; i++) {
        int d = 0;
        for (int e = board->start[i]; e < board->start[i + 1]; e++) game->ring[6 * i + d++] = board->near[e];
        while (d < 6) game->ring[6 * i + d++] = n;
    }
    if (!(game->cycle = malloc(sizeof(int) * 6 * (size_t)n + sizeof(int)))) return -1;
    for (int i = 0; i < n; i++)
        if (cycle_of(board, i, game->cycle + 6 * i) < 0) {
            free(game->cycle);
            game->cycle = NULL;
            break;
        }
    return 0;
}

int game_init(hex_game *game, const hex_board *board, const hex_rules *rules) {
    int n = board->cells;
    memset(game, 0, sizeof *game);
    game->board = board;
    game->rules = *rules;
    game->owner = calloc((size_t)n + 1, 1);
    game->parent = malloc(sizeof(int) * (size_t)n);
    game->gsize = calloc((size_t)n, sizeof(int));
    game->stamp = calloc((size_t)n, sizeof(unsigned));
    game->scratch = malloc(sizeof(int) * 2 * (size_t)n + sizeof(int));
    if (!game->owner || !game->parent || !game->gsize || !game->stamp || !game->scratch) {
        game_free(game);
        return -1;
    }
    for (int i = 0; i < n; i++) game->parent[i] = i;
    if (make_ring(game) < 0) {
        game_free(game);
        return -1;
    }
    game->score[1] = game->score[2] = rules->initial_score;
    game->empty = n;
    game->to_move = 1;
    return 0;
}

void game_free(hex_game *game) {
    free(game->owner);
    free(game->ring);
    free(game->cycle);
    free(game->parent);
    free(game->gsize);
    free(game->stamp);
    free(game->scratch);
    free(game->history);
    memset(game, 0, sizeof *game);
}

/* Back to the start of the game on an initialised game, its memory kept (a judge replays many
 * records on one game of each variant). */
void game_reset(hex_game *game) {
    int n = game->board->cells;
    memset(game->owner, 0, (size_t)n);
    memset(game->gsize, 0, sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) game->parent[i] = i;
    memset(game->largest, 0, sizeof game->largest);
    game->score[0] = 0;
    game->score[1] = game->score[2] = game->rules.initial_score;
    game->empty = n;
    game->turns_played = 0;
    game->to_move = 1;
    game->end = END_NONE;
}

/* Make `to` (a game initialised on the same board and rules) the same position as `from`, facts
 * and all; -1 out of memory. */
int game_copy(hex_game *to, const hex_game *from) {
    int n = from->board->cells;
    if (from->turns_played) {
        int room = 8;
        while (room < from->turns_played) room *= 2;
        if (to->history_size < room) {
            hex_facts *grown = realloc(to->history, sizeof(hex_facts) * (size_t)room);
            if (!grown) return -1;
            to->history = grown;
            to->history_size = room;
        }
        memcpy(to->history, from->history, sizeof(hex_facts) * (size_t)from->turns_played);
    }
    memcpy(to->owner, from->owner, (size_t)n);
    memcpy(to->parent, from->parent, sizeof(int) * (size_t)n);
    memcpy(to->gsize, from->gsize, sizeof(int) * (size_t)n);
    memcpy(to->largest, from->largest, sizeof to->largest);
    memcpy(to->score, from->score, sizeof to->score);
    to->empty = from->empty;
    to->turns_played = from->turns_played;
    to->to_move = from->to_move;
    to->end = from->end;
    return 0;
}

/* A cell's root, halving the path to it. */
static inline int find_root(int *parent, int i) {
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

int game_find(hex_game *game, int i) { return find_root(game->parent, i); }

/* Sizes largest first: an insertion sort, quickest for the few groups of a position; qsort past
 * that (a huge board's thousands of groups). */
static int descending(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

static void sort_descending(int *sizes, int count) {
    if (count > 32) {
        qsort(sizes, (size_t)count, sizeof(int), descending);
        return;
    }
    for (int i = 1; i < count; i++) {
        int size = sizes[i], j = i;
        for (; j > 0 && sizes[j - 1] < size; j--) sizes[j] = sizes[j - 1];
        sizes[j] = size;
    }
}

/* Both colours' groups in one pass over the cells (a group's size is at its root). */
hex_groups game_groups(hex_game *game) {
    int n = game->board->cells, *sizes[3] = {NULL, game->scratch, game->scratch + n}, count[3] = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        int colour = game->owner[i];
        if ((colour == 1 || colour == 2) && game->parent[i] == i) sizes[colour][count[colour]++] = game->gsize[i];
    }
    sort_descending(sizes[1], count[1]);
    sort_descending(sizes[2], count[2]);
    return (hex_groups){{NULL, sizes[1], sizes[2]}, {0, count[1], count[2]}};
}

static void next_stamp(hex_game *game) {
    if (++game->stamp_now == 0) { /* wrapped: clear the marks once in 4 billion turns */
        memset(game->stamp, 0, sizeof(unsigned) * (size_t)game->board->cells);
        game->stamp_now = 1;
    }
}

/* allowed_counts() of the position as it is. */
static inline counts_t counts_of(hex_game *game) {
    hex_view view;
    view.mover = game->to_move;
    memcpy(view.score, game->score, sizeof view.score);
    memcpy(view.largest, game->largest, sizeof view.largest);
    view.empty = game->empty;
    view.turns = game->turns_played;
    view.last = game->turns_played ? &game->history[game->turns_played - 1] : NULL;
    view.leader = 0;
    if (game->rules.kind == RULE_SAUCE && game->turns_played >= 2) {
        hex_groups g = game_groups(game);
        view.leader = compare_groups(g.sizes[1], g.count[1], g.sizes[2], g.count[2]);
    }
    return rules_counts(&game->rules, &view);
}

counts_t game_counts(hex_game *game) { return counts_of(game); }

/* _new_groups(): the largest of the groups that would hold new stones `cells` of `colour` (at
 * most 3 stones: every variant's counts). Two new stones end in one group when they touch or
 * touch a common old group. */
static int new_groups_top(hex_game *game, const int *cells, int count, int colour) {
    const hex_board *board = game->board;
    int link[3], roots[3][6], nroots[3];
    for (int j = 0; j < count; j++) {
        link[j] = j;
        nroots[j] = 0;
        for (int e = board->start[cells[j]]; e < board->start[cells[j] + 1]; e++) {
            int nb = board->near[e];
            if (game->owner[nb] == colour) {
                int root = game_find(game, nb), seen = 0;
                for (int r = 0; r < nroots[j]; r++) seen |= roots[j][r] == root;
                if (!seen) roots[j][nroots[j]++] = root;
            }
        }
    }
    for (int a = 0; a < count; a++)
        for (int b = a + 1; b < count; b++) {
            int joined = 0;
            for (int e = board->start[cells[a]]; e < board->start[cells[a] + 1]; e++) joined |= board->near[e] == cells[b];
            for (int x = 0; x < nroots[a] && !joined; x++)
                for (int y = 0; y < nroots[b]; y++) joined |= roots[a][x] == roots[b][y];
            if (joined) {
                int ta = a, tb = b;
                while (link[ta] != ta) ta = link[ta];
                while (link[tb] != tb) tb = link[tb];
                link[tb] = ta;
            }
        }
    int top = 0;
    for (int j = 0; j < count; j++) {
        int t = j;
        while (link[t] != t) t = link[t];
        if (t != j) continue;
        /* the linked set of j: its stones and the distinct old groups they touch */
        int total = 0, seen[18], nseen = 0;
        for (int k = 0; k < count; k++) {
            int tk = k;
            while (link[tk] != tk) tk = link[tk];
            if (tk != j) continue;
            total++;
            for (int r = 0; r < nroots[k]; r++) {
                int dup = 0;
                for (int s = 0; s < nseen; s++) dup |= seen[s] == roots[k][r];
                if (!dup) {
                    seen[nseen++] = roots[k][r];
                    total += game->gsize[roots[k][r]];
                }
            }
        }
        if (total > top) top = total;
    }
    return top;
}

/* has_legal_turn(): some allowed count, and (ketchup-2, whose constraint can forbid every
 * placement) some placement the constraint allows: a pass always is, else the first legal
 * placement in board order is looked for, as the engine does. */
static int has_legal_turn(hex_game *game) {
    counts_t counts = game_counts(game);
    if (!counts) return 0;
    if (game->rules.kind != RULE_KETCHUP_2 || (counts & 1)) return 1;
    int n = game->board->cells, player = game->to_move;
    int *empties = game->scratch, m = 0;
    for (int i = 0; i < n; i++)
        if (!game->owner[i]) empties[m++] = i;
    for (int count = 1; count <= 3; count++) {
        if (!(counts & (1u << count)) || count > m) continue;
        int pick[3] = {0, 1, 2}, cells[3];
        for (;;) {
            for (int j = 0; j < count; j++) cells[j] = empties[pick[j]];
            int top = new_groups_top(game, cells, count, player);
            if (rules_constraint(&game->rules, player, count, top, game->largest) == CONSTRAINT_NONE) return 1;
            int j = count - 1; /* the next combination in lexicographic order */
            while (j >= 0 && pick[j] == m - count + j) j--;
            if (j < 0) break;
            pick[j]++;
            for (int k = j + 1; k < count; k++) pick[k] = pick[k - 1] + 1;
        }
    }
    return 0;
}

/* Groups `root` and `other` as one (the larger's root stays, `root` on a tie); its root. */
static inline int unite(int *parent, int *gsize, int root, int other) {
    if (other == root) return root;
    int big = gsize[other] > gsize[root] ? other : root, small = big == root ? other : root;
    parent[small] = big;
    gsize[big] += gsize[small];
    return big;
}

/* A stone of `colour` at `cell` joined to its groups (union by size); the size of its group. */
static inline int join(hex_game *game, int cell, int colour) {
    signed char *owner = game->owner;
    int *parent = game->parent, *gsize = game->gsize, root = cell;
    owner[cell] = (signed char)colour;
    parent[cell] = cell;
    gsize[cell] = 1;
    if (game->ring) {
        /* the neighbours of its colour listed first without a branch (whether a neighbour is of
         * a colour is a coin toss to predict), then joined */
        const int *ring = game->ring + 6 * cell;
        int same[6], found = 0;
        for (int d = 0; d < 6; d++) {
            same[found] = ring[d];
            found += owner[ring[d]] == colour;
        }
        for (int s = 0; s < found; s++) root = unite(parent, gsize, root, find_root(parent, same[s]));
        return gsize[root];
    }
    const hex_board *board = game->board;
    for (int e = board->start[cell]; e < board->start[cell + 1]; e++) {
        int nb = board->near[e];
        if (owner[nb] != colour) continue;
        root = unite(parent, gsize, root, find_root(parent, nb));
    }
    return gsize[root];
}

/* join() in any order: a run of neighbours of the colour around the cell is one group already
 * (they touch one another), so one neighbour of each run is joined, at most 3. */
static inline int join_runs(hex_game *game, int cell, int colour) {
    if (!game->cycle) return join(game, cell, colour);
    signed char *owner = game->owner;
    int *parent = game->parent, *gsize = game->gsize, root = cell;
    const int *cycle = game->cycle + 6 * cell;
    owner[cell] = (signed char)colour;
    parent[cell] = cell;
    gsize[cell] = 1;
    unsigned same = 0;
    for (int d = 0; d < 6; d++) same |= (unsigned)(owner[cycle[d]] == colour) << d;
    unsigned starts = same == 63 ? 1 : same & ~((same << 1 | same >> 5) & 63); /* after one not of it */
    while (starts) {
        root = unite(parent, gsize, root, find_root(parent, cycle[lowest_bit(starts)]));
        starts &= starts - 1;
    }
    return gsize[root];
}

static inline void place(hex_game *game, const int *cells, const int *colours, int count, int colour, int exact) {
    int largest = game->largest[colour], placed = 0;
    for (int j = 0; j < count; j++) {
        if (colours && colours[j] != colour) continue;
        int size = exact ? join(game, cells[j], colour) : join_runs(game, cells[j], colour);
        placed++;
        if (size > largest) largest = size;
    }
    game->largest[colour] = largest;
    game->empty -= placed;
}

/* check() then _commit() of HexGame: PLAY_OK and the turn played, or why it is refused (the
 * game unchanged); -1 out of memory. `cells` are cell indices, -1 for a cell off the board;
 * `colours` each stone's colour, or NULL for the mover's own. */
/* allows(): the variant's own constraint on the mover placing its stones at `cells` (distinct
 * empty cells in an allowed count: the caller's part). */
int game_allows(hex_game *game, const int *cells, int count) {
    if (!game->rules.constrained) return 1;
    int player = game->to_move, top = count ? new_groups_top(game, cells, count, player) : 0;
    return rules_constraint(&game->rules, player, count, top, game->largest) == CONSTRAINT_NONE;
}

/* A finished game's outcome for the first player by the variant's scoring rule: +1, 0 or -1. */
int game_outcome(hex_game *game) {
    hex_groups g = game_groups(game);
    int winner = rules_judge(&game->rules, g.sizes[1], g.count[1], g.sizes[2], g.count[2]);
    return winner == 1 ? 1 : winner == 2 ? -1 : 0;
}

int game_play(hex_game *game, int player, const int *cells, const int *colours, int count) {
    const hex_rules *rules = &game->rules;
    if (game->end) return PLAY_GAME_OVER;
    if (player != game->to_move) return PLAY_WRONG_PLAYER;
    for (int j = 0; j < count; j++)
        if (cells[j] < 0 || cells[j] >= game->board->cells) return PLAY_OFF_BOARD;
    next_stamp(game);
    for (int j = 0; j < count; j++) {
        if (game->stamp[cells[j]] == game->stamp_now) return PLAY_DUPLICATE;
        game->stamp[cells[j]] = game->stamp_now;
    }
    for (int j = 0; j < count; j++)
        if (game->owner[cells[j]]) return PLAY_OCCUPIED;
    counts_t counts = game_counts(game);
    if (count > 3 || !(counts & (1u << count))) return PLAY_STONE_COUNT;
    if (colours)
        for (int j = 0; j < count; j++)
            if ((colours[j] != player && !rules->either_colour) || colours[j] < 1 || colours[j] > 2)
                return PLAY_WRONG_COLOUR;
    if (rules->constrained) {
        int top = count ? new_groups_top(game, cells, count, player) : 0;
        int broken = rules_constraint(rules, player, count, top, game->largest);
        if (broken == CONSTRAINT_LARGEST_GREW) return PLAY_LARGEST_GREW;
        if (broken == CONSTRAINT_EQUAL_LARGEST) return PLAY_EQUAL_LARGEST;
    }
    return game_commit(game, player, cells, colours, count);
}

/* game_commit, its groups joined in game_play's order (`exact`: the state a replay gives back) or
 * in any order (a playout's). */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define ALWAYS_INLINE inline
#endif

static ALWAYS_INLINE int commit(hex_game *game, int player, const int *cells, const int *colours, int count, int exact) {
    const hex_rules *rules = &game->rules;
    if (game->turns_played >= game->history_size) { /* room for the facts: doubled */
        int room = game->history_size ? 2 * game->history_size : 8;
        hex_facts *grown = realloc(game->history, sizeof(hex_facts) * (size_t)room);
        if (!grown) return -1;
        game->history = grown;
        game->history_size = room;
    }
    int *largest = game->largest, *score = game->score;
    int max_before = largest[1] > largest[2] ? largest[1] : largest[2];
    int score_before = score[player];
    if (colours) {
        place(game, cells, colours, count, 1, exact);
        place(game, cells, colours, count, 2, exact);
    } else {
        place(game, cells, NULL, count, player, exact);
    }
    int mine = largest[player], strict = 0;
    if (mine > max_before && rules->reads_strict) {
        /* a group beyond the old maximum holds a new stone; strictly largest unless another
         * group of this turn reaches the same size */
        int same = 0;
        next_stamp(game);
        for (int j = 0; j < count; j++) {
            int root = game_find(game, cells[j]);
            if (game->stamp[root] != game->stamp_now) {
                game->stamp[root] = game->stamp_now;
                same += game->gsize[root] == mine;
            }
        }
        strict = same == 1 ? mine : 0;
    }
    if (mine > score_before) score[player] = mine;
    hex_facts *facts = &game->history[game->turns_played];
    facts->player = player;
    facts->placed = count;
    facts->score_before = score_before;
    facts->score_after = score[player];
    facts->max_before = max_before;
    facts->max_after = largest[1] > largest[2] ? largest[1] : largest[2];
    facts->strict = strict;
    game->turns_played++;
    game->to_move = 3 - player;
    if (game->empty == 0)
        game->end = END_BOARD_FULL;
    else if (rules->may_stall && !has_legal_turn(game))
        game->end = END_NO_LEGAL_TURN;
    return PLAY_OK;
}

int game_commit(hex_game *game, int player, const int *cells, const int *colours, int count) {
    return commit(game, player, cells, colours, count, 1);
}

int game_commit_playout(hex_game *game, int player, const int *cells, const int *colours, int count, counts_t *next) {
    int done = commit(game, player, cells, colours, count, 0);
    if (next && done == PLAY_OK) *next = game->end ? 0 : counts_of(game);
    return done;
}
