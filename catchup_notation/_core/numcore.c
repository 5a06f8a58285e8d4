/* The compiled core of the number-set solver (a bitmask of the remaining numbers).
 *
 * The same proof search as catchup_notation/solvers/numberset/solver.py (ProofSearch), written for
 * a machine word: a position is the set of numbers left, one bit each in a 64-bit mask (bit i: the
 * i-th smallest number of the root set), and the mover's gap (the opponent's score minus the
 * mover's). `can_reach(mask, gap, need, sum)` answers "can the mover finish at least `need` ahead"
 * with the reference's bounds (the best case sum - gap, the parity of the final margin, the forced
 * draw), its refutations looked for while the moves are listed (a move that takes enough that the
 * opponent's best case falls short, or whose child the table already bounds below what the
 * opponent needs), and its order (by the number that catches up, ascending, then smallest numbers
 * first). Searched the same way from the same table, it visits the same positions in the same
 * order as the reference: the tests hold the two to the same node counts where neither table had
 * to drop entries.
 *
 * Equal numbers are interchangeable, so of several copies the one taken is always the lowest-
 * indexed left: the copies left of a value are then always its highest-indexed ones, and one mask
 * stands for one multiset. Sums and gaps are 64-bit; the table stores a gap in 32 bits, so the
 * Python side sends here only sets whose sum and starting scores keep every gap below 2^31.
 *
 * The transposition table is one flat array of 16-byte entries (mask, gap, bounds and the work
 * that proved them), open addressing with linear probing. It starts small and doubles while it is
 * more than half full, up to the memory bound it is given; there, it drops its cheapest entries
 * (those whose search took no more nodes than the median of a sample), the reference's
 * replacement scheme. A small table stays in the processor's caches, which matters more here
 * than anything else: a probe of a table spread over a gigabyte misses them.
 *
 * The search runs without the GIL. Every `check_every` nodes (and every CHECK_MOVES moves listed,
 * for positions with very many moves) it takes the GIL back to run pending signal handlers and to
 * call the Python budget's check (time, nodes, progress); an exception from either ends the
 * search, which unwinds and raises it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

/* Bumped whenever the interface the Python side calls changes, so that a stale build left in a
 * checkout is not used (compiled.py checks it). */
#define CORE_INTERFACE 2

/* The most numbers a set may have here (one bit each in a 64-bit mask). */
#define MAX_NUMBERS 64
/* Gaps (offset to be >= 0) are stored in 32 bits: every gap of a search must be below this. */
#define GAP_LIMIT ((int64_t)1 << 31)
/* Listing the moves of one position checks the budget every this many moves. */
#define CHECK_MOVES ((uint64_t)1 << 16)
/* The table's first size (slots; a power of two), and the least it may be held to. */
#define FIRST_SLOTS ((uint64_t)1 << 16)
#define LEAST_SLOTS ((uint64_t)1 << 10)
/* An entry's work (nodes below it) saturates at this (wide entries; compact ones keep its bit length). */
#define WORK_MAX ((uint64_t)0x0fffffff)
/* The sample of entries a sweep takes its median work from. */
#define SAMPLE 2001
/* Listing the moves cuts off the sets of small numbers that cannot catch up where more than this
 * many numbers may be below the gap (see list_moves). */
#define PRUNE_FROM 12

typedef struct {
    uint64_t after; /* what is left after the move */
    int64_t total;  /* what the move takes */
    uint64_t hash;  /* mix() of the position after it */
} Move;

typedef struct {
    uint64_t taken; /* numbers taken, leaving the mover behind */
    int64_t sum;
} Behind;

typedef struct {
    PyObject_HEAD
    int count;
    int64_t values[MAX_NUMBERS]; /* ascending */
    uint64_t repeats;            /* bit i: values[i] == values[i - 1] */
    uint64_t copies[MAX_NUMBERS]; /* bit j of copies[i]: values[j] == values[i] */
    int64_t gap_offset;
    int64_t prune_gap; /* more than PRUNE_FROM numbers may be below a gap above this */
    int64_t from_on[MAX_NUMBERS + 1]; /* in a listing: the numbers left from bit i to the gap, summed */
    /* the table */
    uint64_t *slots;
    int wide;          /* two words a slot (else one: see "The table") */
    int gap_bits;      /* bits of a gap key (compact slots) */
    uint64_t size;     /* slots (a power of two) */
    uint64_t used;     /* entries */
    uint64_t max_size; /* slots the memory bound allows */
    int shift;         /* 64 - log2(size) */
    uint64_t sweeps, dropped;
    uint64_t rng;
    /* the moves of the positions on the current path, stacked */
    Move *moves;
    size_t moves_top, moves_cap, moves_limit; /* the limit: a quarter of the memory bound */
    /* the sets behind the gap of the positions being listed (see list_moves) */
    Behind *behind;
    size_t behind_top, behind_cap;
    /* killers: per ply, the last two moves that refuted a position there (numbers taken, sum) */
    uint64_t killer_taken[MAX_NUMBERS + 1][2];
    int64_t killer_total[MAX_NUMBERS + 1][2];
    uint64_t refuter; /* what was left after the move that refuted while listing */
    int64_t refuter_total;
    uint64_t k_tests, k_hits;
    /* the budget */
    uint64_t nodes, next_check, check_every, listed, next_list_check;
    PyObject *check; /* callable(nodes) or None */
    PyThreadState *thread; /* the saved thread state while the search runs without the GIL */
    int failed;            /* an exception is set: unwind */
    int busy;              /* a search is running (the object is not re-entrant) */
} Search;

/* ------------------------------------------------------------------------------------------ */
/* The table */

static inline uint64_t mix(uint64_t mask, uint32_t gap) {
    uint64_t h = (mask ^ ((uint64_t)gap * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 29);
}

static inline uint64_t slot_of(Search *s, uint64_t hash) { return (hash * 0x94D049BB133111EBULL) >> s->shift; }

/* A slot is one word where the position's key fits in 56 bits (mask and gap key side by side, the
 * entry's data in the low byte: the bounds, then the bit length of the work), else two (the mask;
 * the gap key in the high half of the second, the data in its low half: the bounds, then the
 * work). Either way the word holding the data has the bounds in its low four bits: lower + 1, then
 * upper + 1. An empty slot is zero (no position with nothing left is stored). Small slots matter:
 * the search is mostly waiting for the table's memory. */

static inline uint64_t compact_key(Search *s, uint64_t mask, uint32_t gap) { return mask << s->gap_bits | gap; }

/* The word holding the position's data (`hash` is mix(mask, gap)), or NULL. */
static inline uint64_t *find(Search *s, uint64_t mask, uint32_t gap, uint64_t hash) {
    uint64_t at = slot_of(s, hash), last = s->size - 1;
    if (s->wide) {
        for (;;) {
            uint64_t *w = &s->slots[2 * at];
            if (w[0] == mask && (uint32_t)(w[1] >> 32) == gap) return &w[1];
            if (w[0] == 0) return NULL;
            at = (at + 1) & last;
        }
    }
    uint64_t key = compact_key(s, mask, gap);
    for (;;) {
        uint64_t *w = &s->slots[at];
        if ((*w >> 8) == key) return w;
        if (*w == 0) return NULL;
        at = (at + 1) & last;
    }
}

static inline int lower_of(uint64_t data) { return (int)(data & 3) - 1; }
static inline int upper_of(uint64_t data) { return (int)(data >> 2 & 3) - 1; }

/* The work recorded in a slot's data word, in the units the sweep compares. */
static inline uint64_t work_of(Search *s, uint64_t data) { return s->wide ? (data & 0xffffffff) >> 4 : (data & 0xff) >> 4; }

static inline int occupied(Search *s, uint64_t i) { return s->slots[s->wide ? 2 * i : i] != 0; }

static inline uint64_t *data_word(Search *s, uint64_t i) { return &s->slots[s->wide ? 2 * i + 1 : i]; }

/* The hash of the position in slot i (occupied). */
static inline uint64_t hash_at(Search *s, uint64_t i) {
    if (s->wide) return mix(s->slots[2 * i], (uint32_t)(s->slots[2 * i + 1] >> 32));
    uint64_t key = s->slots[i] >> 8;
    return mix(key >> s->gap_bits, (uint32_t)(key & (((uint64_t)1 << s->gap_bits) - 1)));
}

static inline void copy_slot(Search *s, uint64_t to, uint64_t from) {
    if (s->wide) {
        s->slots[2 * to] = s->slots[2 * from];
        s->slots[2 * to + 1] = s->slots[2 * from + 1];
    } else {
        s->slots[to] = s->slots[from];
    }
}

static inline void clear_slot(Search *s, uint64_t i) {
    if (s->wide) s->slots[2 * i + 1] = 0;
    s->slots[s->wide ? 2 * i : i] = 0;
}

/* The first empty slot from the position's home on (the table is never full). */
static inline uint64_t free_slot(Search *s, uint64_t hash) {
    uint64_t at = slot_of(s, hash), last = s->size - 1;
    while (occupied(s, at)) at = (at + 1) & last;
    return at;
}

/* Zeroed memory for `size` slots. On Linux, an anonymous mapping that asks for huge pages where
 * it is large: a table probed at random costs a TLB miss a probe on small pages, and a page fault
 * for each 4 KB it first touches. */
static uint64_t *new_slots(Search *s, uint64_t size) {
    size_t bytes = size * (s->wide ? 16 : 8);
#ifdef __linux__
    if (bytes >= ((size_t)2 << 20)) {
        void *at = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (at == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
        madvise(at, bytes, MADV_HUGEPAGE);
#endif
        return at;
    }
#endif
    return calloc(bytes, 1);
}

static void free_slots(Search *s, uint64_t *slots, uint64_t size) {
    if (slots == NULL) return;
#ifdef __linux__
    size_t bytes = size * (s->wide ? 16 : 8);
    if (bytes >= ((size_t)2 << 20)) {
        munmap(slots, bytes);
        return;
    }
#endif
    (void)size;
    free(slots);
}

static int log2_of(uint64_t size) {
    int bits = 0;
    while (((uint64_t)1 << bits) < size) bits++;
    return bits;
}

/* Double the table; 0 when the memory for it cannot be had (the caller then sweeps instead). */
static int grow(Search *s) {
    uint64_t *bigger = new_slots(s, s->size * 2);
    if (bigger == NULL) return 0;
    uint64_t *old = s->slots, old_size = s->size;
    int stride = s->wide ? 2 : 1;
    s->slots = bigger;
    s->size = old_size * 2;
    s->shift = 64 - log2_of(s->size);
    for (uint64_t i = 0; i < old_size; i++) {
        uint64_t *from = &old[stride * i];
        if (from[0] == 0) continue;
        uint64_t hash = s->wide ? mix(from[0], (uint32_t)(from[1] >> 32))
                                : mix(from[0] >> 8 >> s->gap_bits, (uint32_t)((from[0] >> 8) & (((uint64_t)1 << s->gap_bits) - 1)));
        uint64_t at = free_slot(s, hash);
        memcpy(&s->slots[stride * at], from, stride * sizeof(uint64_t));
    }
    free_slots(s, old, old_size);
    return 1;
}

static inline uint64_t next_random(Search *s) {
    /* xorshift64*: the sweep's sample, the same on every run */
    s->rng ^= s->rng >> 12;
    s->rng ^= s->rng << 25;
    s->rng ^= s->rng >> 27;
    return s->rng * 0x2545F4914F6CDD1DULL;
}

static int compare_work(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Drop the entries whose search took no more nodes than the median of a sample (about half of
 * them, often more: many positions cost a single node), in place: each entry dropped is removed
 * by moving the entries after it in its run back where they belong (no tombstones). */
static void sweep(Search *s) {
    uint64_t sample[SAMPLE];
    int taken = 0;
    for (int tries = 0; taken < SAMPLE && tries < 64 * SAMPLE; tries++) {
        uint64_t i = next_random(s) & (s->size - 1);
        if (occupied(s, i)) sample[taken++] = work_of(s, *data_word(s, i));
    }
    if (taken == 0) return;
    qsort(sample, taken, sizeof(uint64_t), compare_work);
    uint64_t threshold = sample[taken / 2];
    uint64_t last = s->size - 1, start = 0;
    while (occupied(s, start)) start++; /* less than full: there is an empty slot */
    for (uint64_t n = 0, i = (start + 1) & last; n < s->size; n++, i = (i + 1) & last) {
        while (occupied(s, i) && work_of(s, *data_word(s, i)) <= threshold) {
            /* remove slot i: shift the rest of its run back over it */
            uint64_t hole = i, j = i;
            for (;;) {
                j = (j + 1) & last;
                if (!occupied(s, j)) break;
                uint64_t home = slot_of(s, hash_at(s, j));
                /* the entry at j may move into the hole unless its home lies cyclically in (hole, j] */
                int stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
                if (!stays) {
                    copy_slot(s, hole, j);
                    hole = j;
                }
            }
            clear_slot(s, hole);
            s->used--;
            s->dropped++;
        }
    }
    s->sweeps++;
}

/* Record bounds found by a search of `work` nodes, intersected with what was known. */
static inline void store(Search *s, uint64_t mask, uint32_t gap, uint64_t hash, int low, int high, uint64_t work) {
    uint64_t *w = find(s, mask, gap, hash);
    if (w != NULL) {
        if (lower_of(*w) > low) low = lower_of(*w);
        if (upper_of(*w) < high) high = upper_of(*w);
        uint64_t old = work_of(s, *w);
        work += s->wide ? old : ((uint64_t)1 << old) >> 1;
    } else {
        if (2 * (s->used + 1) > s->size) {
            if (s->size >= s->max_size || !grow(s)) sweep(s);
        }
        uint64_t at = free_slot(s, hash);
        if (s->wide) {
            s->slots[2 * at] = mask;
            w = &s->slots[2 * at + 1];
            *w = (uint64_t)gap << 32;
        } else {
            w = &s->slots[at];
            *w = compact_key(s, mask, gap) << 8;
        }
        s->used++;
    }
    uint64_t bounds = (uint64_t)(low + 1) | (uint64_t)(high + 1) << 2;
    if (s->wide) {
        *w = (*w & ~(uint64_t)0xffffffff) | (work > WORK_MAX ? WORK_MAX : work) << 4 | bounds;
    } else {
        uint64_t bits = work ? 64 - __builtin_clzll(work) : 0;
        *w = (*w & ~(uint64_t)0xff) | (bits > 15 ? 15 : bits) << 4 | bounds;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The budget: signals and the Python check, with the GIL taken back for the moment */

static int checkpoint(Search *s) {
    PyEval_RestoreThread(s->thread);
    int failed = PyErr_CheckSignals() < 0;
    if (!failed && s->check != Py_None) {
        PyObject *result = PyObject_CallFunction(s->check, "K", (unsigned long long)s->nodes);
        failed = result == NULL;
        Py_XDECREF(result);
    }
    s->thread = PyEval_SaveThread();
    if (failed) s->failed = 1;
    return failed ? -1 : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The search */

static inline int64_t floor_half(int64_t x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }

static inline uint32_t gap_key(Search *s, int64_t gap) { return (uint32_t)(gap + s->gap_offset); }

/* The numbers a move may take next: of each value left, its lowest-indexed copy. */
static inline uint64_t leads(Search *s, uint64_t mask) { return mask & ~((mask << 1) & s->repeats); }

/* Double a stack (`*items`, of `*cap` items of `size` bytes); -1 with MemoryError set if the memory
 * cannot be had. */
static int grow_stack(Search *s, void **items, size_t *cap, size_t size) {
    void *bigger = realloc(*items, 2 * *cap * size);
    if (bigger == NULL) {
        PyEval_RestoreThread(s->thread);
        PyErr_NoMemory();
        s->thread = PyEval_SaveThread();
        s->failed = 1;
        return -1;
    }
    *items = bigger;
    *cap *= 2;
    return 0;
}

static int push_move(Search *s, uint64_t after, int64_t total, uint64_t hash) {
    if (s->moves_top == s->moves_cap) {
        if (s->moves_top >= s->moves_limit) {
            PyEval_RestoreThread(s->thread);
            PyErr_Format(PyExc_MemoryError, "the positions being searched have more than %zu moves", s->moves_limit);
            s->thread = PyEval_SaveThread();
            s->failed = 1;
            return -1;
        }
        if (grow_stack(s, (void **)&s->moves, &s->moves_cap, sizeof(Move)) < 0) return -1;
    }
    Move *m = &s->moves[s->moves_top++];
    m->after = after;
    m->total = total;
    m->hash = hash;
    return 0;
}

/* Count `steps` of listing (moves listed, sets tried); every CHECK_MOVES of them, the budget: a
 * position may have a great many moves. -1 on an error. */
static inline int tick(Search *s, uint64_t steps) {
    s->listed += steps;
    if (s->listed < s->next_list_check) return 0;
    s->next_list_check = s->listed + CHECK_MOVES;
    return checkpoint(s);
}

typedef struct {
    int64_t gap;
    int64_t threshold;  /* a move taking this much or more refutes (with `refutes`) */
    int refutes;        /* stop at such a move (0: list every move) */
    int64_t catcher;    /* the number that catches up in the moves being listed */
    uint64_t copies;    /* every copy of it */
    int end;            /* the bit after its last copy */
    int prune;          /* skip sets that cannot catch up (with s->from_on) */
} Listing;

/* List the moves whose catching number is l->catcher and whose other numbers are those chosen so
 * far (leaving `mask`, having taken `taken`, all behind) and more from the bits from `from` on, in
 * the reference's order: smallest numbers first, so that a longer run of small numbers comes
 * before a shorter one. 1 as soon as one takes l->threshold or more (with l->refutes), 0 when all
 * are listed, -1 on an error. */
static int list_prefixes(Search *s, const Listing *l, uint64_t mask, int64_t taken, int from) {
    if (tick(s, 1) < 0) return -1;
    /* no move here if even every number left up to the catching one's copies stays behind (the
     * numbers from `from` on are all still there: those taken are below it) */
    if (l->prune && taken + s->from_on[from] - s->from_on[l->end] < l->gap) return 0;
    uint64_t next = from >= 64 ? 0 : leads(s, mask) & (~(uint64_t)0 << from);
    while (next) {
        int b = __builtin_ctzll(next);
        next &= next - 1;
        int64_t value = s->values[b];
        if (value > l->catcher) return 0;
        if (taken + value >= l->gap) {
            /* every number from here on catches up: of those, the move takes the catching one */
            uint64_t copies = mask & l->copies;
            if (copies == 0) return 0;
            uint64_t after = mask & ~(copies & -copies);
            int64_t total = taken + l->catcher;
            if (l->refutes && total >= l->threshold) {
                s->refuter = after;
                s->refuter_total = total;
                return 1;
            }
            uint64_t hash = after ? mix(after, gap_key(s, total - l->gap)) : 0;
            return push_move(s, after, total, hash);
        }
        int found = list_prefixes(s, l, mask & ~((uint64_t)1 << b), taken + value, b + 1);
        if (found) return found;
    }
    return 0;
}

/* The sets of numbers below the gap that leave the mover behind (sum < gap), canonical, pushed
 * onto the prefix stack in the order the reference lists a big catcher's moves: a set's extensions
 * (by ascending numbers) before the set itself. -1 on an error. */
static int list_behind(Search *s, uint64_t mask, int64_t gap, uint64_t taken, int64_t sum, int from) {
    if (tick(s, 1) < 0) return -1;
    uint64_t next = from >= 64 ? 0 : leads(s, mask) & (~(uint64_t)0 << from);
    while (next) {
        int b = __builtin_ctzll(next);
        next &= next - 1;
        if (sum + s->values[b] >= gap) break; /* ascending: the rest catch up too */
        uint64_t bit = (uint64_t)1 << b;
        if (list_behind(s, mask & ~bit, gap, taken | bit, sum + s->values[b], b + 1) < 0) return -1;
    }
    if (s->behind_top == s->behind_cap && grow_stack(s, (void **)&s->behind, &s->behind_cap, sizeof(Behind)) < 0)
        return -1;
    s->behind[s->behind_top].taken = taken;
    s->behind[s->behind_top].sum = sum;
    s->behind_top++;
    return 0;
}

/* The index of the first number >= x (s->count if none): the numbers are ascending. */
static inline int first_at_least(Search *s, int64_t x) {
    int low = 0, high = s->count;
    while (low < high) {
        int middle = (low + high) / 2;
        if (s->values[middle] < x) low = middle + 1;
        else high = middle;
    }
    return low;
}

/* Push the moves of the position (`mask` left, `gap` behind) onto the stack of moves, by the
 * number that catches up ascending, then smallest numbers first (the reference's order). 1 as soon
 * as one takes `threshold` or more (with `refutes`), 0 when all are listed, -1 on an error.
 * The numbers at or above the gap catch up alone, and with any set of smaller ones that leaves the
 * mover behind: those sets are listed once, then combined with each such number. */
static int list_moves(Search *s, uint64_t mask, int64_t gap, int refutes, int64_t threshold) {
    Listing l = {.gap = gap, .threshold = threshold, .refutes = refutes};
    uint64_t catchers = leads(s, mask), big = 0;
    /* Sets that cannot catch up are cut off (list_prefixes) only where many numbers may be below
     * the gap: with a few, trying them all costs less than the sums that would cut them off. */
    l.prune = gap > s->prune_gap;
    if (l.prune) {
        int high = first_at_least(s, gap); /* the numbers below the gap are bits 0 .. high - 1 */
        s->from_on[high] = 0;
        for (int i = high - 1; i >= 0; i--) s->from_on[i] = s->from_on[i + 1] + (mask >> i & 1 ? s->values[i] : 0);
    }
    for (; catchers; catchers &= catchers - 1) {
        int c = __builtin_ctzll(catchers);
        if (s->values[c] >= gap) {
            big = catchers;
            break;
        }
        l.catcher = s->values[c];
        l.copies = s->copies[c];
        l.end = 64 - __builtin_clzll(s->copies[c]);
        int found = list_prefixes(s, &l, mask, 0, 0);
        if (found) return found;
    }
    if (big == 0) return 0;
    size_t base = s->behind_top;
    uint64_t below = ((uint64_t)1 << __builtin_ctzll(big)) - 1; /* the numbers below the gap */
    if (list_behind(s, mask & below, gap, 0, 0, 0) < 0) return -1;
    int result = 0;
    if (refutes) {
        /* the move taking most: the largest number with the largest set behind */
        size_t most = base;
        for (size_t i = base + 1; i < s->behind_top; i++) {
            if (s->behind[i].sum > s->behind[most].sum) most = i;
        }
        int top = 63 - __builtin_clzll(big);
        int64_t total = s->behind[most].sum + s->values[top];
        if (total >= threshold) {
            s->refuter = mask & ~s->behind[most].taken & ~((uint64_t)1 << top);
            s->refuter_total = total;
            result = 1;
        }
    }
    for (; big && result == 0; big &= big - 1) {
        int c = __builtin_ctzll(big);
        uint64_t rest = mask & ~((uint64_t)1 << c);
        int64_t value = s->values[c];
        for (size_t i = base; i < s->behind_top; i++) {
            uint64_t after = rest & ~s->behind[i].taken;
            int64_t total = s->behind[i].sum + value;
            if (push_move(s, after, total, after ? mix(after, gap_key(s, total - gap)) : 0) < 0) {
                result = -1;
                break;
            }
        }
        if (result == 0 && tick(s, s->behind_top - base) < 0) result = -1;
    }
    s->behind_top = base;
    return result;
}

/* Can the mover, `gap` behind with `mask` left (summing to `sum`), force a final margin >= need
 * (need 1: a win; 0: at least a draw)? 1 yes, 0 no, -1 an error (an exception is set). `hash` is
 * mix(mask, gap_key(gap)). */
/* Does the move taking `taken` (summing to `total`) refute without a search, if it is a move here? */
static inline int killer_refutes(Search *s, uint64_t mask, int64_t gap, int64_t threshold, int child_need,
                                 uint64_t taken, int64_t total) {
    if (taken == 0 || (taken & mask) != taken) return 0;
    if (taken & ((mask & ~taken) << 1) & s->repeats) return 0; /* not the lowest copies left */
    int64_t catcher = s->values[63 - __builtin_clzll(taken)];
    if (total < gap || total - catcher >= gap) return 0;
    if (total >= threshold) return 1;
    uint64_t after = mask & ~taken;
    if (after == 0) return 0;
    uint64_t *w = find(s, after, gap_key(s, total - gap), mix(after, gap_key(s, total - gap)));
    return w != NULL && upper_of(*w) < child_need;
}

static inline void remember_killer(Search *s, int ply, uint64_t taken, int64_t total) {
    if (s->killer_taken[ply][0] == taken) return;
    s->killer_taken[ply][1] = s->killer_taken[ply][0];
    s->killer_total[ply][1] = s->killer_total[ply][0];
    s->killer_taken[ply][0] = taken;
    s->killer_total[ply][0] = total;
}

static int can_reach(Search *s, uint64_t mask, int64_t gap, int need, int64_t sum, uint64_t hash, int ply) {
    int64_t best_case = sum - gap;
    if (best_case < need) return 0;
    if (best_case & 1) {
        need = 1; /* odd final margin: "at least a draw" is "a win" */
    } else if (best_case == 0) {
        return 1; /* must take everything and ends level (need is 0 here) */
    }
    uint32_t key = gap_key(s, gap);
    uint64_t *known = find(s, mask, key, hash);
    if (known != NULL) {
        if (lower_of(*known) >= need) return 1;
        if (upper_of(*known) < need) return 0;
    }
    s->nodes++;
    if (s->nodes >= s->next_check) {
        s->next_check = s->nodes + s->check_every;
        if (checkpoint(s) < 0) return -1;
    }
    uint64_t start = s->nodes;
    int other = 1 - need;
    /* Refutations known without a search: a move after which the opponent's best case,
     * sum + gap - 2 * taken, falls short of what they need (found while listing), or whose child
     * the table bounds below it (an enhanced transposition cut-off; the children's entries are
     * fetched from memory all at once, then read). The child's best case has the parity of ours,
     * so in an odd game the child is asked for a win whatever `other` says. */
    int child_need = best_case & 1 ? 1 : other;
    size_t base = s->moves_top;
    int64_t threshold = floor_half(sum + gap - child_need) + 1;
    int result = 0;
    for (int k = 0; k < 2 && !result; k++) {
        s->k_tests++;
        result = killer_refutes(s, mask, gap, threshold, child_need, s->killer_taken[ply][k], s->killer_total[ply][k]);
        s->k_hits += result;
    }
    if (result == 0) {
        result = list_moves(s, mask, gap, 1, threshold);
        if (result == 1) remember_killer(s, ply, mask & ~s->refuter, s->refuter_total);
    }
    if (result == 0) {
        Move *moves = s->moves;
        for (size_t i = base; i < s->moves_top; i++) {
            if (moves[i].after) __builtin_prefetch(&s->slots[(s->wide ? 2 : 1) * slot_of(s, moves[i].hash)]);
        }
        for (size_t i = base; i < s->moves_top; i++) {
            if (moves[i].after == 0) continue;
            uint64_t *w = find(s, moves[i].after, gap_key(s, moves[i].total - gap), moves[i].hash);
            if (w != NULL && upper_of(*w) < child_need) {
                result = 1;
                remember_killer(s, ply, mask & ~moves[i].after, moves[i].total);
                break;
            }
        }
    }
    for (size_t i = base; result == 0 && i < s->moves_top; i++) {
        Move m = s->moves[i]; /* a copy: the stack may move as the children push theirs */
        if (m.after == 0) continue; /* taking everything: decided by the threshold */
        int reached = can_reach(s, m.after, m.total - gap, other, sum - m.total, m.hash, ply + 1);
        if (reached < 0) {
            result = -1;
        } else if (!reached) {
            result = 1;
            remember_killer(s, ply, mask & ~m.after, m.total);
        }
    }
    s->moves_top = base;
    if (result < 0) return -1;
    uint64_t work = s->nodes - start + 1;
    if (result) {
        store(s, mask, key, hash, need, 1, work);
    } else {
        store(s, mask, key, hash, -1, need - 1, work);
    }
    return result;
}

/* ------------------------------------------------------------------------------------------ */
/* The Python type */

static int parse_mask(Search *s, PyObject *obj, uint64_t *mask) {
    unsigned long long value = PyLong_AsUnsignedLongLong(obj);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    if (s->count < 64 && (value >> s->count) != 0) {
        PyErr_SetString(PyExc_ValueError, "the mask names numbers the search does not have");
        return -1;
    }
    *mask = value;
    return 0;
}

static int check_gap(Search *s, long long gap, long long sum) {
    if (gap + s->gap_offset < 0 || gap + s->gap_offset >= GAP_LIMIT || sum < 0 || sum >= GAP_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "the gap or the sum is beyond what the search was made for");
        return -1;
    }
    return 0;
}

/* Run `body` on the search without the GIL; NULL with the exception if it failed. */
static int begin(Search *s) {
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is already running");
        return -1;
    }
    s->busy = 1;
    s->failed = 0;
    s->thread = PyEval_SaveThread();
    return 0;
}

static void end(Search *s) {
    PyEval_RestoreThread(s->thread);
    s->thread = NULL;
    s->busy = 0;
}

static PyObject *Search_can_reach(Search *s, PyObject *args) {
    PyObject *mask_obj;
    long long gap, sum;
    int need;
    if (!PyArg_ParseTuple(args, "OLiL", &mask_obj, &gap, &need, &sum)) return NULL;
    uint64_t mask;
    if (parse_mask(s, mask_obj, &mask) < 0 || check_gap(s, gap, sum) < 0) return NULL;
    if (need != 0 && need != 1) {
        PyErr_SetString(PyExc_ValueError, "need must be 0 or 1");
        return NULL;
    }
    if (mask == 0) return PyBool_FromLong(-gap >= need); /* nothing left: the margin is final */
    if (begin(s) < 0) return NULL;
    int result = can_reach(s, mask, gap, need, sum, mix(mask, gap_key(s, gap)), 0);
    end(s);
    if (result < 0) return NULL;
    return PyBool_FromLong(result);
}

static PyObject *Search_moves(Search *s, PyObject *args) {
    PyObject *mask_obj;
    long long gap;
    Py_ssize_t limit = PY_SSIZE_T_MAX;
    if (!PyArg_ParseTuple(args, "OL|n", &mask_obj, &gap, &limit)) return NULL;
    uint64_t mask;
    if (parse_mask(s, mask_obj, &mask) < 0 || check_gap(s, gap, 0) < 0) return NULL;
    if (begin(s) < 0) return NULL;
    size_t base = s->moves_top;
    int failed = list_moves(s, mask, gap, 0, 0) < 0;
    end(s);
    if (!failed && (Py_ssize_t)(s->moves_top - base) > limit) {
        s->moves_top = base;
        Py_RETURN_NONE;
    }
    PyObject *list = failed ? NULL : PyList_New((Py_ssize_t)(s->moves_top - base));
    for (size_t i = base; list != NULL && i < s->moves_top; i++) {
        PyObject *pair = Py_BuildValue("(KL)", (unsigned long long)s->moves[i].after, (long long)s->moves[i].total);
        if (pair == NULL) Py_CLEAR(list);
        else PyList_SET_ITEM(list, (Py_ssize_t)(i - base), pair);
    }
    s->moves_top = base;
    return list;
}

static PyObject *Search_bounds(Search *s, PyObject *args) {
    PyObject *mask_obj;
    long long gap;
    if (!PyArg_ParseTuple(args, "OL", &mask_obj, &gap)) return NULL;
    uint64_t mask;
    if (parse_mask(s, mask_obj, &mask) < 0 || check_gap(s, gap, 0) < 0) return NULL;
    uint64_t *w = mask ? find(s, mask, gap_key(s, gap), mix(mask, gap_key(s, gap))) : NULL;
    if (w == NULL) Py_RETURN_NONE;
    return Py_BuildValue("(iiK)", lower_of(*w), upper_of(*w), (unsigned long long)work_of(s, *w));
}

static PyObject *Search_table_stats(Search *s, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("{sKsKsisKsKsKsKsK}", "ktests", (unsigned long long)s->k_tests, "khits", (unsigned long long)s->k_hits, "wide", s->wide, "entries", (unsigned long long)s->used, "slots",
                         (unsigned long long)s->size, "max_slots", (unsigned long long)s->max_size, "sweeps",
                         (unsigned long long)s->sweeps, "dropped", (unsigned long long)s->dropped);
}

static PyObject *Search_get_nodes(Search *s, void *Py_UNUSED(closure)) { return PyLong_FromUnsignedLongLong(s->nodes); }

static int Search_init(Search *s, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"values", "gap_offset", "memory_bytes", "check", "check_every", "wide", NULL};
    PyObject *values, *check = Py_None;
    long long gap_offset, memory;
    unsigned long long check_every = 512;
    int wide = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OLL|OKp", names, &values, &gap_offset, &memory, &check,
                                     &check_every, &wide))
        return -1;
    if (s->slots != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a search is made once");
        return -1;
    }
    PyObject *seq = PySequence_Fast(values, "values must be a sequence of ints");
    if (seq == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    if (count < 1 || count > MAX_NUMBERS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a search takes 1 to 64 numbers");
        return -1;
    }
    int64_t total = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 1 || v >= GAP_LIMIT || (i > 0 && v < s->values[i - 1])) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "the numbers must be ascending, from 1 to below 2^31");
            return -1;
        }
        s->values[i] = v;
        total += v;
        if (i > 0 && v == s->values[i - 1]) s->repeats |= (uint64_t)1 << i;
    }
    Py_DECREF(seq);
    for (Py_ssize_t i = 0; i < count; i++) {
        for (Py_ssize_t j = 0; j < count; j++) {
            if (s->values[j] == s->values[i]) s->copies[i] |= (uint64_t)1 << j;
        }
    }
    if (gap_offset < total || 2 * gap_offset + 1 >= GAP_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "the gap offset must cover the sum and stay below 2^30");
        return -1;
    }
    s->count = (int)count;
    s->gap_offset = gap_offset;
    s->prune_gap = count > PRUNE_FROM ? s->values[PRUNE_FROM] : INT64_MAX;
    /* at most half the memory bound: while the table doubles, the old and the new array coexist */
    s->gap_bits = log2_of((uint64_t)(2 * gap_offset + 1) + 1);
    s->wide = wide || s->count + s->gap_bits > 56;
    uint64_t slot_bytes = s->wide ? 16 : 8, max_size = LEAST_SLOTS;
    while (2 * max_size * slot_bytes <= (uint64_t)(memory > 0 ? memory : 0) / 2) max_size *= 2;
    s->max_size = max_size;
    s->size = max_size < FIRST_SLOTS ? max_size : FIRST_SLOTS;
    s->shift = 64 - log2_of(s->size);
    s->slots = new_slots(s, s->size);
    s->moves_cap = 1024;
    s->moves_limit = (size_t)(memory > 0 ? memory : 0) / 4 / sizeof(Move);
    if (s->moves_limit < 2 * s->moves_cap) s->moves_limit = 2 * s->moves_cap;
    s->moves = malloc(s->moves_cap * sizeof(Move));
    s->behind_cap = 1024;
    s->behind = malloc(s->behind_cap * sizeof(Behind));
    if (s->slots == NULL || s->moves == NULL || s->behind == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->rng = 0x853C49E6748FEA9BULL;
    s->check_every = check_every ? check_every : 1;
    s->next_check = s->check_every;
    s->next_list_check = CHECK_MOVES;
    Py_INCREF(check);
    Py_XSETREF(s->check, check);
    return 0;
}

static void Search_dealloc(Search *s) {
    free_slots(s, s->slots, s->size);
    free(s->moves);
    free(s->behind);
    Py_XDECREF(s->check);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Search_methods[] = {
    {"can_reach", (PyCFunction)Search_can_reach, METH_VARARGS,
     "can_reach(mask, gap, need, sum): can the mover, gap behind with the numbers of mask left (summing to\n"
     "sum), force a final margin of at least need (1: a win, 0: at least a draw)?"},
    {"moves", (PyCFunction)Search_moves, METH_VARARGS,
     "moves(mask, gap, limit=None): every distinct set the mover may take, as (mask left after, sum\n"
     "taken), by the number that catches up ascending, then smallest numbers first; None if there are\n"
     "more than limit."},
    {"bounds", (PyCFunction)Search_bounds, METH_VARARGS,
     "bounds(mask, gap): (lower, upper, work) the table holds for the position, or None."},
    {"table_stats", (PyCFunction)Search_table_stats, METH_NOARGS,
     "table_stats(): entries, slots, max_slots (the memory bound), sweeps and entries dropped."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Positions searched (expanded) so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "catchup_notation._numcore.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(values, gap_offset, memory_bytes, check=None, check_every=512, wide=False): the proof\n"
              "search over positions of one multiset (values ascending, at most 64 of them, each below 2^31;\n"
              "gaps within +-gap_offset), its table bounded by memory_bytes (two-word slots with wide, else\n"
              "where the keys need them); check(nodes) is called every check_every nodes (a budget's check).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "catchup_notation._numcore",
    .m_doc = "The compiled core of the number-set solver (a bitmask of the remaining numbers).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__numcore(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "INTERFACE", CORE_INTERFACE) < 0 ||
        PyModule_AddIntConstant(m, "MAX_NUMBERS", MAX_NUMBERS) < 0 ||
        PyModule_AddObject(m, "GAP_LIMIT", PyLong_FromLongLong(GAP_LIMIT)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
