/* The subset table: the exact value of an odd game of a small set of small numbers.
 *
 * Where the numbers left and the gap sum to an odd number, the final margin is odd, so the game is
 * a win or a loss, and the parity holds from position to position: taking x changes the sum by x
 * and the gap by x (x - gap or gap - x), so every position of the game has it too. Such games are
 * searched here one number at a time, as a plain exact solver would: the mover `d` behind takes a
 * number x; if x >= d the opponent is to move, x - d behind, else the mover goes on, d - x behind.
 * The value of (numbers left, d) is then a function of two small things, and it is kept in a table
 * with one entry for every subset of the numbers (a mask indexes it: no hashing, no probing, no
 * replacement), each holding the values for every deficit the position can have.
 *
 * An entry is 32 bits: 16 lanes, one a deficit. A set's deficits all have one parity (its sum's
 * plus one: the game is odd), so lane j stands for deficit 2j + p with p that parity, and deficits
 * 0 to 31 fit. While the search fills an entry, its high half says which lanes are known and the
 * low half their values (1: the mover wins).
 *
 * Most of a search's positions are small sets (a few numbers left), and a small set's children are
 * few: there, the values for every deficit are worked out at once, by shifts, from the children's
 * entries (see `plane`), for every subset of at most `small` numbers before the search starts
 * ("the small sets"). Their entries hold the values in the low half and the same values in reverse
 * lane order in the high half: taking x >= d reads the child's lane for x - d, which runs backwards
 * as d runs forwards. Sets of `small + 1` numbers are worked out the same way when the search first
 * meets them; above, the search takes the numbers in ascending order and stops at the first win.
 *
 * Equal numbers are interchangeable: of several copies the lowest-indexed left is the one taken, as
 * in the proof search, so that its masks (copies left are the highest-indexed) stay canonical.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS under -std=c11 */
#include "numsubsets.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

/* What taking x does to the lanes of a set whose deficits have parity p (see plane). */
typedef struct {
    uint8_t up;         /* x < d: lane j reads the child's lane j - up (the mover goes on) */
    uint8_t down;       /* x >= d: lane j reads the child's reversed lanes shifted down by this */
    uint16_t caught_up; /* the lanes where x >= d */
} Step;

struct SubsetTable {
    int count;
    int small;              /* sets of at most this many numbers are worked out before the search */
    int small_ready;        /* ... and have been */
    int values[SUBSETS_MAX_NUMBERS];
    uint32_t repeats;       /* bit i: values[i] == values[i - 1] */
    uint32_t odd;           /* bit i: values[i] is odd */
    Step steps[SUBSETS_MAX_VALUE + 1][2];
    uint32_t *entries;      /* 2^count of them */
    size_t bytes;
    int mapped;             /* entries come from mmap (else calloc) */
};

#define ALL_LANES 0xffffu

size_t subsets_bytes(int count) { return (size_t)4 << count; }

int subsets_fit(const int64_t *values, int count) {
    if (count < 1 || count > SUBSETS_MAX_NUMBERS) return 0;
    for (int i = 0; i < count; i++) {
        if (values[i] < 1 || values[i] > SUBSETS_MAX_VALUE) return 0;
    }
    return 1;
}

int subsets_answer(int64_t gap, int64_t sum) { return gap >= 0 && gap <= SUBSETS_MAX_GAP && ((sum + gap) & 1); }

/* The lanes of a 16-lane plane in reverse order. */
static inline uint32_t reversed(uint32_t v) {
    v = ((v >> 1) & 0x5555u) | ((v & 0x5555u) << 1);
    v = ((v >> 2) & 0x3333u) | ((v & 0x3333u) << 2);
    v = ((v >> 4) & 0x0F0Fu) | ((v & 0x0F0Fu) << 4);
    return ((v >> 8) | (v << 8)) & ALL_LANES;
}

/* Lane j of a set with parity p is deficit d = 2j + p; after taking x, the child's deficits have
 * parity p' = (p + x) mod 2. If x < d the mover goes on d - x behind: lane (d - x - p') / 2 =
 * j - up. If x >= d the opponent moves x - d behind: lane (x - p - p') / 2 - j, which is lane
 * 15 - that of the reversed plane, i.e. the reversed plane shifted down by `down`. */
static void make_steps(SubsetTable *t) {
    for (int x = 1; x <= SUBSETS_MAX_VALUE; x++) {
        for (int p = 0; p < 2; p++) {
            int child = (p + x) & 1;
            int lanes = (x - p) / 2 + 1; /* lanes j with 2j + p <= x */
            Step *step = &t->steps[x][p];
            step->up = (uint8_t)((x - p + child) / 2);
            step->down = (uint8_t)(15 - (x - p - child) / 2);
            step->caught_up = (uint16_t)(lanes >= 16 ? ALL_LANES : (1u << lanes) - 1);
        }
    }
}

/* The numbers a move may take next: of each value left, its lowest-indexed copy. */
static inline uint32_t leads(const SubsetTable *t, uint32_t mask) { return mask & ~((mask << 1) & t->repeats); }

/* The mover's wins, every lane at once, in a set (deficits of parity p) whose children are all
 * small sets: a win where some number taken leaves the opponent a loss (x >= d) or the mover
 * a win (x < d). */
static inline uint32_t plane(const SubsetTable *t, uint32_t mask, int p) {
    uint32_t wins = 0;
    for (uint32_t left = leads(t, mask); left; left &= left - 1) {
        int i = __builtin_ctz(left);
        const Step *step = &t->steps[t->values[i]][p];
        uint32_t child = t->entries[mask & ~(1u << i)];
        wins |= ((~child >> 16) >> step->down & step->caught_up) | ((child << step->up) & ~step->caught_up);
    }
    return wins & ALL_LANES;
}

static inline int parity_of(const SubsetTable *t, uint32_t mask) { return (__builtin_popcount(mask & t->odd) + 1) & 1; }

/* Count a node; every so often, the budget. */
static inline int tick(const SubsetBudget *budget) {
    if (++*budget->nodes < *budget->next_check) return 0;
    *budget->next_check = *budget->nodes + budget->every;
    return budget->check(budget->context);
}

/* Every small set, in increasing order of masks (a set's children come before it). */
static int fill_small(SubsetTable *t, const SubsetBudget *budget) {
    uint32_t full = (uint32_t)(((uint64_t)1 << t->count) - 1);
    t->entries[0] = 0; /* nothing left: no win */
    for (uint32_t mask = 1; mask != 0 && mask <= full;) {
        if (__builtin_popcount(mask) > t->small) {
            mask += mask & -mask; /* the next mask with fewer bits */
            continue;
        }
        uint32_t wins = plane(t, mask, parity_of(t, mask));
        t->entries[mask] = reversed(wins) << 16 | wins;
        int stop = tick(budget);
        if (stop) return stop;
        mask++;
    }
    t->small_ready = 1;
    return 0;
}

/* Does the mover, d behind with `mask` left (`size` numbers summing to `sum`), win? (An odd game.) */
static int wins(SubsetTable *t, uint32_t mask, int size, int d, int sum, const SubsetBudget *budget) {
    if (sum - d < 1) return 0; /* even taking everything the mover cannot get ahead */
    int lane = d >> 1;
    uint32_t *entry = &t->entries[mask];
    if (size <= t->small) return *entry >> lane & 1;
    if (*entry >> (16 + lane) & 1) return *entry >> lane & 1;
    int stop = tick(budget);
    if (stop) return stop;
    if (size == t->small + 1) {
        uint32_t all = plane(t, mask, d & 1);
        *entry = ALL_LANES << 16 | all;
        return all >> lane & 1;
    }
    int won = 0;
    for (uint32_t left = leads(t, mask); left && !won; left &= left - 1) {
        int i = __builtin_ctz(left), x = t->values[i];
        uint32_t after = mask & ~(1u << i);
        int child = wins(t, after, size - 1, x >= d ? x - d : d - x, sum - x, budget);
        if (child < 0) return child;
        won = x >= d ? !child : child;
    }
    *entry |= (uint32_t)1 << (16 + lane) | (uint32_t)won << lane;
    return won;
}

int subsets_wins(SubsetTable *t, uint32_t mask, int gap, int sum, const SubsetBudget *budget) {
    if (!t->small_ready) {
        int stop = fill_small(t, budget);
        if (stop) return stop;
    }
    return wins(t, mask, __builtin_popcount(mask), gap, sum, budget);
}

SubsetTable *subsets_new(const int64_t *values, int count) {
    SubsetTable *t = calloc(1, sizeof(SubsetTable));
    if (t == NULL) return NULL;
    t->count = count;
    /* the small sets: a third of the numbers, less one; at least 4, at most 7 (measured best on 1..N,
     * N = 14 to 26: past 7 the small sets cost more than the search they save) */
    int small = (count + 1) / 3 - 1;
    t->small = small < 4 ? 4 : small > 7 ? 7 : small;
    for (int i = 0; i < count; i++) {
        t->values[i] = (int)values[i];
        if (i > 0 && values[i] == values[i - 1]) t->repeats |= 1u << i;
        if (values[i] & 1) t->odd |= 1u << i;
    }
    make_steps(t);
    t->bytes = subsets_bytes(count);
#ifdef __linux__
    if (t->bytes >= ((size_t)2 << 20)) {
        /* huge pages where the kernel gives them: the table is read at random */
        void *at = mmap(NULL, t->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (at == MAP_FAILED) {
            free(t);
            return NULL;
        }
#ifdef MADV_HUGEPAGE
        madvise(at, t->bytes, MADV_HUGEPAGE);
#endif
        t->entries = at;
        t->mapped = 1;
        return t;
    }
#endif
    t->entries = calloc(t->bytes, 1);
    if (t->entries == NULL) {
        free(t);
        return NULL;
    }
    return t;
}

void subsets_free(SubsetTable *t) {
    if (t == NULL) return;
#ifdef __linux__
    if (t->mapped) {
        munmap(t->entries, t->bytes);
        free(t);
        return;
    }
#endif
    free(t->entries);
    free(t);
}
