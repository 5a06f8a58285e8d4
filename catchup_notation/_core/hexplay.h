/* Replay of hex games on boards of any shape and size: stones, groups by a union-find over cell
 * indices (sizes at the roots), scores, turn checking in the documented order. The mirror of
 * HexGame (catchup_notation/rules/hexgame.py): where a turn breaks a rule this only says which
 * rule, and the Python engine words the diagnostic. */
#ifndef HEXPLAY_H
#define HEXPLAY_H

#include "hexrules.h"

/* A board: each cell's neighbours, in compressed rows (neighbours of cell i are
 * near[start[i]] .. near[start[i + 1] - 1]). */
typedef struct {
    int cells;
    int *start, *near;
} hex_board;

/* Why a turn is refused: RuleError codes of the engine, in the order it checks them. */
enum {
    PLAY_OK = 0,
    PLAY_GAME_OVER,
    PLAY_WRONG_PLAYER,
    PLAY_OFF_BOARD,
    PLAY_DUPLICATE,
    PLAY_OCCUPIED,
    PLAY_STONE_COUNT,
    PLAY_WRONG_COLOUR,
    PLAY_LARGEST_GREW,
    PLAY_EQUAL_LARGEST,
    PLAY_CODES
};

extern const char *const play_codes[PLAY_CODES];

/* How a game ended (HexGame.end_reason). */
enum { END_NONE = 0, END_BOARD_FULL, END_NO_LEGAL_TURN };

typedef struct {
    const hex_board *board;
    hex_rules rules;
    signed char *owner; /* colour per cell, 0 empty; one cell more, never owned (see `ring`) */
    int *ring;          /* each cell's neighbours, 6 a cell, filled up with the never-owned cell
                           `cells`; NULL on a board where a cell has more than 6 */
    int *cycle;         /* the same neighbours in turn around the cell (two next to each other
                           touch), gaps filled with `cells`; NULL where they cannot be so put */
    int *parent, *gsize;
    int largest[3], score[3];
    int empty, turns_played, to_move, end;
    hex_facts *history; /* facts of every turn played */
    int history_size;
    unsigned *stamp; /* scratch: per cell, the turn that last marked it */
    unsigned stamp_now;
    int *scratch; /* scratch: group sizes (2 * cells) */
} hex_game;

/* Both colours' group sizes, largest first: colour c's `count[c]` sizes at `sizes[c]` (c = 1, 2),
 * in the game's scratch (until the next call that uses it). */
typedef struct {
    const int *sizes[3];
    int count[3];
} hex_groups;

int game_init(hex_game *game, const hex_board *board, const hex_rules *rules);
void game_free(hex_game *game);
void game_reset(hex_game *game);
int game_copy(hex_game *to, const hex_game *from);
int game_play(hex_game *game, int player, const int *cells, const int *colours, int count);
/* _commit() of HexGame alone: a turn known legal (game_play's checks passed, or a playout's distinct
 * empty cells in an allowed count that game_allows accepts); PLAY_OK, or -1 out of memory. */
int game_commit(hex_game *game, int player, const int *cells, const int *colours, int count);
/* game_commit for a playout: the same position, scores, facts and end, but a stone's groups joined
 * in any order (a cell's root may differ from game_commit's; the groups and sizes are the same);
 * with `next`, the allowed counts of the next turn there (0 once the game is over). */
int game_commit_playout(hex_game *game, int player, const int *cells, const int *colours, int count, counts_t *next);
int game_allows(hex_game *game, const int *cells, int count);
int game_outcome(hex_game *game);
counts_t game_counts(hex_game *game);
hex_groups game_groups(hex_game *game);
int game_find(hex_game *game, int i);

#endif
