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

counts_t rules_counts(const hex_rules *rules, const hex_view *view);
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

#endif
