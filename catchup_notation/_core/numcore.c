/* The compiled core of the number-set solver (a bitmask of the remaining numbers).
 *
 * The same proof search as catchup_notation/solvers/numberset/search.py (ProofSearch), written for
 * a machine word: a position is the set of numbers left, one bit each in a 64-bit mask (bit i: the
 * i-th smallest number of the root set), and the mover's gap (the opponent's score minus the
 * mover's). `can_reach(mask, gap, need, sum)` answers "can the mover finish at least `need` ahead"
 * with the reference's bounds (the best case sum - gap, the parity of the final margin, the forced
 * draw), its refutations looked for before any move is searched (a move that takes enough that the
 * opponent's best case falls short, or whose child the table already bounds below what the
 * opponent needs), and its order (by the number that catches up, ascending, then smallest numbers
 * first). Searched the same way from the same table, one thread visits the same positions in the
 * same order as the reference: the tests hold the two to the same node counts where neither table
 * had to drop entries. What the reference cannot afford and this can: the two moves that last
 * refuted a position at the same depth ("killers") are tried first, before the moves are listed;
 * the refutation found is the same, found sooner.
 *
 * Equal numbers are interchangeable, so of several copies the one taken is always the lowest-
 * indexed left: the copies left of a value are then always its highest-indexed ones, and one mask
 * stands for one multiset. Sums and gaps are 64-bit; the table stores a gap in 32 bits, so the
 * Python side sends here only sets whose sum and starting scores keep every gap below 2^30.
 *
 * The transposition table is one flat array (see "The table"), open addressing with linear
 * probing. It starts small and doubles while it is more than half full, up to the memory bound it
 * is given; there, it drops its cheapest entries (those whose search took no more nodes than the
 * median of a sample), the reference's replacement scheme. A small table stays in the processor's
 * caches, which matters more here than anything else: the search mostly waits for the table.
 *
 * Several threads may search one question together ("lazy SMP", as the reference's processes do,
 * here sharing one table): the caller's thread alone at first, the helpers from HELP_AFTER nodes
 * on, each from the question's position. Near it (SPLIT_DEPTH plies), a thread marks each position
 * it enters, and one that enters a position another has marked takes its moves from halfway, so
 * that the two search different moves and pick up each other's results from the table. The first
 * thread to answer answers; the others stop. Entries are single words written atomically; the
 * table grows or sweeps with every other thread parked. Only tables of one-word slots are shared.
 *
 * Odd games of small sets (no draw possible) may be answered instead from a table of every subset
 * of the numbers, one number taken at a time (numsubsets.c), when the Search is made with it.
 *
 * The search runs without the GIL. Every `check_every` nodes of the caller's thread (and every
 * CHECK_MOVES moves listed, for positions with very many moves) it takes the GIL back to run
 * pending signal handlers and to call the Python budget's check (time, nodes, progress); an
 * exception from either ends the search, which unwinds and raises it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include "numsubsets.h"

/* Bumped whenever the interface the Python side calls changes, so that a stale build left in a
 * checkout is not used (compiled.py checks it). */
#define CORE_INTERFACE 4

/* The most numbers a set may have here (one bit each in a 64-bit mask). */
#define MAX_NUMBERS 64
/* Gaps (offset to be >= 0) are stored in 32 bits: every gap of a search must be below this. */
#define GAP_LIMIT ((int64_t)1 << 31)
/* Listing the moves of one position checks the budget every this many steps. */
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
/* The stacks of moves of a search may take a quarter of its memory bound, and at least this many
 * bytes (the bound is the table's: a small table must not stop a search of wide positions). */
#define MOVES_LEAST ((size_t)64 << 20)
/* Killers kept a ply. */
#define KILLERS 2
/* The most threads a search runs. */
#define MAX_THREADS 16
/* The helpers join a question once the caller's thread has searched this many nodes of it: a
 * small question is over before they would be awake. */
#define HELP_AFTER 2048
/* Plies below a question's position where threads mark the positions they enter and split the
 * moves of those they meet in (the reference's SPLIT_DEPTH). */
#define SPLIT_DEPTH 6
/* Slots of the table of marks (a power of two). */
#define MARKS ((uint64_t)1 << 14)

/* can_reach's answers besides 1 (yes) and 0 (no). */
#define FAILED (-1)  /* an error: an exception is set (the caller's thread) or recorded (a helper) */
#define STOPPED (-2) /* another thread answered the question, or the search was told to stop */

typedef struct {
    uint64_t after; /* what is left after the move */
    int64_t total;  /* what the move takes */
    uint64_t hash;  /* mix() of the position after it */
} Move;

typedef struct {
    uint64_t taken; /* numbers taken, leaving the mover behind */
    int64_t sum;
} Behind;

struct Search;

/* What one thread searches with: its stacks, killers and counts. */
typedef struct {
    struct Search *s;
    int id; /* 0: the caller's thread */
    /* the moves of the positions on the current path, stacked */
    Move *moves;
    size_t moves_top, moves_cap;
    /* the sets behind the gap of the position being listed (see list_moves) */
    Behind *behind;
    size_t behind_top, behind_cap;
    int64_t from_on[MAX_NUMBERS + 1]; /* in a listing: the numbers left from bit i to the gap, summed */
    /* killers: per ply, the last moves that refuted a position there (numbers taken, sum) */
    uint64_t killer_taken[MAX_NUMBERS + 1][KILLERS];
    int64_t killer_total[MAX_NUMBERS + 1][KILLERS];
    uint64_t refuter; /* what was left after the move that refuted while listing */
    int64_t refuter_total;
    uint64_t nodes, next_check, listed, next_list_check;
    pthread_t thread;
    int started;
} Worker;

/* A question the threads search together. */
typedef struct {
    uint64_t mask;
    int64_t gap;
    int need;
    int64_t sum;
} Question;

typedef struct Search {
    PyObject_HEAD
    int count;
    int64_t values[MAX_NUMBERS]; /* ascending */
    uint64_t repeats;            /* bit i: values[i] == values[i - 1] */
    uint64_t copies[MAX_NUMBERS]; /* bit j of copies[i]: values[j] == values[i] */
    int64_t gap_offset;
    int64_t prune_gap; /* more than PRUNE_FROM numbers may be below a gap above this */
    /* the table */
    uint64_t *slots;
    int wide;          /* two words a slot (else one: see "The table") */
    int gap_bits;      /* bits of a gap key (compact slots) */
    uint64_t size;     /* slots (a power of two) */
    uint64_t used;     /* entries (atomic) */
    uint64_t max_size; /* slots the memory bound allows */
    int shift;         /* 64 - log2(size) */
    uint64_t sweeps, dropped;
    uint64_t rng;
    size_t moves_limit; /* a thread's stack of moves (see MOVES_LEAST) */
    /* the threads */
    int threads;
    Worker workers[MAX_THREADS];
    uint64_t *marks; /* positions entered near a question's position (see split) */
    pthread_mutex_t lock;
    pthread_cond_t wake;    /* the helpers: a question, or the end */
    pthread_cond_t settled; /* the resizer: every other thread parked; the caller: helpers gone */
    pthread_cond_t resume;  /* the parked: the table is ready */
    Question question;
    uint64_t help_at;  /* the caller's thread's nodes at which the helpers join the question */
    uint64_t help_after; /* ... so many nodes into it (HELP_AFTER) */
    uint64_t asked;    /* questions posted to the helpers (each looks for a new one) */
    int open;          /* the posted question may still be joined */
    int inside;        /* threads searching the question */
    int parked;        /* of them, waiting for the table */
    int resizing;      /* a thread grows or sweeps the table (atomic) */
    int stop;          /* the question is answered or abandoned: unwind (atomic) */
    int answered, answer;
    int helper_failed; /* a helper ran out of memory for its moves */
    int closing;       /* the helpers are to end */
    /* the budget */
    uint64_t check_every;
    PyObject *check;       /* callable(nodes) or None */
    PyThreadState *thread; /* the caller's saved thread state while the search runs without the GIL */
    int busy;              /* a search is running (the object is not re-entrant) */
    int in_check;          /* the caller's thread is in the budget's check (the table may be saved) */
    int synced;            /* the lock and conditions are made */
    SubsetTable *subsets;  /* odd games are answered from it, if there is one (see numsubsets.c) */
} Search;

static inline int load_flag(int *flag) { return __atomic_load_n(flag, __ATOMIC_ACQUIRE); }
static inline void set_flag(int *flag, int value) { __atomic_store_n(flag, value, __ATOMIC_RELEASE); }

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
 * the search is mostly waiting for the table's memory. One-word slots are read and written
 * atomically, so that threads can share them. */

static inline uint64_t compact_key(Search *s, uint64_t mask, uint32_t gap) { return mask << s->gap_bits | gap; }

static inline uint64_t load_word(uint64_t *w) { return __atomic_load_n(w, __ATOMIC_RELAXED); }

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
        uint64_t word = load_word(w);
        if ((word >> 8) == key) return w;
        if (word == 0) return NULL;
        at = (at + 1) & last;
    }
}

static inline int lower_of(uint64_t data) { return (int)(data & 3) - 1; }
static inline int upper_of(uint64_t data) { return (int)(data >> 2 & 3) - 1; }

/* The work recorded in a slot's data word, in the units the sweep compares. */
static inline uint64_t work_of(Search *s, uint64_t data) { return s->wide ? (data & 0xffffffff) >> 4 : (data & 0xff) >> 4; }

static inline int occupied(Search *s, uint64_t i) { return s->slots[s->wide ? 2 * i : i] != 0; }

static inline uint64_t *data_word(Search *s, uint64_t i) { return &s->slots[s->wide ? 2 * i + 1 : i]; }

static inline uint64_t compact_hash(Search *s, uint64_t word) {
    uint64_t key = word >> 8;
    return mix(key >> s->gap_bits, (uint32_t)(key & (((uint64_t)1 << s->gap_bits) - 1)));
}

/* The hash of the position in slot i (occupied). */
static inline uint64_t hash_at(Search *s, uint64_t i) {
    if (s->wide) return mix(s->slots[2 * i], (uint32_t)(s->slots[2 * i + 1] >> 32));
    return compact_hash(s, s->slots[i]);
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
        uint64_t hash = s->wide ? mix(from[0], (uint32_t)(from[1] >> 32)) : compact_hash(s, from[0]);
        memcpy(&s->slots[stride * free_slot(s, hash)], from, stride * sizeof(uint64_t));
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

/* Wait, parked, while another thread grows or sweeps the table. */
static void park(Search *s) {
    pthread_mutex_lock(&s->lock);
    if (s->resizing) {
        s->parked++;
        pthread_cond_broadcast(&s->settled);
        while (s->resizing) pthread_cond_wait(&s->resume, &s->lock);
        s->parked--;
    }
    pthread_mutex_unlock(&s->lock);
}

/* Make room in the table (grow it, or sweep it at its memory bound) with every other thread
 * parked; if another thread is at it already, wait for it instead. */
static void make_room(Search *s) {
    pthread_mutex_lock(&s->lock);
    if (s->resizing) {
        pthread_mutex_unlock(&s->lock);
        park(s);
        return;
    }
    set_flag(&s->resizing, 1);
    while (s->parked < s->inside - 1) pthread_cond_wait(&s->settled, &s->lock);
    if (2 * (s->used + 1) > s->size) {
        if (s->size >= s->max_size || !grow(s)) sweep(s);
    }
    set_flag(&s->resizing, 0);
    pthread_cond_broadcast(&s->resume);
    pthread_mutex_unlock(&s->lock);
}

/* Record bounds found by a search of `work` nodes, intersected with what was known. */
static void store(Search *s, uint64_t mask, uint32_t gap, uint64_t hash, int low, int high, uint64_t work) {
    if (s->wide) {
        uint64_t *w = find(s, mask, gap, hash);
        if (w != NULL) {
            if (lower_of(*w) > low) low = lower_of(*w);
            if (upper_of(*w) < high) high = upper_of(*w);
            work += work_of(s, *w);
        } else {
            if (2 * (s->used + 1) > s->size) make_room(s);
            uint64_t at = free_slot(s, hash);
            s->slots[2 * at] = mask;
            w = &s->slots[2 * at + 1];
            *w = (uint64_t)gap << 32;
            s->used++;
        }
        uint64_t bounds = (uint64_t)(low + 1) | (uint64_t)(high + 1) << 2;
        *w = (*w & ~(uint64_t)0xffffffff) | (work > WORK_MAX ? WORK_MAX : work) << 4 | bounds;
        return;
    }
    /* one word a slot, perhaps shared: claimed and updated by compare-and-swap where threads share it */
    if (2 * (__atomic_load_n(&s->used, __ATOMIC_RELAXED) + 1) > s->size) make_room(s);
    uint64_t key = compact_key(s, mask, gap), at = slot_of(s, hash), last = s->size - 1;
    const uint64_t unbounded = 8; /* lower -1, upper 1 */
    int shared = s->threads > 1;
    uint64_t *w, word;
    for (;;) {
        w = &s->slots[at];
        word = load_word(w);
        if (word == 0) {
            uint64_t claimed = key << 8 | unbounded;
            if (!shared) {
                *w = word = claimed;
            } else if (!__atomic_compare_exchange_n(w, &word, claimed, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                continue; /* another thread took the slot: look at it again */
            } else {
                word = claimed;
            }
            __atomic_add_fetch(&s->used, 1, __ATOMIC_RELAXED);
            break;
        }
        if ((word >> 8) == key) break;
        at = (at + 1) & last;
    }
    for (;;) {
        int new_low = lower_of(word) > low ? lower_of(word) : low;
        int new_high = upper_of(word) < high ? upper_of(word) : high;
        uint64_t total = work + (((uint64_t)1 << work_of(s, word)) >> 1);
        uint64_t bits = total ? 64 - __builtin_clzll(total) : 0;
        uint64_t updated = key << 8 | (bits > 15 ? 15 : bits) << 4 | (uint64_t)(new_high + 1) << 2 | (uint64_t)(new_low + 1);
        if (!shared) {
            *w = updated;
            return;
        }
        if (__atomic_compare_exchange_n(w, &word, updated, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) return;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* The budget: signals and the Python check, with the GIL taken back for the moment (the caller's
 * thread), or the word to stop (a helper) */

static uint64_t all_nodes(Search *s) {
    uint64_t nodes = 0;
    for (int i = 0; i < s->threads; i++) nodes += __atomic_load_n(&s->workers[i].nodes, __ATOMIC_RELAXED);
    return nodes;
}

static int checkpoint(Worker *w) {
    Search *s = w->s;
    if (w->id != 0) return load_flag(&s->stop) ? STOPPED : 0;
    PyEval_RestoreThread(s->thread);
    int failed = PyErr_CheckSignals() < 0;
    if (!failed && s->check != Py_None) {
        s->in_check = 1;
        PyObject *result = PyObject_CallFunction(s->check, "K", (unsigned long long)all_nodes(s));
        s->in_check = 0;
        failed = result == NULL;
        Py_XDECREF(result);
    }
    s->thread = PyEval_SaveThread();
    return failed ? FAILED : 0;
}

/* A thread has run out of memory for its moves: the caller's thread raises MemoryError at once, a
 * helper records it and stops everyone (the caller's thread raises it when the helpers are back). */
static int out_of_memory(Worker *w, const char *why, size_t limit) {
    Search *s = w->s;
    if (w->id != 0) {
        pthread_mutex_lock(&s->lock);
        s->helper_failed = 1;
        set_flag(&s->stop, 1);
        pthread_mutex_unlock(&s->lock);
        return FAILED;
    }
    PyEval_RestoreThread(s->thread);
    if (limit) PyErr_Format(PyExc_MemoryError, why, limit);
    else PyErr_NoMemory();
    s->thread = PyEval_SaveThread();
    return FAILED;
}

/* ------------------------------------------------------------------------------------------ */
/* Listing the moves */

static inline int64_t floor_half(int64_t x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }

static inline uint32_t gap_key(Search *s, int64_t gap) { return (uint32_t)(gap + s->gap_offset); }

/* The numbers a move may take next: of each value left, its lowest-indexed copy. */
static inline uint64_t leads(Search *s, uint64_t mask) { return mask & ~((mask << 1) & s->repeats); }

#define MOVES_FULL "the positions being searched have more than %zu moves"

/* Double a stack (`*items`, of `*cap` items of `size` bytes). */
static int grow_stack(Worker *w, void **items, size_t *cap, size_t size) {
    void *bigger = realloc(*items, 2 * *cap * size);
    if (bigger == NULL) return out_of_memory(w, NULL, 0);
    *items = bigger;
    *cap *= 2;
    return 0;
}

static inline int push_move(Worker *w, uint64_t after, int64_t total, uint64_t hash) {
    if (w->moves_top == w->moves_cap) {
        if (w->moves_top >= w->s->moves_limit) return out_of_memory(w, MOVES_FULL, w->s->moves_limit);
        if (grow_stack(w, (void **)&w->moves, &w->moves_cap, sizeof(Move)) < 0) return FAILED;
    }
    Move *m = &w->moves[w->moves_top++];
    m->after = after;
    m->total = total;
    m->hash = hash;
    return 0;
}

/* Start fetching the table's slot of a position from memory (its hash, returned): the moves'
 * children are looked up once all are listed, and by then most are in the caches. */
static inline uint64_t fetch(Search *s, uint64_t hash) {
    __builtin_prefetch(&s->slots[(s->wide ? 2 : 1) * slot_of(s, hash)]);
    return hash;
}

/* Count `steps` of listing (moves listed, sets tried); every CHECK_MOVES of them, the budget: a
 * position may have a great many moves. */
static inline int tick(Worker *w, uint64_t steps) {
    w->listed += steps;
    if (w->listed < w->next_list_check) return 0;
    w->next_list_check = w->listed + CHECK_MOVES;
    if (w->s->threads > 1 && load_flag(&w->s->resizing)) park(w->s);
    return checkpoint(w);
}

typedef struct {
    int64_t gap;
    int64_t threshold; /* a move taking this much or more refutes (with `refutes`) */
    int refutes;       /* stop at such a move (0: list every move) */
    int64_t catcher;   /* the number that catches up in the moves being listed */
    uint64_t copies;   /* every copy of it */
    int end;           /* the bit after its last copy */
    int prune;         /* skip sets that cannot catch up (with w->from_on) */
} Listing;

/* List the moves whose catching number is l->catcher and whose other numbers are those chosen so
 * far (leaving `mask`, having taken `taken`, all behind) and more from the bits from `from` on, in
 * the reference's order: smallest numbers first, so that a longer run of small numbers comes
 * before a shorter one. 1 as soon as one takes l->threshold or more (with l->refutes), 0 when all
 * are listed. */
static int list_prefixes(Worker *w, const Listing *l, uint64_t mask, int64_t taken, int from) {
    Search *s = w->s;
    int ticked = tick(w, 1);
    if (ticked) return ticked;
    /* no move here if even every number left up to the catching one's copies stays behind (the
     * numbers from `from` on are all still there: those taken are below it) */
    if (l->prune && taken + w->from_on[from] - w->from_on[l->end] < l->gap) return 0;
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
                w->refuter = after;
                w->refuter_total = total;
                return 1;
            }
            return push_move(w, after, total, after ? fetch(s, mix(after, gap_key(s, total - l->gap))) : 0);
        }
        int found = list_prefixes(w, l, mask & ~((uint64_t)1 << b), taken + value, b + 1);
        if (found) return found;
    }
    return 0;
}

/* The sets of numbers below the gap that leave the mover behind (sum < gap), canonical, pushed
 * onto the stack of sets in the order the reference lists a big catcher's moves: a set's
 * extensions (by ascending numbers) before the set itself. */
static int list_behind(Worker *w, uint64_t mask, int64_t gap, uint64_t taken, int64_t sum, int from) {
    Search *s = w->s;
    int ticked = tick(w, 1);
    if (ticked) return ticked;
    uint64_t next = from >= 64 ? 0 : leads(s, mask) & (~(uint64_t)0 << from);
    while (next) {
        int b = __builtin_ctzll(next);
        next &= next - 1;
        if (sum + s->values[b] >= gap) break; /* ascending: the rest catch up too */
        uint64_t bit = (uint64_t)1 << b;
        int failed = list_behind(w, mask & ~bit, gap, taken | bit, sum + s->values[b], b + 1);
        if (failed) return failed;
    }
    if (w->behind_top == w->behind_cap && grow_stack(w, (void **)&w->behind, &w->behind_cap, sizeof(Behind)) < 0)
        return FAILED;
    w->behind[w->behind_top].taken = taken;
    w->behind[w->behind_top].sum = sum;
    w->behind_top++;
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
 * as one takes `threshold` or more (with `refutes`), 0 when all are listed.
 * The numbers at or above the gap catch up alone, and with any set of smaller ones that leaves the
 * mover behind: those sets are listed once, then combined with each such number. */
static int list_moves(Worker *w, uint64_t mask, int64_t gap, int refutes, int64_t threshold) {
    Search *s = w->s;
    Listing l = {.gap = gap, .threshold = threshold, .refutes = refutes};
    uint64_t catchers = leads(s, mask), big = 0;
    /* Sets that cannot catch up are cut off (list_prefixes) only where many numbers may be below
     * the gap: with a few, trying them all costs less than the sums that would cut them off. */
    l.prune = gap > s->prune_gap;
    if (l.prune) {
        int high = first_at_least(s, gap); /* the numbers below the gap are bits 0 .. high - 1 */
        w->from_on[high] = 0;
        for (int i = high - 1; i >= 0; i--) w->from_on[i] = w->from_on[i + 1] + (mask >> i & 1 ? s->values[i] : 0);
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
        int found = list_prefixes(w, &l, mask, 0, 0);
        if (found) return found;
    }
    if (big == 0) return 0;
    size_t base = w->behind_top;
    uint64_t below = ((uint64_t)1 << __builtin_ctzll(big)) - 1; /* the numbers below the gap */
    int result = list_behind(w, mask & below, gap, 0, 0, 0);
    if (result == 0 && refutes) {
        /* the move taking most: the largest number with the largest set behind */
        size_t most = base;
        for (size_t i = base + 1; i < w->behind_top; i++) {
            if (w->behind[i].sum > w->behind[most].sum) most = i;
        }
        int top = 63 - __builtin_clzll(big);
        int64_t total = w->behind[most].sum + s->values[top];
        if (total >= threshold) {
            w->refuter = mask & ~w->behind[most].taken & ~((uint64_t)1 << top);
            w->refuter_total = total;
            result = 1;
        }
    }
    for (; big && result == 0; big &= big - 1) {
        int c = __builtin_ctzll(big);
        uint64_t rest = mask & ~((uint64_t)1 << c);
        int64_t value = s->values[c];
        for (size_t i = base; i < w->behind_top && result == 0; i++) {
            uint64_t after = rest & ~w->behind[i].taken;
            int64_t total = w->behind[i].sum + value;
            result = push_move(w, after, total, after ? fetch(s, mix(after, gap_key(s, total - gap))) : 0);
        }
        if (result == 0) result = tick(w, w->behind_top - base);
    }
    w->behind_top = base;
    return result;
}

/* ------------------------------------------------------------------------------------------ */
/* The search */

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
    return w != NULL && upper_of(load_word(w)) < child_need;
}

static inline void remember_killer(Worker *w, int ply, uint64_t taken, int64_t total) {
    if (w->killer_taken[ply][0] == taken) return;
    for (int k = KILLERS - 1; k > 0; k--) {
        w->killer_taken[ply][k] = w->killer_taken[ply][k - 1];
        w->killer_total[ply][k] = w->killer_total[ply][k - 1];
    }
    w->killer_taken[ply][0] = taken;
    w->killer_total[ply][0] = total;
}

/* Where a thread of several starts on a position's moves near the question's position: halfway, if
 * another thread has entered it already (its mark is there), else at the first; either way it
 * marks the position as its own. */
static size_t split(Worker *w, uint64_t mask, uint32_t key, uint64_t hash, size_t moves) {
    Search *s = w->s;
    uint64_t mine = compact_key(s, mask, key) << 8 | (uint64_t)(w->id + 1);
    uint64_t *mark = &s->marks[hash & (MARKS - 1)];
    uint64_t seen = __atomic_exchange_n(mark, mine, __ATOMIC_RELAXED);
    return (seen >> 8) == (mine >> 8) && seen != mine ? moves / 2 : 0;
}

static void post_question(Search *s);

/* Can the mover, `gap` behind with `mask` left (summing to `sum`), force a final margin >= need
 * (need 1: a win; 0: at least a draw)? 1 yes, 0 no, FAILED, or STOPPED (see above). `hash` is
 * mix(mask, gap_key(gap)); `ply` counts the turns from the question's position. */
static int can_reach(Worker *w, uint64_t mask, int64_t gap, int need, int64_t sum, uint64_t hash, int ply) {
    Search *s = w->s;
    int64_t best_case = sum - gap;
    if (best_case < need) return 0;
    if (best_case & 1) {
        need = 1; /* odd final margin: "at least a draw" is "a win" */
    } else if (best_case == 0) {
        return 1; /* must take everything and ends level (need is 0 here) */
    }
    if (s->threads > 1) {
        if (load_flag(&s->stop)) return STOPPED;
        if (load_flag(&s->resizing)) park(s);
    }
    uint32_t key = gap_key(s, gap);
    uint64_t *known = find(s, mask, key, hash);
    if (known != NULL) {
        uint64_t data = load_word(known);
        if (lower_of(data) >= need) return 1;
        if (upper_of(data) < need) return 0;
    }
    w->nodes++;
    if (w->nodes >= w->next_check) {
        w->next_check = w->nodes + s->check_every;
        int checked = checkpoint(w);
        if (checked) return checked;
        if (w->id == 0 && s->threads > 1 && w->nodes >= s->help_at) post_question(s);
    }
    uint64_t start = w->nodes;
    int other = 1 - need;
    /* Refutations known without a search: a move after which the opponent's best case,
     * sum + gap - 2 * taken, falls short of what they need (found while listing), or whose child
     * the table bounds below it (an enhanced transposition cut-off; the children's entries are
     * fetched from memory all at once, then read). The child's best case has the parity of ours,
     * so in an odd game the child is asked for a win whatever `other` says. */
    int child_need = best_case & 1 ? 1 : other;
    size_t base = w->moves_top;
    int64_t threshold = floor_half(sum + gap - child_need) + 1;
    int result = 0;
    for (int k = 0; k < KILLERS && !result; k++) {
        result = killer_refutes(s, mask, gap, threshold, child_need, w->killer_taken[ply][k], w->killer_total[ply][k]);
    }
    if (result == 0) {
        result = list_moves(w, mask, gap, 1, threshold);
        if (result == 1) remember_killer(w, ply, mask & ~w->refuter, w->refuter_total);
    }
    if (result == 0) {
        Move *moves = w->moves;
        for (size_t i = base; i < w->moves_top; i++) {
            if (moves[i].after == 0) continue;
            uint64_t *child = find(s, moves[i].after, gap_key(s, moves[i].total - gap), moves[i].hash);
            if (child != NULL && upper_of(load_word(child)) < child_need) {
                result = 1;
                remember_killer(w, ply, mask & ~moves[i].after, moves[i].total);
                break;
            }
        }
    }
    if (result == 0) {
        size_t count = w->moves_top - base;
        int shared = s->threads > 1 && ply <= SPLIT_DEPTH;
        size_t first = shared ? split(w, mask, key, hash, count) : 0;
        for (size_t n = 0; n < count && result == 0; n++) {
            size_t i = base + (first + n) % count;
            Move m = w->moves[i]; /* a copy: the stack may move as the children push theirs */
            if (m.after == 0) continue; /* taking everything: decided by the threshold */
            int reached = can_reach(w, m.after, m.total - gap, other, sum - m.total, m.hash, ply + 1);
            if (reached < 0) {
                result = reached;
            } else if (!reached) {
                result = 1;
                remember_killer(w, ply, mask & ~m.after, m.total);
            } else if (shared && (known = find(s, mask, key, hash)) != NULL) {
                /* another thread may have answered this position meanwhile */
                uint64_t data = load_word(known);
                if (lower_of(data) >= need) result = 1;
                else if (upper_of(data) < need) break; /* no */
            }
        }
    }
    w->moves_top = base;
    if (result < 0) return result;
    uint64_t work = w->nodes - start + 1;
    if (result) {
        store(s, mask, key, hash, need, 1, work);
    } else {
        store(s, mask, key, hash, -1, need - 1, work);
    }
    return result;
}

/* ------------------------------------------------------------------------------------------ */
/* The threads */

static void answer(Search *s, int result) {
    pthread_mutex_lock(&s->lock);
    if (!s->answered) {
        s->answered = 1;
        s->answer = result;
    }
    set_flag(&s->stop, 1);
    pthread_mutex_unlock(&s->lock);
}

/* Let the helpers join the question being searched (once a question). */
static void post_question(Search *s) {
    if (s->open) return;
    pthread_mutex_lock(&s->lock);
    s->open = 1;
    s->asked++;
    pthread_cond_broadcast(&s->wake);
    pthread_mutex_unlock(&s->lock);
}

static void *helper(void *argument) {
    Worker *w = argument;
    Search *s = w->s;
    uint64_t seen = 0;
    pthread_mutex_lock(&s->lock);
    for (;;) {
        while (!s->closing && (s->asked == seen || !s->open)) pthread_cond_wait(&s->wake, &s->lock);
        if (s->closing) break;
        seen = s->asked;
        Question q = s->question;
        s->inside++;
        while (s->resizing) { /* joined while the table is being made room in: wait with the others */
            s->parked++;
            pthread_cond_broadcast(&s->settled);
            while (s->resizing) pthread_cond_wait(&s->resume, &s->lock);
            s->parked--;
        }
        pthread_mutex_unlock(&s->lock);
        w->moves_top = w->behind_top = 0;
        int result = can_reach(w, q.mask, q.gap, q.need, q.sum, mix(q.mask, gap_key(s, q.gap)), 0);
        if (result == 0 || result == 1) answer(s, result);
        pthread_mutex_lock(&s->lock);
        s->inside--;
        pthread_cond_broadcast(&s->settled);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Start the helpers (once a search); 0 if a thread cannot be started (the search runs on fewer). */
static void start_helpers(Search *s) {
    for (int i = 1; i < s->threads; i++) {
        Worker *w = &s->workers[i];
        if (w->started) continue;
        if (pthread_create(&w->thread, NULL, helper, w) != 0) {
            s->threads = i;
            return;
        }
        w->started = 1;
    }
}

static void stop_helpers(Search *s) {
    pthread_mutex_lock(&s->lock);
    s->closing = 1;
    pthread_cond_broadcast(&s->wake);
    pthread_mutex_unlock(&s->lock);
    for (int i = 1; i < MAX_THREADS; i++) {
        if (s->workers[i].started) pthread_join(s->workers[i].thread, NULL);
        s->workers[i].started = 0;
    }
}

/* The question, searched by the caller's thread and, if it proves large, by the helpers too: 1, 0
 * or FAILED (an exception set). */
static int search_question(Search *s, uint64_t mask, int64_t gap, int need, int64_t sum) {
    Worker *main = &s->workers[0];
    uint64_t hash = mix(mask, gap_key(s, gap));
    if (s->threads == 1) return can_reach(main, mask, gap, need, sum, hash, 0);
    pthread_mutex_lock(&s->lock);
    s->question = (Question){.mask = mask, .gap = gap, .need = need, .sum = sum};
    s->open = 0;
    s->answered = 0;
    s->helper_failed = 0;
    set_flag(&s->stop, 0);
    s->inside = 1;
    s->help_at = main->nodes + s->help_after;
    pthread_mutex_unlock(&s->lock);
    if (s->help_after == 0) post_question(s); /* (the tests make the helpers join every question) */
    int result = can_reach(main, mask, gap, need, sum, hash, 0);
    if (result == 0 || result == 1) answer(s, result);
    else set_flag(&s->stop, 1);
    pthread_mutex_lock(&s->lock);
    s->open = 0;
    s->inside--;
    pthread_cond_broadcast(&s->settled); /* a helper making room waits for fewer threads now */
    while (s->inside > 0) pthread_cond_wait(&s->settled, &s->lock);
    int answered = s->answered, value = s->answer, helper_failed = s->helper_failed;
    pthread_mutex_unlock(&s->lock);
    if (result != STOPPED) return result;
    if (answered) return value; /* a helper answered first */
    if (helper_failed) out_of_memory(main, MOVES_FULL, s->moves_limit);
    else out_of_memory(main, NULL, 0); /* (stopped without an answer: cannot happen) */
    return FAILED;
}

/* An odd game's question, answered from the subset table by the caller's thread (a win is then
 * the answer whatever the need: the margin is odd, so at least a draw is a win). */
static int subsets_check(void *worker) { return checkpoint((Worker *)worker); }

static int subsets_question(Search *s, uint64_t mask, int64_t gap, int64_t sum) {
    Worker *w = &s->workers[0];
    SubsetBudget budget = {&w->nodes, &w->next_check, s->check_every, subsets_check, w};
    return subsets_wins(s->subsets, (uint32_t)mask, (int)gap, (int)sum, &budget);
}


/* ------------------------------------------------------------------------------------------ */
/* The table in a file, so that a search of hours can stop and resume: every entry is a proven
 * bound, so a table saved at any moment of a search, and loaded into a new search of the same
 * numbers, only spares it work. The file is a header (the numbers, a tag naming the search, the
 * layout of its entries), the occupied slots as they lie in memory, and a checksum of them. A load
 * decodes each entry and stores it again, so that the table loaded into may have another size,
 * layout or memory bound; where it is smaller, it sweeps as it fills, as in a search. */

#define SAVE_MAGIC "catchup-numtable"
#define SAVE_VERSION 2
#define TAG_ROOM 256
/* Words written or read at a time. */
#define SAVE_CHUNK ((size_t)1 << 16)

typedef struct {
    char magic[16];
    uint32_t version, count, wide, gap_bits;
    int64_t gap_offset;
    int64_t values[MAX_NUMBERS];
    uint32_t tag_length, reserved;
    char tag[TAG_ROOM];
    uint64_t entries, sweeps, dropped;
    /* the caller's thread's killers (what it tries first at each ply), so that a search resumed
     * between two questions searches as the one saved would have (their sums are worked out again
     * on loading) */
    uint64_t killers[MAX_NUMBERS + 1][KILLERS];
} SaveHeader;

static inline uint64_t checksum_step(uint64_t sum, uint64_t word) {
    sum = (sum ^ word) * 0x100000001B3ULL;
    return sum ^ (sum >> 31);
}

/* Take the table for the caller's thread alone, as make_room does: every other thread searching
 * the question parked (a helper already making room is let finish first, this thread parked). */
static void hold_table(Search *s) {
    pthread_mutex_lock(&s->lock);
    while (s->resizing) {
        pthread_mutex_unlock(&s->lock);
        park(s);
        pthread_mutex_lock(&s->lock);
    }
    set_flag(&s->resizing, 1);
    while (s->parked < s->inside - 1) pthread_cond_wait(&s->settled, &s->lock);
    pthread_mutex_unlock(&s->lock);
}

static void release_table(Search *s) {
    pthread_mutex_lock(&s->lock);
    set_flag(&s->resizing, 0);
    pthread_cond_broadcast(&s->resume);
    pthread_mutex_unlock(&s->lock);
}

static void fill_header(Search *s, SaveHeader *h, const char *tag, size_t tag_length, uint64_t entries) {
    memset(h, 0, sizeof *h);
    memcpy(h->magic, SAVE_MAGIC, sizeof h->magic);
    h->version = SAVE_VERSION;
    h->count = (uint32_t)s->count;
    h->wide = (uint32_t)s->wide;
    h->gap_bits = (uint32_t)s->gap_bits;
    h->gap_offset = s->gap_offset;
    memcpy(h->values, s->values, sizeof h->values);
    h->tag_length = (uint32_t)tag_length;
    memcpy(h->tag, tag, tag_length);
    h->entries = entries;
    h->sweeps = s->sweeps;
    h->dropped = s->dropped;
    memcpy(h->killers, s->workers[0].killer_taken, sizeof h->killers);
}

/* The killers of a saved table, for the caller's thread: each a set of this search's numbers, its
 * sum worked out here. */
static void load_killers(Search *s, const SaveHeader *h) {
    Worker *w = &s->workers[0];
    uint64_t all = s->count == 64 ? ~(uint64_t)0 : ((uint64_t)1 << s->count) - 1;
    for (int ply = 0; ply <= MAX_NUMBERS; ply++) {
        for (int k = 0; k < KILLERS; k++) {
            uint64_t taken = h->killers[ply][k] & all;
            int64_t total = 0;
            for (uint64_t rest = taken; rest; rest &= rest - 1) total += s->values[__builtin_ctzll(rest)];
            w->killer_taken[ply][k] = taken;
            w->killer_total[ply][k] = total;
        }
    }
}

/* Write the table (held) to `out`: 0, or -1 with errno set. The header is written twice: first
 * with no entries, then, once they are all written, with their count (a file cut short by a crash
 * reads as a table of another count, and is refused). */
static int save_entries(Search *s, FILE *out, const char *tag, size_t tag_length, uint64_t *written) {
    SaveHeader h;
    fill_header(s, &h, tag, tag_length, 0);
    if (fwrite(&h, sizeof h, 1, out) != 1) return -1;
    uint64_t *buffer = malloc(SAVE_CHUNK * sizeof(uint64_t));
    if (buffer == NULL) {
        errno = ENOMEM;
        return -1;
    }
    int stride = s->wide ? 2 : 1;
    size_t filled = 0;
    uint64_t entries = 0, sum = 0;
    int failed = 0;
    for (uint64_t i = 0; i < s->size && !failed; i++) {
        if (!occupied(s, i)) continue;
        for (int k = 0; k < stride; k++) {
            uint64_t word = load_word(&s->slots[stride * i + k]);
            buffer[filled++] = word;
            sum = checksum_step(sum, word);
        }
        entries++;
        if (filled + 2 > SAVE_CHUNK) {
            failed = fwrite(buffer, sizeof(uint64_t), filled, out) != filled;
            filled = 0;
        }
    }
    if (!failed && filled) failed = fwrite(buffer, sizeof(uint64_t), filled, out) != filled;
    free(buffer);
    if (failed || fwrite(&sum, sizeof sum, 1, out) != 1) return -1;
    fill_header(s, &h, tag, tag_length, entries);
    if (fseek(out, 0, SEEK_SET) != 0 || fwrite(&h, sizeof h, 1, out) != 1 || fflush(out) != 0) return -1;
    *written = entries;
    return 0;
}

/* Store one saved entry: 1 if it names a position of this search with sound bounds (and is
 * stored), 0 if not. */
static int load_entry(Search *s, const SaveHeader *h, const uint64_t *words) {
    uint64_t mask, data, work;
    int64_t gap;
    if (h->wide) {
        mask = words[0];
        gap = (int64_t)(uint32_t)(words[1] >> 32) - h->gap_offset;
        data = words[1] & 0xffffffff;
        work = data >> 4;
    } else {
        uint64_t key = words[0] >> 8;
        mask = key >> h->gap_bits;
        gap = (int64_t)(key & (((uint64_t)1 << h->gap_bits) - 1)) - h->gap_offset;
        data = words[0] & 0xff;
        work = ((uint64_t)1 << (data >> 4)) >> 1;
    }
    int low = lower_of(data), high = upper_of(data);
    if (mask == 0 || (s->count < 64 && mask >> s->count) || low > 1 || high > 1 || low > high) return 0;
    if (gap < -s->gap_offset || gap > s->gap_offset) return 0;
    uint32_t key = gap_key(s, gap);
    store(s, mask, key, mix(mask, key), low, high, work);
    return 1;
}

/* Read a table saved by save_entries into this one: 0; -1 with errno set (a read error); -2 for a
 * file of another search, a damaged file or one cut short (`*why` says which). Entries read before
 * a damaged one was found stay in the table. */
static int load_entries(Search *s, FILE *in, const char *tag, size_t tag_length, uint64_t *loaded, const char **why) {
    SaveHeader h;
    *loaded = 0;
    if (fread(&h, sizeof h, 1, in) != 1) {
        if (ferror(in)) return -1;
        *why = "not a table of the number-set search (too short)";
        return -2;
    }
    if (memcmp(h.magic, SAVE_MAGIC, sizeof h.magic) != 0 || h.version != SAVE_VERSION || h.wide > 1 ||
        h.count > MAX_NUMBERS || h.gap_bits > 32 || (!h.wide && h.count + h.gap_bits > 56) || h.gap_offset < 0 ||
        h.gap_offset >= GAP_LIMIT) {
        *why = "not a table of the number-set search (or of another version)";
        return -2;
    }
    if (h.count != (uint32_t)s->count || memcmp(h.values, s->values, sizeof h.values) != 0) {
        *why = "a table of another set of numbers";
        return -2;
    }
    if (h.tag_length != tag_length || memcmp(h.tag, tag, tag_length) != 0) {
        *why = "a table of another search (its tag differs)";
        return -2;
    }
    uint64_t *buffer = malloc(SAVE_CHUNK * sizeof(uint64_t));
    if (buffer == NULL) {
        errno = ENOMEM;
        return -1;
    }
    size_t stride = h.wide ? 2 : 1, per_chunk = SAVE_CHUNK / stride;
    uint64_t left = h.entries, sum = 0;
    int result = 0;
    while (left > 0 && result == 0) {
        size_t want = left < per_chunk ? (size_t)left : per_chunk;
        size_t got = fread(buffer, sizeof(uint64_t) * stride, want, in);
        if (got != want) {
            result = ferror(in) ? -1 : -2;
            *why = "the file is cut short";
            break;
        }
        for (size_t i = 0; i < got * stride; i++) sum = checksum_step(sum, buffer[i]);
        for (size_t i = 0; i < got && result == 0; i++) {
            if (!load_entry(s, &h, &buffer[i * stride])) {
                result = -2;
                *why = "the file holds an entry no search of these numbers makes (damaged)";
            } else {
                (*loaded)++;
            }
        }
        left -= got;
    }
    free(buffer);
    uint64_t saved_sum;
    if (result == 0 && fread(&saved_sum, sizeof saved_sum, 1, in) != 1) {
        result = ferror(in) ? -1 : -2;
        *why = "the file is cut short";
    }
    if (result == 0 && (saved_sum != sum || fgetc(in) != EOF)) {
        result = -2;
        *why = "the file is damaged (its checksum differs, or it goes on past the table)";
    }
    if (result == 0) load_killers(s, &h);
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

/* Release the GIL for a search (the object is not re-entrant). */
static int begin(Search *s) {
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is already running");
        return -1;
    }
    s->busy = 1;
    if (s->threads > 1) start_helpers(s);
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
    int result = s->subsets != NULL && subsets_answer(gap, sum) ? subsets_question(s, mask, gap, sum)
                                                               : search_question(s, mask, gap, need, sum);
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
    Worker *w = &s->workers[0];
    size_t base = w->moves_top;
    int failed = list_moves(w, mask, gap, 0, 0) != 0;
    end(s);
    if (!failed && (Py_ssize_t)(w->moves_top - base) > limit) {
        w->moves_top = base;
        Py_RETURN_NONE;
    }
    PyObject *list = failed ? NULL : PyList_New((Py_ssize_t)(w->moves_top - base));
    for (size_t i = base; list != NULL && i < w->moves_top; i++) {
        PyObject *pair = Py_BuildValue("(KL)", (unsigned long long)w->moves[i].after, (long long)w->moves[i].total);
        if (pair == NULL) Py_CLEAR(list);
        else PyList_SET_ITEM(list, (Py_ssize_t)(i - base), pair);
    }
    w->moves_top = base;
    return list;
}

/* The path argument (str, bytes or os.PathLike) and the tag (bytes) of save_table and load_table. */
static int parse_file_args(PyObject *args, PyObject **path, const char **tag, Py_ssize_t *tag_length) {
    *tag = "";
    *tag_length = 0;
    if (!PyArg_ParseTuple(args, "O&|y#", PyUnicode_FSConverter, path, tag, tag_length)) return -1;
    if (*tag_length > TAG_ROOM) {
        Py_DECREF(*path);
        PyErr_Format(PyExc_ValueError, "a table's tag takes at most %d bytes", TAG_ROOM);
        return -1;
    }
    return 0;
}

static PyObject *Search_save_table(Search *s, PyObject *args) {
    PyObject *path;
    const char *tag;
    Py_ssize_t tag_length;
    if (parse_file_args(args, &path, &tag, &tag_length) < 0) return NULL;
    if (s->busy && !s->in_check) {
        Py_DECREF(path);
        PyErr_SetString(PyExc_RuntimeError, "the table is saved between searches or from the budget's check");
        return NULL;
    }
    FILE *out = fopen(PyBytes_AS_STRING(path), "wb");
    if (out == NULL) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
        Py_DECREF(path);
        return NULL;
    }
    uint64_t written = 0;
    if (s->busy) hold_table(s);
    int failed = save_entries(s, out, tag, (size_t)tag_length, &written) < 0;
    if (s->busy) release_table(s);
    int saved_errno = errno;
    if (fclose(out) != 0 && !failed) {
        failed = 1;
        saved_errno = errno;
    }
    if (failed) {
        errno = saved_errno;
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
        Py_DECREF(path);
        return NULL;
    }
    Py_DECREF(path);
    return PyLong_FromUnsignedLongLong(written);
}

static PyObject *Search_load_table(Search *s, PyObject *args) {
    PyObject *path;
    const char *tag;
    Py_ssize_t tag_length;
    if (parse_file_args(args, &path, &tag, &tag_length) < 0) return NULL;
    if (s->busy) {
        Py_DECREF(path);
        PyErr_SetString(PyExc_RuntimeError, "the table is loaded between searches");
        return NULL;
    }
    FILE *in = fopen(PyBytes_AS_STRING(path), "rb");
    if (in == NULL) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
        Py_DECREF(path);
        return NULL;
    }
    uint64_t loaded = 0;
    const char *why = NULL;
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = load_entries(s, in, tag, (size_t)tag_length, &loaded, &why);
    Py_END_ALLOW_THREADS
    int saved_errno = errno;
    fclose(in);
    if (result == -1) {
        errno = saved_errno;
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, path);
    } else if (result == -2) {
        PyErr_Format(PyExc_ValueError, "%s: %s", PyBytes_AS_STRING(path), why);
    }
    Py_DECREF(path);
    return result < 0 ? NULL : PyLong_FromUnsignedLongLong(loaded);
}

static PyObject *Search_table_stats(Search *s, PyObject *Py_UNUSED(ignored)) {
    PyObject *nodes = PyList_New(s->threads);
    if (nodes == NULL) return NULL;
    for (int i = 0; i < s->threads; i++) {
        PyObject *count = PyLong_FromUnsignedLongLong(__atomic_load_n(&s->workers[i].nodes, __ATOMIC_RELAXED));
        if (count == NULL) {
            Py_DECREF(nodes);
            return NULL;
        }
        PyList_SET_ITEM(nodes, i, count);
    }
    unsigned long long subset_bytes = s->subsets != NULL ? subsets_bytes(s->count) : 0;
    return Py_BuildValue("{sisKsKsKsKsKsisNsK}", "wide", s->wide, "entries", (unsigned long long)s->used, "slots",
                         (unsigned long long)s->size, "max_slots", (unsigned long long)s->max_size, "sweeps",
                         (unsigned long long)s->sweeps, "dropped", (unsigned long long)s->dropped, "threads",
                         s->threads, "thread_nodes", nodes, "subset_table", subset_bytes);
}

static PyObject *Search_get_nodes(Search *s, void *Py_UNUSED(closure)) {
    return PyLong_FromUnsignedLongLong(all_nodes(s));
}

static int init_worker(Search *s, int id) {
    Worker *w = &s->workers[id];
    w->s = s;
    w->id = id;
    w->moves_cap = 1024;
    w->moves = malloc(w->moves_cap * sizeof(Move));
    w->behind_cap = 1024;
    w->behind = malloc(w->behind_cap * sizeof(Behind));
    w->next_check = s->check_every;
    w->next_list_check = CHECK_MOVES;
    if (w->moves == NULL || w->behind == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int Search_init(Search *s, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"values", "gap_offset", "memory_bytes", "check", "check_every", "wide", "threads",
                            "help_after", "subset_table", "presize", NULL};
    PyObject *values, *check = Py_None;
    long long gap_offset, memory;
    unsigned long long check_every = 512;
    int wide = 0, threads = 1, subset_table = 0, presize = 0;
    unsigned long long help_after = HELP_AFTER;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OLL|OKpiKpp", names, &values, &gap_offset, &memory, &check,
                                     &check_every, &wide, &threads, &help_after, &subset_table, &presize))
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
    if (threads < 1 || threads > MAX_THREADS) {
        PyErr_Format(PyExc_ValueError, "a search runs on 1 to %d threads", MAX_THREADS);
        return -1;
    }
    if (subset_table) {
        /* the subset table takes the hash table's share of the memory bound (a quarter), and its
         * searches run on one thread */
        if (!subsets_fit(s->values, (int)count) || subsets_bytes((int)count) > (uint64_t)(memory > 0 ? memory : 0) / 4) {
            PyErr_SetString(PyExc_ValueError, "a subset table takes at most 31 numbers, each at most 31, in a quarter "
                                              "of the memory bound");
            return -1;
        }
        threads = 1;
    }
    s->count = (int)count;
    s->gap_offset = gap_offset;
    s->prune_gap = count > PRUNE_FROM ? s->values[PRUNE_FROM] : INT64_MAX;
    s->gap_bits = log2_of((uint64_t)(2 * gap_offset + 1) + 1);
    s->wide = wide || s->count + s->gap_bits > 56;
    s->threads = s->wide ? 1 : threads; /* only one-word slots are shared */
    uint64_t slot_bytes = s->wide ? 16 : 8, max_size = LEAST_SLOTS;
    /* at most half the memory bound where the table doubles as it fills (the old and the new array
     * coexist meanwhile); all of it where it is made at its largest size at once */
    uint64_t room = (uint64_t)(memory > 0 ? memory : 0) / (presize ? 1 : 2);
    while (2 * max_size * slot_bytes <= room) max_size *= 2;
    s->max_size = max_size;
    /* small at first, so that a small search stays in the caches; a search of hours (presize) takes
     * its whole table at once, so that its memory never passes the table's size (a growth holds the
     * old array and the new, half as large again) */
    s->size = presize || max_size < FIRST_SLOTS ? max_size : FIRST_SLOTS;
    s->shift = 64 - log2_of(s->size);
    s->slots = new_slots(s, s->size);
    if (s->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->rng = 0x853C49E6748FEA9BULL;
    s->check_every = check_every ? check_every : 1;
    s->help_after = help_after;
    /* the moves of the positions on a path: a quarter of the memory bound, and at least MOVES_LEAST */
    size_t moves_bytes = (size_t)(memory > 0 ? memory : 0) / 4;
    s->moves_limit = (moves_bytes > MOVES_LEAST ? moves_bytes : MOVES_LEAST) / sizeof(Move) / (size_t)s->threads;
    for (int i = 0; i < s->threads; i++) {
        if (init_worker(s, i) < 0) return -1;
    }
    if (s->threads > 1) {
        s->marks = calloc(MARKS, sizeof(uint64_t));
        if (s->marks == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    pthread_cond_init(&s->settled, NULL);
    pthread_cond_init(&s->resume, NULL);
    s->synced = 1;
    if (subset_table) {
        s->subsets = subsets_new(s->values, s->count);
        if (s->subsets == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    Py_INCREF(check);
    Py_XSETREF(s->check, check);
    return 0;
}

static void Search_dealloc(Search *s) {
    if (s->synced) {
        Py_BEGIN_ALLOW_THREADS
        stop_helpers(s);
        Py_END_ALLOW_THREADS
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->wake);
        pthread_cond_destroy(&s->settled);
        pthread_cond_destroy(&s->resume);
    }
    free_slots(s, s->slots, s->size);
    for (int i = 0; i < MAX_THREADS; i++) {
        free(s->workers[i].moves);
        free(s->workers[i].behind);
    }
    free(s->marks);
    subsets_free(s->subsets);
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
    {"save_table", (PyCFunction)Search_save_table, METH_VARARGS,
     "save_table(path, tag=b''): write the table to the file at path (its entries, the numbers, the tag:\n"
     "at most 256 bytes naming the search); the number of entries written. Between searches, or from the\n"
     "budget's check during one (the other threads wait meanwhile)."},
    {"load_table", (PyCFunction)Search_load_table, METH_VARARGS,
     "load_table(path, tag=b''): store the entries of a table saved by a search of the same numbers with\n"
     "the same tag (ValueError for another search's file or a damaged one); the number of entries loaded.\n"
     "Between searches."},
    {"table_stats", (PyCFunction)Search_table_stats, METH_NOARGS,
     "table_stats(): wide (two-word slots), entries, slots, max_slots (the memory bound), sweeps, entries\n"
     "dropped, threads, thread_nodes (the nodes each thread searched), subset_table (its bytes, 0 if none)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Positions searched (expanded) so far, by every thread.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "catchup_notation._numcore.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(values, gap_offset, memory_bytes, check=None, check_every=512, wide=False, threads=1,\n"
              "help_after=2048, subset_table=False, presize=False): the proof search over positions of one multiset (values\n"
              "ascending, at most 64 of them, each below 2^31; gaps within +-gap_offset), its table bounded by\n"
              "memory_bytes (two-word slots with wide, else where the keys need them; those searches run on one\n"
              "thread); check(nodes) is called every check_every nodes (a budget's check). With several threads,\n"
              "the helpers join a question once the caller's thread has searched help_after nodes of it (0: at\n"
              "once). With subset_table (at most 31 numbers, each at most 31, the table in a quarter of\n"
              "memory_bytes; one thread), odd games are answered from a table of every subset instead. With presize,\n"
              "the table is made at its largest size at once (else it starts small and doubles as it fills).",
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
        PyModule_AddIntConstant(m, "MAX_THREADS", MAX_THREADS) < 0) {
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
