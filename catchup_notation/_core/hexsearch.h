/* The exact search of a hex position: the mirror of hexsolve/search.py and colouring.py (negamax
 * with alpha-beta over win/draw/loss, the bounded transposition table, canonical keys under the
 * root's symmetries, decided-position bounds, threats, killers and move ordering), node for node:
 * the same children in the same order, the same table and killer updates, so that values,
 * principal lines and node counts agree with the Python search (the tests check all three). */
#ifndef HEXSEARCH_H
#define HEXSEARCH_H

#include <stdint.h>

#include "hexgeo.h"
#include "hexrules.h"
#include "hextable.h"

/* Which bound decides a position early (bounds.py). */
enum { EARLY_NONE = 0, EARLY_CASCADE, EARLY_MARGIN, EARLY_SECOND_LARGEST, EARLY_PRODUCT };

/* A turn: the new stones of colour 1 and of colour 2 (Python's placed = c1 | c2 << n). */
typedef struct {
    mask_t c1, c2;
} hex_turn;

/* A search state: (m1, m2, mover, s1, s2, l1, l2, facts, turns) of search.py. */
typedef struct {
    mask_t m1, m2;
    int mover, s1, s2, l1, l2;
    int turns; /* min(turns played, 2) */
    int has_facts;
    hex_facts facts;
} hex_state;

typedef struct {
    hex_turn placed;
    hex_state state;
} hex_child;

/* A threat: cells with which a player wins at once, how many, and the largest group they make. */
typedef struct {
    mask_t cells;
    int count, top;
} hex_threat;

/* Growable arrays the search keeps per depth (a node's children, threats, turns left out). */
typedef struct {
    hex_child *children;
    int children_room;
    uint64_t *keys;
    int keys_room;
    hex_threat *threats;
    int threats_room;
    hex_turn *pruned;
    int pruned_room;
} hex_frame;

#define MAX_PERMS 12
#define MAX_DEPTH (2 * MAX_CELLS + 4)
#define CACHE_BITS 16

/* frames[SPARE_FRAME]: scratch of the ordering; frames[CALLER_FRAME]: turns built for the caller. */
#define SPARE_FRAME (MAX_DEPTH + 1)
#define CALLER_FRAME (MAX_DEPTH + 2)

struct hex_search;
/* Called every check_every nodes (work 0) and every so many turns built inside a node (work 1):
 * nonzero stops the search (a budget ran out or an error is set). */
typedef int (*hex_poll)(struct hex_search *search, int work);

typedef struct hex_search {
    hex_geo geo;
    hex_rules rules;
    int early, cascade, monotone, colouring;
    int canonical_stones;
    int perms;
    mask_t (*perm_tables)[8][256]; /* per symmetry but the identity: image of each byte of a mask */
    hex_table table;
    uint64_t nodes;
    hex_turn killers[MAX_DEPTH + 2][2];
    hex_turn threat; /* the winning turn of the last value() that found one by winning_turn */
    hex_frame frames[MAX_DEPTH + 3];
    int *lists;   /* scratch group lists: 4 of geo.list_room */
    int stopped;  /* a poll asked to stop (or memory ran out): unwind */
    int no_memory;
    /* budget polling */
    uint64_t next_check, check_every, work;
    hex_poll poll;
    void *poll_data;
    /* wins_now memo: (colour, mask) -> won, direct mapped */
    mask_t *wins_mask;
    unsigned char *wins_value;
    /* colouring search (too, product) */
    mask_t samples[160];
    int sample_count[MAX_CELLS + 1];
    unsigned char *finals;   /* n <= 20: winner + 1 of each full colouring by colour 1's mask, 0 unknown */
    mask_t *decided_key1, *decided_key2;
    unsigned char *decided_value; /* 0 empty slot, else the value + 1 */
    size_t decided_slots;
} hex_search;

int search_init(hex_search *s, size_t table_bytes);
void search_free(hex_search *s);
counts_t search_counts(hex_search *s, const hex_state *st);
int search_children(hex_search *s, const hex_state *st, counts_t counts, hex_child **out);
int search_value(hex_search *s, const hex_state *st, int alpha, int beta, int depth);
int search_line(hex_search *s, hex_state st, int value, hex_turn *out, int room);
void search_order(hex_search *s, hex_child *children, int count, int mover, hex_turn hint, int depth);
uint64_t *search_order_keys(hex_search *s, const hex_child *children, int count, int mover, hex_turn hint, int depth);
hex_turn search_canonical_turn(hex_search *s, hex_turn turn);
int search_wins_now(hex_search *s, int colour, mask_t mask);
int search_outcome(hex_search *s, mask_t m1, mask_t m2, int mover, int *known);
int search_decided(hex_search *s, mask_t m1, mask_t m2);
uint32_t search_rule_word(const hex_state *st, counts_t counts);
void search_key(hex_search *s, const hex_state *st, mask_t *k1, mask_t *k2, int *own_frame);

#endif
