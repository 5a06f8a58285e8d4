/* The rules of the hex variants (see hexrules.h). */
#include "hexrules.h"

/* base_counts() of each engine (catchup.py, ketchup.py, sauce.py, predecessors.py). */
static counts_t base_counts(const hex_rules *rules, const hex_view *v) {
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
counts_t rules_counts(const hex_rules *rules, const hex_view *v) {
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

/* constraint(): a variant's own rule on a turn of `placed` stones whose new groups' largest is
 * `top` (0 for a pass); `largest` the largest group of each colour before the turn. */
int rules_constraint(const hex_rules *rules, int player, int placed, int top, const int *largest) {
    if (rules->kind == RULE_ALTERNATIVE) {
        int before = largest[1] > largest[2] ? largest[1] : largest[2];
        if (placed == 2 && top > before) return CONSTRAINT_LARGEST_GREW;
    } else if (rules->kind == RULE_KETCHUP_2) {
        int mine = largest[player] > top ? largest[player] : top;
        int theirs = largest[3 - player];
        int applies = (mine > theirs ? mine : theirs) >= 2 || !rules->opening_phase;
        if (applies && mine == theirs) return CONSTRAINT_EQUAL_LARGEST;
    }
    return CONSTRAINT_NONE;
}

/* compare_groups() of scoring.py on descending lists, a missing entry counting 0: 1 or 2 for the
 * larger list, 0 for identical lists; with `at`, the 0-based place that decided there (-1: none). */
int compare_groups_at(const int *g1, int n1, const int *g2, int n2, int *at) {
    int n = n1 > n2 ? n1 : n2;
    for (int i = 0; i < n; i++) {
        int a = i < n1 ? g1[i] : 0, b = i < n2 ? g2[i] : 0;
        if (a != b) {
            if (at) *at = i;
            return a > b ? 1 : 2;
        }
    }
    if (at) *at = -1;
    return 0;
}

/* plurality() of predecessors.py: the owner of the majority of the k largest groups of the board,
 * k = 3, 5, ... the first cut where the k-th and (k+1)-th largest differ (or k is every group). */
static int plurality(const int *g1, int n1, const int *g2, int n2) {
    int total = n1 + n2;
    int i = 0, j = 0, first = 0;
    /* Walk the merged descending list; at each odd k >= 3 see whether it is a cut. */
    for (int k = 1; k <= total; k++) {
        int size;
        if (j >= n2 || (i < n1 && g1[i] >= g2[j])) {
            size = g1[i++];
            first++;
        } else {
            size = g2[j++];
        }
        if (k >= 3 && k % 2 == 1) {
            int next = k == total ? -1 : (i < n1 && (j >= n2 || g1[i] >= g2[j]) ? g1[i] : g2[j]);
            if (k == total || size > next) return first > k - first ? 1 : 2;
        }
    }
    return 0;
}

static int second(const int *g, int n) { return n > 1 ? g[1] : 0; }
static long long two_largest(const int *g, int n) { return n > 1 ? (long long)g[0] * g[1] : 0; }

/* judge(): the winner of a full board under the variant's scoring rule, 0 for a draw. */
int rules_judge(const hex_rules *rules, const int *g1, int n1, const int *g2, int n2) {
    switch (rules->scoring) {
    case SCORE_PLURALITY:
        return plurality(g1, n1, g2, n2);
    case SCORE_SECOND_LARGEST:
        return second(g1, n1) > second(g2, n2) ? 1 : 2;
    case SCORE_PRODUCT:
        return two_largest(g1, n1) > two_largest(g2, n2) ? 1 : 2;
    case SCORE_MARGIN: {
        int a = n1 ? g1[0] : 0, b = n2 ? g2[0] : 0;
        if (a == b) return compare_groups(g1, n1, g2, n2);
        int bigger = a > b ? 1 : 2, lead = a > b ? a - b : b - a;
        return lead >= rules->margin ? bigger : 3 - bigger;
    }
    default:
        return compare_groups(g1, n1, g2, n2);
    }
}
