/* The exact search of a hex position (see hexsearch.h). Each function names the Python method it
 * mirrors in catchup_notation/solvers/hexsolve/; the reasoning behind each rule is written there. */
#include "hexsearch.h"

#include <stdlib.h>
#include <string.h>

/* colouring.py */
#define DECIDED 2
#define OPEN (DECIDED + 1)
#define EXACT_FROM 8
#define FINALS_ARRAY 20
#define DECIDED_BITS 18
#define WINS_SLOTS ((size_t)1 << CACHE_BITS)
/* Turns built between two polls of the budget inside one node (a node may list many turns). */
#define WORK_EVERY (1u << 14)

static inline int same_turn(hex_turn a, hex_turn b) { return a.c1 == b.c1 && a.c2 == b.c2; }
static inline int no_turn(hex_turn a) { return !(a.c1 | a.c2); }
static inline int turn_stones(hex_turn t) { return popcount64(t.c1) + popcount64(t.c2); }
static inline hex_turn own_turn(int mover, mask_t cells) {
    hex_turn t = {mover == 1 ? cells : 0, mover == 1 ? 0 : cells};
    return t;
}
static inline int outcome_value(int winner, int mover) { return winner == 0 ? 0 : (winner == mover ? 1 : -1); }

/* -- memory ---------------------------------------------------------------------------------- */

static int grow(void **array, int *room, int need, size_t size) {
    if (need <= *room) return 0;
    int fresh = *room ? *room : 64;
    while (fresh < need) fresh *= 2;
    void *bigger = realloc(*array, size * (size_t)fresh);
    if (!bigger) return -1;
    *array = bigger;
    *room = fresh;
    return 0;
}

#define GROW(s, array, room, need)                                                \
    (grow((void **)&(array), &(room), (need), sizeof *(array)) < 0 ? (s->no_memory = 1, s->stopped = 1, -1) : 0)

int search_init(hex_search *s, size_t table_bytes) {
    s->lists = malloc(sizeof(int) * 4 * (size_t)(s->geo.list_room + 1));
    s->wins_mask = calloc(WINS_SLOTS, sizeof(mask_t));
    s->wins_value = calloc(WINS_SLOTS, 1);
    if (!s->lists || !s->wins_mask || !s->wins_value) return -1;
    if (s->colouring) {
        if (s->geo.n <= FINALS_ARRAY && !(s->finals = calloc((size_t)1 << s->geo.n, 1))) return -1;
        s->decided_slots = (size_t)1 << DECIDED_BITS;
        s->decided_key1 = calloc(s->decided_slots, sizeof(mask_t));
        s->decided_key2 = calloc(s->decided_slots, sizeof(mask_t));
        s->decided_value = calloc(s->decided_slots, 1);
        if (!s->decided_key1 || !s->decided_key2 || !s->decided_value) return -1;
    }
    return table_init(&s->table, table_bytes);
}

void search_free(hex_search *s) {
    for (int d = 0; d < MAX_DEPTH + 3; d++) {
        free(s->frames[d].children);
        free(s->frames[d].keys);
        free(s->frames[d].threats);
        free(s->frames[d].pruned);
    }
    free(s->lists);
    free(s->wins_mask);
    free(s->wins_value);
    free(s->finals);
    free(s->decided_key1);
    free(s->decided_key2);
    free(s->decided_value);
    free(s->perm_tables);
    for (int c = 1; c <= 2; c++) free(s->geo.untouched[c]);
    table_free(&s->table);
}

/* The budget: every check_every nodes as the Python search checks it, and every WORK_EVERY turns
 * built inside a node. */
static inline int poll_nodes(hex_search *s) {
    if (s->nodes >= s->next_check) {
        s->next_check = s->nodes + s->check_every;
        if (s->poll(s, 0)) s->stopped = 1;
    }
    return s->stopped;
}

static inline int poll_work(hex_search *s) {
    if (++s->work >= WORK_EVERY) {
        s->work = 0;
        if (s->poll(s, 1)) s->stopped = 1;
    }
    return s->stopped;
}

/* -- bounds.py ------------------------------------------------------------------------------- */

static int compare_lists(hex_search *s, int c1, mask_t mask1, int c2, mask_t mask2) {
    int *a = s->lists, *b = s->lists + s->geo.list_room;
    int na = geo_groups(&s->geo, c1, mask1, a), nb = geo_groups(&s->geo, c2, mask2, b);
    return compare_groups(a, na, b, nb);
}

/* wins_now(): a colour with stones `mask` on empty cells has won whatever the rest of the game
 * (cascade: its list beats the other colour's potential). Memoised, direct mapped. */
int search_wins_now(hex_search *s, int colour, mask_t mask) {
    uint64_t h = (mask ^ (uint64_t)colour * 0x9E3779B97F4A7C15ULL) * 0xD6E8FEB86659FD93ULL;
    size_t slot = (size_t)(h >> (64 - CACHE_BITS));
    unsigned char tag = (unsigned char)(colour << 1);
    if (s->wins_mask[slot] == mask && (s->wins_value[slot] & 6) == tag) return s->wins_value[slot] & 1;
    int won = compare_lists(s, colour, mask, 3 - colour, s->geo.full ^ mask) == 1;
    s->wins_mask[slot] = mask;
    s->wins_value[slot] = (unsigned char)(tag | won);
    return won;
}

/* final(): the variant's verdict on a full board, 0 for a draw. */
static int final_winner(hex_search *s, mask_t m1, mask_t m2) {
    int *a = s->lists, *b = s->lists + s->geo.list_room;
    int na = geo_groups(&s->geo, 1, m1, a), nb = geo_groups(&s->geo, 2, m2, b);
    return rules_judge(&s->rules, a, na, b, nb);
}

/* _two_largest(): (second-largest low, product low, second-largest high, product high). */
static void two_largest(hex_search *s, int colour, mask_t mine, mask_t theirs, long long out[4]) {
    const hex_geo *geo = &s->geo;
    int *closed = s->lists + 2 * geo->list_room, *potential = s->lists + 3 * geo->list_room;
    int largest_open;
    int nclosed = geo_open_and_closed(geo, colour, mine, geo->full & ~(mine | theirs), closed, &largest_open);
    int top[4] = {nclosed > 0 ? closed[0] : 0, nclosed > 1 ? closed[1] : 0, largest_open, 0};
    for (int i = 1; i < 4; i++) /* sorted, largest first */
        for (int j = i; j > 0 && top[j] > top[j - 1]; j--) {
            int t = top[j];
            top[j] = top[j - 1];
            top[j - 1] = t;
        }
    long long a = top[0], b = top[1];
    int np = geo_groups(geo, colour, geo->full ^ theirs, potential);
    long long s1 = np > 0 ? potential[0] : 0, s2 = np > 1 ? potential[1] : 0;
    long long half = s1 ? (s1 - 1) / 2 : 0;
    out[0] = b;
    out[1] = a * b;
    out[2] = s2 > half ? s2 : half;
    long long product = s1 ? half * (s1 - 1 - half) : 0;
    out[3] = s1 * s2 > product ? s1 * s2 : product;
}

/* spread(): the least and the most by which colour 1's final score can exceed colour 2's. */
static void spread(hex_search *s, mask_t m1, mask_t m2, long long *low, long long *high) {
    long long first[4], second[4];
    two_largest(s, 1, m1, m2, first);
    two_largest(s, 2, m2, m1, second);
    int lo = s->early == EARLY_SECOND_LARGEST ? 0 : 1, hi = lo + 2;
    *low = first[lo] - second[hi];
    *high = first[hi] - second[lo];
}

/* early(): the winner if the scoring rule already decides (0 a draw), -1 if not. */
static int early_winner(hex_search *s, mask_t m1, mask_t m2) {
    const hex_geo *geo = &s->geo;
    switch (s->early) {
    case EARLY_CASCADE:
        if (compare_lists(s, 1, m1, 2, geo->full ^ m1) == 1) return 1;
        if (compare_lists(s, 2, m2, 1, geo->full ^ m2) == 1) return 2;
        return -1;
    case EARLY_MARGIN: {
        int low1 = geo_largest(geo, 1, m1), high1 = geo_largest(geo, 1, geo->full ^ m2);
        int low2 = geo_largest(geo, 2, m2), high2 = geo_largest(geo, 2, geo->full ^ m1);
        int x = s->rules.margin;
        if (low1 > high2) {
            if (low1 - high2 >= x) return 1;
            if (high1 - low2 < x) return 2;
        } else if (low2 > high1) {
            if (low2 - high1 >= x) return 2;
            if (high2 - low1 < x) return 1;
        }
        return -1;
    }
    case EARLY_SECOND_LARGEST:
    case EARLY_PRODUCT: {
        long long low, high;
        spread(s, m1, m2, &low, &high);
        return low > 0 ? 1 : high <= 0 ? 2 : -1;
    }
    default:
        return -1;
    }
}

/* outcome(): the value for `mover` if the scoring rule decides the position (1 into *known). */
int search_outcome(hex_search *s, mask_t m1, mask_t m2, int mover, int *known) {
    if (s->early != EARLY_NONE) {
        int winner = early_winner(s, m1, m2);
        if (winner >= 0) {
            *known = 1;
            return outcome_value(winner, mover);
        }
    }
    if ((m1 | m2) == s->geo.full) {
        *known = 1;
        return outcome_value(final_winner(s, m1, m2), mover);
    }
    *known = 0;
    return 0;
}

/* -- keys and symmetry ----------------------------------------------------------------------- */

static inline mask_t permute(const hex_search *s, int p, mask_t mask) {
    const mask_t(*tables)[256] = s->perm_tables[p];
    mask_t out = 0;
    for (int c = 0; mask; c++, mask >>= 8) out |= tables[c][mask & 255];
    return out;
}

/* MaskPermuter.canonical(): the least image of (m1, m2) as the packed m1 | m2 << n. */
static void canonical(const hex_search *s, mask_t *m1, mask_t *m2) {
    mask_t b1 = *m1, b2 = *m2;
    for (int p = 0; p < s->perms; p++) {
        mask_t i2 = permute(s, p, *m2);
        if (i2 > b2) continue;
        mask_t i1 = permute(s, p, *m1);
        if (i2 < b2 || i1 < b1) {
            b1 = i1;
            b2 = i2;
        }
    }
    *m1 = b1;
    *m2 = b2;
}

hex_turn search_canonical_turn(hex_search *s, hex_turn turn) {
    if (s->perms) canonical(s, &turn.c1, &turn.c2);
    return turn;
}

/* The rule part of key(): (mover, s1, s2, counts, turns) in one word. */
uint32_t search_rule_word(const hex_state *st, counts_t counts) {
    return (uint32_t)(st->mover - 1) | (uint32_t)st->turns << 1 | (uint32_t)counts << 3 | (uint32_t)st->s1 << 7 |
           (uint32_t)st->s2 << 19;
}

/* key(): the masks in their least image under the root's symmetries near the root. */
void search_key(hex_search *s, const hex_state *st, mask_t *k1, mask_t *k2, int *own_frame) {
    mask_t a = st->m1, b = st->m2;
    if (s->perms && popcount64(a | b) <= s->canonical_stones) canonical(s, &a, &b);
    *k1 = a;
    *k2 = b;
    *own_frame = a == st->m1 && b == st->m2;
}

/* -- the engine's rules ------------------------------------------------------------------------ */

counts_t search_counts(hex_search *s, const hex_state *st) {
    hex_view view;
    view.mover = st->mover;
    view.score[0] = 0;
    view.score[1] = st->s1;
    view.score[2] = st->s2;
    view.largest[0] = 0;
    view.largest[1] = st->l1;
    view.largest[2] = st->l2;
    view.empty = s->geo.n - popcount64(st->m1 | st->m2);
    view.turns = st->turns;
    view.last = st->has_facts && st->turns ? &st->facts : NULL;
    view.leader = 0;
    return rules_counts(&s->rules, &view);
}

static inline int allowed(hex_search *s, int player, int count, int top, int l1, int l2) {
    int largest[3] = {0, l1, l2};
    return rules_constraint(&s->rules, player, count, top, largest) == CONSTRAINT_NONE;
}

/* -- turns ----------------------------------------------------------------------------------- */

/* units(): what a new stone of the mover on each cell would join. Units are the mover's groups
 * holding stones on empty cells, then its fixed groups that none of them merged; returns how many
 * (over 64: the caller finds group sizes by flood fill instead). */
typedef struct {
    mask_t adjacent[MAX_CELLS];
    int size[2 * MAX_CELLS];
    int single[MAX_CELLS];
} hex_units;

static int units(hex_search *s, int colour, mask_t mine, hex_units *u) {
    const hex_geo *geo = &s->geo;
    hex_part parts[MAX_CELLS];
    int found = geo_parts(geo, colour, mine, parts), count = found;
    mask_t fixed_unit[MAX_FIXED];
    int merged_into[MAX_FIXED];
    for (int j = 0; j < geo->fixed[colour]; j++) merged_into[j] = -1;
    for (int i = 0; i < found; i++) {
        u->size[i] = parts[i].size;
        for (mask_t g = parts[i].groups; g; g &= g - 1) merged_into[lowest_bit(g)] = i;
    }
    for (int j = 0; j < geo->fixed[colour]; j++) {
        if (merged_into[j] >= 0) {
            fixed_unit[j] = (mask_t)1 << merged_into[j];
        } else {
            if (count >= 64) return count + 1;
            fixed_unit[j] = (mask_t)1 << count;
            u->size[count++] = geo->group_size[colour][j];
        }
    }
    if (count > 64) return count;
    for (int k = 0; k < geo->n; k++) {
        if (mine >> k & 1) continue;
        mask_t around = geo->near[k] & mine, unit = 0;
        if (around)
            for (int i = 0; i < found; i++)
                if (parts[i].cells & around) unit |= (mask_t)1 << i;
        for (mask_t t = geo->touch[colour][k]; t; t &= t - 1) unit |= fixed_unit[lowest_bit(t)];
        u->adjacent[k] = unit;
        int total = 1;
        for (mask_t x = unit; x; x &= x - 1) total += u->size[lowest_bit(x)];
        u->single[k] = total;
    }
    return count;
}

static inline int unit_sum(const hex_units *u, mask_t unit) {
    int total = 0;
    for (; unit; unit &= unit - 1) total += u->size[lowest_bit(unit)];
    return total;
}

/* The sizes of the groups holding new stones `chosen` (count <= 3): largest and how many reach it. */
static void new_sizes(hex_search *s, const hex_units *u, int usable, int colour, mask_t mine, const int *chosen,
                      int count, int *top, int *tops) {
    int sizes[3], nsizes = 0;
    if (!usable) { /* too many units for masks: the groups of mine and the new stones */
        hex_part parts[MAX_CELLS];
        mask_t cells = 0;
        for (int j = 0; j < count; j++) cells |= (mask_t)1 << chosen[j];
        int found = geo_parts(&s->geo, colour, mine | cells, parts);
        for (int i = 0; i < found; i++)
            if (parts[i].cells & cells) sizes[nsizes++] = parts[i].size;
    } else if (count == 1) {
        sizes[nsizes++] = u->single[chosen[0]];
    } else if (count >= 2) {
        const mask_t *near = s->geo.near;
        int link[3] = {0, 1, 2};
        for (int a = 0; a < count; a++)
            for (int b = a + 1; b < count; b++)
                if ((near[chosen[a]] >> chosen[b] & 1) || (u->adjacent[chosen[a]] & u->adjacent[chosen[b]])) {
                    int ra = a, rb = b;
                    while (link[ra] != ra) ra = link[ra];
                    while (link[rb] != rb) rb = link[rb];
                    if (ra != rb) link[rb] = ra;
                }
        for (int j = 0; j < count; j++) {
            int r = j;
            while (link[r] != r) r = link[r];
            if (r != j) continue;
            mask_t unit = 0;
            int stones = 0;
            for (int k = 0; k < count; k++) {
                int rk = k;
                while (link[rk] != rk) rk = link[rk];
                if (rk == j) {
                    unit |= u->adjacent[chosen[k]];
                    stones++;
                }
            }
            sizes[nsizes++] = stones + unit_sum(u, unit);
        }
    }
    int best = 0, same = 0;
    for (int i = 0; i < nsizes; i++) {
        if (sizes[i] > best) {
            best = sizes[i];
            same = 1;
        } else if (sizes[i] == best) {
            same++;
        }
    }
    *top = best;
    *tops = same;
}

/* refuted(): the turn placing `placed` (cells of its mover) and leading to `child` leaves one of
 * the threats to the opponent, who then wins at once. */
static int refuted(hex_search *s, const hex_threat *threats, int nthreats, mask_t placed, const hex_state *child) {
    int have = 0;
    counts_t counts = 0;
    for (int i = 0; i < nthreats; i++) {
        const hex_threat *t = threats + i;
        if (t->cells & placed) continue;
        if (!have) {
            counts = search_counts(s, child);
            have = 1;
        }
        if (!s->rules.constrained) {
            if (t->count <= counts_max(counts)) return 1;
        } else if ((counts >> t->count & 1) && allowed(s, child->mover, t->count, t->top, child->l1, child->l2)) {
            return 1;
        }
    }
    return 0;
}

static int coloured_children(hex_search *s, const hex_state *st, counts_t counts, hex_child **out, int *room);

/* The facts of a turn (TurnFacts), as children() and coloured_children() record them. */
static inline void set_facts(hex_state *child, int mover, int count, int score, int new_score, int max_before,
                             int max_after, int strict) {
    child->has_facts = 1;
    child->facts.player = mover;
    child->facts.placed = count;
    child->facts.score_before = score;
    child->facts.score_after = new_score;
    child->facts.max_before = max_before;
    child->facts.max_after = max_after;
    child->facts.strict = strict;
}

/* children(): every legal turn and the state after it, in the order the Python search builds
 * them; with `only`, that turn alone if it is legal. A turn that leaves one of `threats` to the
 * opponent is left out and its cells appended to the frame's pruned turns (*npruned). Returns
 * how many (into *out, grown as needed), or -1 when the search stops. */
static int children(hex_search *s, const hex_state *st, counts_t counts, const hex_turn *only,
                    const hex_threat *threats, int nthreats, hex_frame *frame, int *npruned, hex_child **out,
                    int *room) {
    if (s->rules.either_colour) return coloured_children(s, st, counts, out, room);
    const hex_geo *geo = &s->geo;
    int mover = st->mover, n = geo->n;
    mask_t free = geo->full & ~(st->m1 | st->m2);
    int bits[MAX_CELLS], nfree = 0;
    for (mask_t f = free; f; f &= f - 1) bits[nfree++] = lowest_bit(f);
    mask_t mine = mover == 1 ? st->m1 : st->m2;
    int largest = mover == 1 ? st->l1 : st->l2, score = mover == 1 ? st->s1 : st->s2;
    int board_max = st->l1 > st->l2 ? st->l1 : st->l2;
    int next_turns = st->turns + 1 > 2 ? 2 : st->turns + 1;
    hex_units u;
    /* one turn: its groups by one flood fill; every turn: what each cell would join, once */
    int usable = only ? 0 : units(s, mover, mine, &u) <= 64;
    int count_out = 0;
    int chosen[3];
    /* one pass per allowed count, combinations in lexicographic order of cell bits */
    for (int count = 0; count <= 3; count++) {
        if (!(counts >> count & 1)) continue;
        if (only) {
            mask_t cells = mover == 1 ? only->c1 : only->c2, other = mover == 1 ? only->c2 : only->c1;
            if ((cells & ~free) || other || popcount64(cells) != count) continue;
            int j = 0;
            for (mask_t c = cells; c; c &= c - 1) chosen[j++] = lowest_bit(c);
        } else if (count > nfree) {
            continue;
        }
        int pick[3] = {0, 1, 2};
        for (;;) {
            if (!only)
                for (int j = 0; j < count; j++) chosen[j] = bits[pick[j]];
            mask_t placed = 0;
            for (int j = 0; j < count; j++) placed |= (mask_t)1 << chosen[j];
            int top = 0, tops = 0;
            new_sizes(s, &u, usable, mover, mine, chosen, count, &top, &tops);
            if (poll_work(s)) return -1;
            if (!s->rules.constrained || allowed(s, mover, count, top, st->l1, st->l2)) {
                int new_largest = largest >= top ? largest : top;
                int new_score = score >= new_largest ? score : new_largest;
                int new_max = board_max >= new_largest ? board_max : new_largest;
                int strict = s->rules.reads_strict && top > board_max && tops == 1 ? top : 0;
                hex_state child;
                set_facts(&child, mover, count, score, new_score, board_max, new_max, strict);
                child.turns = next_turns;
                if (mover == 1) {
                    child.m1 = st->m1 | placed;
                    child.m2 = st->m2;
                    child.mover = 2;
                    child.s1 = new_score;
                    child.s2 = st->s2;
                    child.l1 = new_largest;
                    child.l2 = st->l2;
                } else {
                    child.m1 = st->m1;
                    child.m2 = st->m2 | placed;
                    child.mover = 1;
                    child.s1 = st->s1;
                    child.s2 = new_score;
                    child.l1 = st->l1;
                    child.l2 = new_largest;
                }
                if (nthreats && refuted(s, threats, nthreats, placed, &child)) {
                    if (GROW(s, frame->pruned, frame->pruned_room, *npruned + 1) < 0) return -1;
                    frame->pruned[(*npruned)++] = own_turn(mover, placed);
                } else {
                    if (count_out >= *room &&
                        grow((void **)out, room, count_out + 1, sizeof(hex_child)) < 0) {
                        s->no_memory = s->stopped = 1;
                        return -1;
                    }
                    (*out)[count_out].placed = own_turn(mover, placed);
                    (*out)[count_out].state = child;
                    count_out++;
                }
            }
            if (only || count == 0) break;
            int j = count - 1; /* the next combination */
            while (j >= 0 && pick[j] == nfree - count + j) j--;
            if (j < 0) break;
            pick[j]++;
            for (int k = j + 1; k < count; k++) pick[k] = pick[k - 1] + 1;
        }
    }
    (void)n;
    return count_out;
}

/* coloured_children(): too, product: every colouring of every choice of cells. */
static int coloured_children(hex_search *s, const hex_state *st, counts_t counts, hex_child **out, int *room) {
    const hex_geo *geo = &s->geo;
    int mover = st->mover;
    mask_t free = geo->full & ~(st->m1 | st->m2);
    int bits[MAX_CELLS], nfree = 0;
    for (mask_t f = free; f; f &= f - 1) bits[nfree++] = lowest_bit(f);
    int score = mover == 1 ? st->s1 : st->s2;
    int board_max = st->l1 > st->l2 ? st->l1 : st->l2;
    int count_out = 0;
    hex_part parts[MAX_CELLS];
    for (int count = 0; count <= 3; count++) {
        if (!(counts >> count & 1) || count > nfree) continue;
        int pick[3] = {0, 1, 2};
        for (;;) {
            for (int colours = 0; colours < (1 << count); colours++) {
                /* product((1, 2), repeat=count): the first stone's colour varies slowest */
                mask_t placed[3] = {0, 0, 0};
                for (int j = 0; j < count; j++) placed[(colours >> (count - 1 - j) & 1) + 1] |= (mask_t)1 << bits[pick[j]];
                mask_t masks[3] = {0, st->m1 | placed[1], st->m2 | placed[2]};
                int largest[3] = {0, st->l1, st->l2};
                int sizes[6], nsizes = 0;
                for (int colour = 1; colour <= 2; colour++) {
                    if (!placed[colour]) continue;
                    int found = geo_parts(geo, colour, masks[colour], parts);
                    for (int i = 0; i < found; i++)
                        if (parts[i].cells & placed[colour]) {
                            sizes[nsizes++] = parts[i].size;
                            if (parts[i].size > largest[colour]) largest[colour] = parts[i].size;
                        }
                }
                if (poll_work(s)) return -1;
                int mine = largest[mover];
                int new_score = score > mine ? score : mine;
                int same = 0;
                for (int i = 0; i < nsizes; i++) same += sizes[i] == mine;
                hex_state child;
                set_facts(&child, mover, count, score, new_score, board_max, largest[1] > largest[2] ? largest[1] : largest[2],
                          s->rules.reads_strict && mine > board_max && same == 1 ? mine : 0);
                child.m1 = masks[1];
                child.m2 = masks[2];
                child.mover = 3 - mover;
                child.s1 = mover == 1 ? new_score : st->s1;
                child.s2 = mover == 1 ? st->s2 : new_score;
                child.l1 = largest[1];
                child.l2 = largest[2];
                child.turns = st->turns + 1 > 2 ? 2 : st->turns + 1;
                if (count_out >= *room && grow((void **)out, room, count_out + 1, sizeof(hex_child)) < 0) {
                    s->no_memory = s->stopped = 1;
                    return -1;
                }
                (*out)[count_out].placed.c1 = placed[1];
                (*out)[count_out].placed.c2 = placed[2];
                (*out)[count_out].state = child;
                count_out++;
            }
            if (count == 0) break;
            int j = count - 1;
            while (j >= 0 && pick[j] == nfree - count + j) j--;
            if (j < 0) break;
            pick[j]++;
            for (int k = j + 1; k < count; k++) pick[k] = pick[k - 1] + 1;
        }
    }
    return count_out;
}

int search_children(hex_search *s, const hex_state *st, counts_t counts, hex_child **out) {
    int room = 0, npruned = 0;
    *out = NULL;
    int count = children(s, st, counts, NULL, NULL, 0, &s->frames[CALLER_FRAME], &npruned, out, &room);
    if (count < 0) {
        free(*out);
        *out = NULL;
    }
    return count;
}

/* Sort unique keys, largest first: quicksort, insertion sort for short runs. */
static void sort_descending(uint64_t *keys, int count) {
    while (count > 16) {
        uint64_t a = keys[0], b = keys[count / 2], c = keys[count - 1];
        uint64_t pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
        int i = 0, j = count - 1;
        for (;;) {
            while (keys[i] > pivot) i++;
            while (keys[j] < pivot) j--;
            if (i >= j) break;
            uint64_t t = keys[i];
            keys[i] = keys[j];
            keys[j] = t;
            i++;
            j--;
        }
        /* [0, j] >= pivot >= [j + 1, count): recurse into the smaller part */
        int left = j + 1;
        if (left >= count) break; /* cannot happen with a median of three distinct keys */
        if (left < count - left) {
            sort_descending(keys, left);
            keys += left;
            count -= left;
        } else {
            sort_descending(keys + left, count - left);
            count = left;
        }
    }
    for (int i = 1; i < count; i++) {
        uint64_t v = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < v) {
            keys[j + 1] = keys[j];
            j--;
        }
        keys[j + 1] = v;
    }
}

/* ordered(): children most likely best first: the stored best turn, the killers, then (cascade)
 * the margin of the mover's largest group over the largest the opponent could still reach, capped
 * at 1, or else nothing; fewer stones first, then the mover's largest group; ties: the later
 * child first (Python's reverse sort on the tuple ending with the index). The keys, unsorted, into
 * `keys`; the low 17 bits of each are the child's index. */
static void order_keys(hex_search *s, const hex_child *items, int count, int mover, hex_turn hint, int depth,
                       uint64_t *keys) {
    hex_turn first = s->killers[depth][0], second = s->killers[depth][1];
    int opp = 3 - mover;
    for (int i = 0; i < count; i++) {
        hex_turn placed = items[i].placed;
        const hex_state *child = &items[i].state;
        uint64_t rank = same_turn(placed, hint) ? 3 : same_turn(placed, first) ? 2 : same_turn(placed, second) ? 1 : 0;
        int own = mover == 1 ? child->l1 : child->l2;
        int64_t margin = 0;
        if (s->cascade) {
            int reach = geo_largest(&s->geo, opp, s->geo.full ^ (mover == 1 ? child->m1 : child->m2));
            margin = own - reach;
            if (margin > 1) margin = 1;
        }
        /* rank (2 bits), margin + 2^15 (16), 7 - stones (3), own (16), index (17): descending */
        keys[i] = rank << 52 | (uint64_t)(margin + 32768) << 36 | (uint64_t)(7 - turn_stones(placed)) << 33 |
                  (uint64_t)own << 17 | (uint64_t)i;
    }
}

/* The sort keys of ordered(), best first (the spare frame's); NULL when out of memory. */
uint64_t *search_order_keys(hex_search *s, const hex_child *items, int count, int mover, hex_turn hint, int depth) {
    hex_frame *spare = &s->frames[SPARE_FRAME];
    if (GROW(s, spare->keys, spare->keys_room, count) < 0) return NULL;
    order_keys(s, items, count, mover, hint, depth, spare->keys);
    sort_descending(spare->keys, count);
    return spare->keys;
}

/* The children of a node in that order, produced as they are needed: most nodes cut off after
 * one or two, so the first few are picked by selection and the rest sorted only if reached. */
#define SELECTED_FIRST 3

typedef struct {
    uint64_t *keys;
    int count, next;
} order_cursor;

static int cursor_next(order_cursor *c) {
    if (c->next >= c->count) return -1;
    uint64_t *keys = c->keys;
    if (c->next < SELECTED_FIRST) {
        int best = c->next;
        for (int i = c->next + 1; i < c->count; i++)
            if (keys[i] > keys[best]) best = i;
        uint64_t t = keys[best];
        keys[best] = keys[c->next];
        keys[c->next] = t;
    } else if (c->next == SELECTED_FIRST) {
        sort_descending(keys + c->next, c->count - c->next);
    }
    return (int)(keys[c->next++] & 0x1FFFF);
}

void search_order(hex_search *s, hex_child *items, int count, int mover, hex_turn hint, int depth) {
    hex_frame *spare = &s->frames[SPARE_FRAME];
    uint64_t *keys = search_order_keys(s, items, count, mover, hint, depth);
    if (!keys || GROW(s, spare->children, spare->children_room, count) < 0) return;
    /* permute the children into that order */
    memcpy(spare->children, items, sizeof(hex_child) * (size_t)count);
    for (int i = 0; i < count; i++) items[i] = spare->children[keys[i] & 0x1FFFF];
}

/* -- winning at once ------------------------------------------------------------------------- */

static inline int could_win_now(hex_search *s, const hex_state *st) {
    return search_wins_now(s, st->mover, s->geo.full & ~(st->mover == 1 ? st->m2 : st->m1));
}

/* winning_turn(): a turn after which the mover has won, without building the children. */
static int winning_turn(hex_search *s, const hex_state *st, counts_t counts, hex_turn *found) {
    if (!could_win_now(s, st)) return 0;
    int mover = st->mover;
    mask_t mine = mover == 1 ? st->m1 : st->m2;
    mask_t free = s->geo.full & ~(st->m1 | st->m2);
    int bits[MAX_CELLS], nfree = 0;
    for (mask_t f = free; f; f &= f - 1) bits[nfree++] = lowest_bit(f);
    int first = 0, last = 3;
    if (!s->rules.constrained) {
        int count = counts_max(counts);
        if (count >= nfree) {
            *found = own_turn(mover, free);
            return 1;
        }
        first = last = count;
    }
    for (int count = first; count <= last; count++) {
        if (count < 0 || !(counts >> count & 1) || count > nfree) continue;
        if (count == 0) {
            if (search_wins_now(s, mover, mine) &&
                (!s->rules.constrained || allowed(s, mover, 0, 0, st->l1, st->l2))) {
                *found = own_turn(mover, 0);
                return 1;
            }
            continue;
        }
        /* Combinations in lexicographic order, the first winner returned. Winning is monotone in
         * the mover's stones, so a prefix whose stones with every later cell do not win has no
         * winning completion: its combinations are skipped, and the first winner is the same. */
        int pick[3];
        mask_t prefix[4];
        prefix[0] = mine;
        int depth = 0;
        pick[0] = 0;
        while (depth >= 0) {
            if (pick[depth] > nfree - count + depth) { /* this level is exhausted */
                depth--;
                if (depth >= 0) pick[depth]++;
                continue;
            }
            mask_t with = prefix[depth] | (mask_t)1 << bits[pick[depth]];
            if (poll_work(s)) return 0;
            if (depth < count - 1) {
                mask_t later = free & ~low_bits(bits[pick[depth]] + 1);
                if (search_wins_now(s, mover, with | later)) {
                    prefix[depth + 1] = with;
                    depth++;
                    pick[depth] = pick[depth - 1] + 1;
                } else {
                    pick[depth]++;
                }
                continue;
            }
            mask_t placed = with & ~mine;
            if (search_wins_now(s, mover, with) &&
                (!s->rules.constrained ||
                 allowed(s, mover, count, geo_new_top(&s->geo, mover, mine, placed), st->l1, st->l2))) {
                *found = own_turn(mover, placed);
                return 1;
            }
            pick[depth]++;
        }
    }
    return 0;
}

/* winning_child(): a child after which the mover has won, by the scoring rule's bounds. */
static int winning_child(hex_search *s, const hex_child *items, int count, int mover, hex_turn *found) {
    for (int i = 0; i < count; i++) {
        const hex_state *c = &items[i].state;
        int won = s->cascade ? search_wins_now(s, mover, mover == 1 ? c->m1 : c->m2)
                             : early_winner(s, c->m1, c->m2) == mover;
        if (won) {
            *found = items[i].placed;
            return 1;
        }
    }
    return 0;
}

/* minimal_threat(): a least subset of a winning turn that still wins at once. */
static hex_threat minimal_threat(hex_search *s, const hex_state *st, hex_turn placed) {
    int mover = st->mover;
    mask_t cells = mover == 2 ? placed.c2 : placed.c1;
    mask_t mine = mover == 1 ? st->m1 : st->m2;
    for (mask_t rest = cells; rest; rest &= rest - 1) {
        mask_t low = rest & -rest;
        if (search_wins_now(s, mover, mine | (cells ^ low))) cells ^= low;
    }
    hex_threat t;
    t.cells = cells;
    t.count = popcount64(cells);
    t.top = s->rules.constrained ? geo_new_top(&s->geo, mover, mine, cells) : 0;
    return t;
}

/* -- the table ------------------------------------------------------------------------------- */

static void record(hex_search *s, mask_t k1, mask_t k2, uint32_t rule, int best, int alpha, int beta, uint64_t work,
                   hex_turn turn) {
    int low, high;
    if (best <= alpha) {
        low = -1;
        high = best;
    } else if (best >= beta) {
        low = best;
        high = 1;
    } else {
        low = high = best;
    }
    int two = turn.c2 != 0;
    table_store(&s->table, k1, k2, rule, low, high, work, two ? turn.c2 : turn.c1, two);
}

static inline hex_turn entry_turn(const table_entry *e) {
    hex_turn t = {0, 0};
    if (e->meta & META_BEST2)
        t.c2 = e->best;
    else
        t.c1 = e->best;
    return t;
}

/* probe(): 1 and the value where the entry ends the search; else the window narrowed. */
static int probe(hex_search *s, mask_t k1, mask_t k2, uint32_t rule, int *alpha, int *beta, int *value,
                 hex_turn *stored) {
    const table_entry *e = table_find(&s->table, k1, k2, rule);
    hex_turn none = {0, 0};
    *stored = none;
    if (!e) return 0;
    int low = entry_low(e), high = entry_high(e);
    *stored = entry_turn(e);
    if (low >= *beta || low == high) {
        *value = low;
        return 1;
    }
    if (high <= *alpha) {
        *value = high;
        return 1;
    }
    if (low > *alpha) *alpha = low;
    if (high < *beta) *beta = high;
    return 0;
}

/* -- colouring.py ---------------------------------------------------------------------------- */

static int colouring_final(hex_search *s, mask_t m1) {
    if (!s->finals) return final_winner(s, m1, s->geo.full ^ m1);
    unsigned char found = s->finals[m1];
    if (!found) found = s->finals[m1] = (unsigned char)(final_winner(s, m1, s->geo.full ^ m1) + 1);
    return found - 1;
}

static int sampled(hex_search *s, mask_t m1, mask_t m2, int samples) {
    mask_t free = s->geo.full & ~(m1 | m2);
    int wins = 0;
    for (int i = 0; i < samples; i++) wins += colouring_final(s, m1 | (free & s->samples[i])) == 1;
    return wins;
}

/* agreed(): the winner if every filling of the empty cells gives the same one, else -1. */
static int agreed(hex_search *s, mask_t m1, mask_t m2) {
    mask_t free = s->geo.full & ~(m1 | m2);
    int first = colouring_final(s, m1 | free);
    mask_t x = free;
    while (x) {
        x = (x - 1) & free;
        if (colouring_final(s, m1 | x) != first) return -1;
    }
    return first;
}

/* decided(): the winner (0 a draw) if the colouring decides the game, else OPEN plus how many
 * sample fillings colour 1 wins. Memoised (direct mapped). */
int search_decided(hex_search *s, mask_t m1, mask_t m2) {
    uint64_t h = (m1 * 0x9E3779B97F4A7C15ULL) ^ (m2 * 0xC2B2AE3D27D4EB4FULL);
    h ^= h >> 31;
    size_t slot = (size_t)((h * 0xD6E8FEB86659FD93ULL) >> (64 - DECIDED_BITS));
    if (s->decided_value[slot] && s->decided_key1[slot] == m1 && s->decided_key2[slot] == m2)
        return s->decided_value[slot] - 1;
    int found;
    if ((m1 | m2) == s->geo.full) {
        found = final_winner(s, m1, m2);
    } else {
        int empty = s->geo.n - popcount64(m1 | m2);
        int samples = s->sample_count[empty];
        int wins = sampled(s, m1, m2, samples);
        found = OPEN + wins;
        if (wins == 0 || wins == samples) {
            if (empty <= EXACT_FROM) {
                int agree = agreed(s, m1, m2);
                if (agree >= 0) found = agree;
            } else {
                long long low, high;
                spread(s, m1, m2, &low, &high);
                if (low > 0 || high <= 0) found = low > 0 ? 1 : 2;
            }
        }
    }
    s->decided_key1[slot] = m1;
    s->decided_key2[slot] = m2;
    s->decided_value[slot] = (unsigned char)(found + 1);
    return found;
}

static int colouring_refuted(hex_search *s, mask_t m1, mask_t m2, const hex_turn *replies, int opponent) {
    mask_t taken = m1 | m2;
    for (int i = 0; i < 2; i++) {
        hex_turn p = replies[i];
        if (!no_turn(p) && !(p.c1 & taken) && !(p.c2 & taken) && search_decided(s, m1 | p.c1, m2 | p.c2) == opponent)
            return 1;
    }
    return 0;
}

/* ColouringSearch.value() */
static int colouring_value(hex_search *s, mask_t m1, mask_t m2, int mover, int alpha, int beta, int depth) {
    s->nodes++;
    if (poll_nodes(s)) return 0;
    int winner = search_decided(s, m1, m2);
    if (winner <= DECIDED) return outcome_value(winner, mover);
    mask_t k1 = m1, k2 = m2;
    if (s->perms && popcount64(m1 | m2) <= s->canonical_stones) canonical(s, &k1, &k2);
    int own_frame = k1 == m1 && k2 == m2;
    int known;
    hex_turn stored;
    if (probe(s, k1, k2, 0, &alpha, &beta, &known, &stored)) return known;
    hex_turn none = {0, 0};
    hex_turn hint = own_frame ? stored : none;
    uint64_t start = s->nodes;
    mask_t free = s->geo.full & ~(m1 | m2);
    hex_turn *killers = s->killers[depth];
    hex_turn firsts[3] = {hint, killers[0], killers[1]};
    for (int i = 0; i < 3; i++) {
        hex_turn p = firsts[i];
        if (!no_turn(p) && !(p.c1 & ~free) && !(p.c2 & ~free) && search_decided(s, m1 | p.c1, m2 | p.c2) == mover) {
            record(s, k1, k2, 0, 1, 0, 1, 1, own_frame ? p : none);
            return 1;
        }
    }
    int best = -2;
    hex_turn best_turn = none;
    int a = alpha;
    hex_frame *frame = &s->frames[depth];
    int ntodo = 0;
    int nfree = popcount64(free);
    if (GROW(s, frame->children, frame->children_room, 2 * nfree) < 0 ||
        GROW(s, frame->keys, frame->keys_room, 2 * nfree) < 0)
        return 0;
    for (mask_t bits = free; bits; bits &= bits - 1) {
        mask_t bit = bits & -bits;
        for (int colour = 1; colour <= 2; colour++) {
            hex_turn placed = {colour == 1 ? bit : 0, colour == 2 ? bit : 0};
            int w = search_decided(s, m1 | placed.c1, m2 | placed.c2);
            if (w > DECIDED) {
                /* sort key (see below): (placed != hint, != first, != second, sample wins, order) */
                int item = mover == 1 ? -w : w;
                frame->children[ntodo].placed = placed;
                frame->keys[ntodo] = (uint64_t)(item + 512) << 20 | (uint64_t)ntodo;
                ntodo++;
                continue;
            }
            int v = outcome_value(w, mover);
            if (v > best) {
                best = v;
                best_turn = placed;
                if (v == 1) {
                    record(s, k1, k2, 0, 1, 0, 1, 1, own_frame ? placed : none);
                    return 1;
                }
            }
        }
    }
    if (best > a) a = best;
    if (a < beta) {
        hex_turn first = killers[0], second = killers[1];
        for (int i = 0; i < ntodo; i++) {
            hex_turn p = frame->children[i].placed;
            uint64_t flags = (uint64_t)!same_turn(p, hint) << 2 | (uint64_t)!same_turn(p, first) << 1 |
                             (uint64_t)!same_turn(p, second);
            frame->keys[i] |= flags << 40;
        }
        /* ascending and stable: the insertion index is the key's last field */
        for (int i = 1; i < ntodo; i++) {
            uint64_t v = frame->keys[i];
            int j = i - 1;
            while (j >= 0 && frame->keys[j] > v) {
                frame->keys[j + 1] = frame->keys[j];
                j--;
            }
            frame->keys[j + 1] = v;
        }
        int opponent = 3 - mover;
        for (int i = 0; i < ntodo; i++) {
            hex_turn placed = frame->children[frame->keys[i] & 0xFFFFF].placed;
            mask_t c1 = m1 | placed.c1, c2 = m2 | placed.c2;
            if (best == -1 && colouring_refuted(s, c1, c2, s->killers[depth + 1], opponent)) continue;
            int v = -colouring_value(s, c1, c2, opponent, -beta, -a, depth + 1);
            if (s->stopped) return 0;
            if (v > best) {
                best = v;
                best_turn = placed;
                if (v > a) {
                    a = v;
                    if (a >= beta) {
                        if (!same_turn(killers[0], placed)) {
                            killers[1] = killers[0];
                            killers[0] = placed;
                        }
                        break;
                    }
                }
            }
        }
    }
    record(s, k1, k2, 0, best, alpha, beta, s->nodes - start, own_frame ? best_turn : none);
    return best;
}

/* -- search.py: value() ------------------------------------------------------------------------ */

static int value(hex_search *s, const hex_state *st, int alpha, int beta, int depth);

/* The candidates of a node whose children are not built: the stored best turn and the killers
 * first, then (if none cut off) every turn, ordered, less those tried. Returns 1 for a cut-off. */
typedef struct {
    int best, a;
    hex_turn best_turn;
    int nthreats;
} node_progress;

/* Search one candidate: 1 if it cut off, 0 to go on, -1 to stop. */
static int visit(hex_search *s, const hex_state *st, hex_turn placed, const hex_state *child, int beta, int depth,
                 node_progress *p) {
    hex_frame *frame = &s->frames[depth];
    mask_t cells = st->mover == 1 ? placed.c1 : placed.c2;
    if (p->nthreats && refuted(s, frame->threats, p->nthreats, cells, child)) {
        if (p->best < -1) {
            p->best = -1;
            p->best_turn = placed;
        }
        return 0;
    }
    hex_turn none = {0, 0};
    s->threat = none;
    int v = -value(s, child, -beta, -p->a, depth + 1);
    if (s->stopped) return -1;
    if (v == -1 && !no_turn(s->threat) && s->monotone) {
        if (GROW(s, frame->threats, frame->threats_room, p->nthreats + 1) < 0) return -1;
        frame->threats[p->nthreats++] = minimal_threat(s, child, s->threat);
    }
    if (v > p->best) {
        p->best = v;
        p->best_turn = placed;
        if (v > p->a) {
            p->a = v;
            if (p->a >= beta) {
                hex_turn *killers = s->killers[depth];
                if (!same_turn(killers[0], placed)) {
                    killers[1] = killers[0];
                    killers[0] = placed;
                }
                return 1;
            }
        }
    }
    return 0;
}

static int value(hex_search *s, const hex_state *st, int alpha, int beta, int depth) {
    if (s->colouring) return colouring_value(s, st->m1, st->m2, st->mover, alpha, beta, depth);
    if (depth > MAX_DEPTH) { /* cannot happen: every pair of turns places a stone */
        s->stopped = 1;
        return 0;
    }
    s->nodes++;
    if (poll_nodes(s)) return 0;
    mask_t m1 = st->m1, m2 = st->m2;
    int mover = st->mover, known;
    if (!s->monotone || (m1 | m2) == s->geo.full || depth == 0) {
        int v = search_outcome(s, m1, m2, mover, &known);
        if (known) return v;
    }
    counts_t counts = search_counts(s, st);
    mask_t k1, k2;
    int own_frame;
    search_key(s, st, &k1, &k2, &own_frame);
    uint32_t rule = search_rule_word(st, counts);
    hex_turn stored, none = {0, 0};
    if (probe(s, k1, k2, rule, &alpha, &beta, &known, &stored)) return known;
    hex_turn hint = own_frame ? stored : none;
    uint64_t start = s->nodes;
    hex_frame *frame = &s->frames[depth];
    int built = 0, nchildren = 0, won = 0, npruned = 0;
    hex_turn winning;
    if (s->monotone) {
        won = winning_turn(s, st, counts, &winning);
    } else if (s->early == EARLY_NONE || (s->cascade && !could_win_now(s, st))) {
        won = 0;
    } else {
        nchildren = children(s, st, counts, NULL, NULL, 0, frame, &npruned, &frame->children, &frame->children_room);
        if (nchildren < 0) return 0;
        built = 1;
        won = winning_child(s, frame->children, nchildren, mover, &winning);
    }
    if (s->stopped) return 0;
    if (won) {
        int two = winning.c2 != 0;
        table_store(&s->table, k1, k2, rule, 1, 1, 1, own_frame ? (two ? winning.c2 : winning.c1) : 0, two);
        s->threat = winning;
        return 1;
    }
    node_progress p = {-2, alpha, none, 0};
    int cut = 0;
    if (built) {
        if (GROW(s, frame->keys, frame->keys_room, nchildren) < 0) return 0;
        order_keys(s, frame->children, nchildren, mover, hint, depth, frame->keys);
        order_cursor cursor = {frame->keys, nchildren, 0};
        for (int i; !cut && (i = cursor_next(&cursor)) >= 0;) {
            const hex_child *item = &frame->children[i]; /* deeper nodes use other frames */
            cut = visit(s, st, item->placed, &item->state, beta, depth, &p);
            if (cut < 0) return 0;
        }
    } else {
        hex_turn tried[3];
        int ntried = 0;
        hex_turn firsts[3] = {hint, s->killers[depth][0], s->killers[depth][1]};
        for (int i = 0; i < 3 && !cut; i++) {
            hex_turn placed = firsts[i];
            int seen = 0;
            for (int j = 0; j < ntried; j++) seen |= same_turn(tried[j], placed);
            if (no_turn(placed) || seen) continue;
            tried[ntried++] = placed;
            int n = children(s, st, counts, &placed, NULL, 0, frame, &npruned, &frame->children, &frame->children_room);
            if (n < 0) return 0;
            if (n == 1) {
                cut = visit(s, st, frame->children[0].placed, &frame->children[0].state, beta, depth, &p);
                if (cut < 0) return 0;
            }
        }
        if (!cut) {
            nchildren = children(s, st, counts, NULL, s->monotone ? frame->threats : NULL, s->monotone ? p.nthreats : 0,
                                 frame, &npruned, &frame->children, &frame->children_room);
            if (nchildren < 0 || GROW(s, frame->keys, frame->keys_room, nchildren) < 0) return 0;
            order_keys(s, frame->children, nchildren, mover, none, depth, frame->keys);
            order_cursor cursor = {frame->keys, nchildren, 0};
            for (int i; !cut && (i = cursor_next(&cursor)) >= 0;) {
                const hex_child *item = &frame->children[i];
                int seen = 0;
                for (int j = 0; j < ntried; j++) seen |= same_turn(tried[j], item->placed);
                if (seen) continue;
                cut = visit(s, st, item->placed, &item->state, beta, depth, &p);
                if (cut < 0) return 0;
            }
        }
    }
    if (p.best == -2 && npruned) {
        p.best = -1;
        p.best_turn = frame->pruned[0];
    }
    if (p.best == -2) return outcome_value(final_winner(s, m1, m2), mover); /* no legal turn ends the game */
    record(s, k1, k2, rule, p.best, alpha, beta, s->nodes - start, own_frame ? p.best_turn : none);
    s->threat = none;
    return p.best;
}

int search_value(hex_search *s, const hex_state *st, int alpha, int beta, int depth) {
    s->stopped = 0;
    return value(s, st, alpha, beta, depth);
}

/* line(): the turns of a principal line from `st`, whose value is `value`; how many (at most
 * room), -1 when the search stopped, -2 when no child keeps the value (a bug). */
int search_line(hex_search *s, hex_state st, int value_now, hex_turn *out, int room) {
    int length = 0;
    s->stopped = 0;
    while ((st.m1 | st.m2) != s->geo.full && length < room) {
        counts_t counts = search_counts(s, &st);
        hex_child *items = NULL;
        int count = search_children(s, &st, counts, &items);
        if (count < 0) return -1;
        if (count == 0) {
            free(items);
            break;
        }
        mask_t k1, k2;
        int own_frame;
        search_key(s, &st, &k1, &k2, &own_frame);
        uint32_t rule = s->colouring ? 0 : search_rule_word(&st, counts);
        const table_entry *e = table_find(&s->table, k1, k2, rule);
        hex_turn hint = {0, 0};
        if (e && own_frame) hint = entry_turn(e);
        search_order(s, items, count, st.mover, hint, length);
        if (s->stopped) {
            free(items);
            return -1;
        }
        int kept = -1;
        for (int i = 0; i < count; i++) {
            if (value_now == -1) {
                kept = i;
                break;
            }
            int v = value(s, &items[i].state, -value_now, 1 - value_now, 0);
            if (s->stopped) {
                free(items);
                return -1;
            }
            if (v <= -value_now) {
                kept = i;
                break;
            }
        }
        if (kept < 0) {
            free(items);
            return -2;
        }
        out[length++] = items[kept].placed;
        st = items[kept].state;
        value_now = -value_now;
        free(items);
    }
    return length;
}
