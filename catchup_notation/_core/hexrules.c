/* The rules of the hex variants (see hexrules.h). */
#include "hexrules.h"

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
