/* The rules of every hex variant the core knows: which stone counts a player may place, the
 * variants' own constraints on a turn, and the scoring rules. Replay (hexplay.c) and the search
 * (hexsearch.c) ask these alone, so the two cannot disagree on a rule.
 *
 * The Python engines in catchup_notation/rules/ are the reference: each function names the method
 * it mirrors, and the tests hold the two to the same answers on random positions. */
#ifndef HEXRULES_H
#define HEXRULES_H

#include <stddef.h>

/* Which engine's stone counts and constraint apply (the Python engine class). */
enum {
    RULE_CATCHUP = 1,
    RULE_CATCHUP_2012,
    RULE_ALTERNATIVE,
    RULE_KETCHUP_4,
    RULE_KETCHUP_3,
    RULE_KETCHUP_2,
    RULE_SAUCE,
    RULE_ONE_STONE, /* plur, too, brink, product: 1 stone a turn */
    RULE_KINDS
};

/* Which scoring rule judges a full board (`judge` of the engine). */
enum { SCORE_CASCADE = 0, SCORE_PLURALITY, SCORE_SECOND_LARGEST, SCORE_MARGIN, SCORE_PRODUCT, SCORE_KINDS };

/* A variant's constraint broken by a turn (the Python codes of `constraint`). */
enum { CONSTRAINT_NONE = 0, CONSTRAINT_LARGEST_GREW, CONSTRAINT_EQUAL_LARGEST };

typedef struct {
    int kind, scoring;
    unsigned base;     /* ketchup-4: its base counts, one bit per count */
    int threshold;     /* ketchup-4: the smallest strictly largest group that grants the bonus */
    int opening_phase; /* ketchup-2: 2 stones each while no group of 2 exists */
    int margin;        /* brink: x */
    /* The engine class's flags (HexGame attributes), given by the Python side. */
    int initial_score, fills_remaining, constrained, may_stall, reads_strict, either_colour, endless;
} hex_rules;

/* TurnFacts: what later turns' rules read of a turn. */
typedef struct {
    int player, placed, score_before, score_after, max_before, max_after, strict;
} hex_facts;

/* What `allowed_counts` reads of a position. `turns` is the number of turns played, where only
 * 0, 1 and "2 or more" matter; `leader` (sauce) the player ahead by the cascading comparison. */
typedef struct {
    int mover;
    int score[3], largest[3];
    int empty, turns;
    const hex_facts *last; /* the last turn's facts, NULL before the first turn */
    int leader;
} hex_view;

/* Stone counts are 0..3 in every variant: a set of them is a mask, bit c for count c. */
typedef unsigned counts_t;

int rules_constraint(const hex_rules *rules, int player, int placed, int top, const int *largest);
int rules_judge(const hex_rules *rules, const int *g1, int n1, const int *g2, int n2);
int compare_groups_at(const int *g1, int n1, const int *g2, int n2, int *at);

/* The cascading comparison without its place (compare_groups_at). */
static inline int compare_groups(const int *g1, int n1, const int *g2, int n2) {
    return compare_groups_at(g1, n1, g2, n2, NULL);
}

static inline int counts_max(counts_t counts) {
    return counts & 8 ? 3 : counts & 4 ? 2 : counts & 2 ? 1 : counts & 1 ? 0 : -1;
}

/* Inline: replay, playouts and the solver ask them every turn. */
/* base_counts() of each engine (catchup.py, ketchup.py, sauce.py, predecessors.py). */
static inline counts_t base_counts(const hex_rules *rules, const hex_view *v) {
    if (v->turns == 0) return 2; /* the opening turn places exactly 1 stone */
    const hex_facts *last = v->last;
    int mover = v->mover, opponent = 3 - v->mover;
    int board_max = v->largest[1] > v->largest[2] ? v->largest[1] : v->largest[2];
    switch (rules->kind) {
    case RULE_CATCHUP: /* 1-3 after the opponent's score rose to at least the mover's */
        return last->score_after > last->score_before && last->score_after >= v->score[3 - last->player] ? 14 : 6;
    case RULE_CATCHUP_2012: /* 1-3 after the opponent's turn grew the largest group on the board */
        return v->turns >= 2 && last->max_after > last->max_before ? 14 : 6;
    case RULE_ALTERNATIVE:
        return 6;
    case RULE_KETCHUP_4:
        return last->strict >= rules->threshold ? (rules->base | 8) : rules->base;
    case RULE_KETCHUP_3: /* 3 for a player whose largest group is behind */
        return board_max >= 2 && v->largest[mover] < v->largest[opponent] ? 8 : 4;
    case RULE_KETCHUP_2:
        if ((rules->opening_phase && board_max < 2) || v->largest[mover] > v->largest[opponent]) return 4;
        return 1 | 8;
    case RULE_SAUCE:
        if (v->turns == 1) return 1 | 4;
        return v->leader == opponent ? (1 | 8) : (1 | 4);
    default:
        return 2;
    }
}

/* allowed_counts(): the counts that fit in the empty cells, or all of them where the variant
 * fills what remains (sauce: a pass or the rest). */
static inline counts_t rules_counts(const hex_rules *rules, const hex_view *v) {
    counts_t counts = base_counts(rules, v);
    int top = counts_max(counts);
    if (rules->kind == RULE_SAUCE) {
        if (top > v->empty && (counts & 1)) return v->empty ? (1u | 1u << v->empty) : 1u;
        return counts;
    }
    if (top <= v->empty) return counts;
    counts_t fitting = counts & ((2u << v->empty) - 1);
    if (!fitting && rules->fills_remaining && v->empty) return 1u << v->empty;
    return fitting;
}

#endif
