/* The search's transposition table: one flat array of 4-entry buckets with a bound on its bytes.
 *
 * An entry keeps a position's key (both colour masks in their canonical frame and a word of the
 * rule state), the bounds on its value (each -1, 0 or 1), the work of the search that found them
 * (nodes below the position) and its best turn. As in the Python table (hexsolve/table.py) a store
 * intersects the new bounds with what was known, adds up the work, and keeps an old best turn
 * where the new search found none.
 *
 * A key lives in either of two buckets (two hashes, bucketed cuckoo hashing): a store into two
 * full buckets moves entries on to their other bucket to make room, which fills the table to
 * about 90% before that fails. Then the table doubles, up to its bound, so that below the bound no
 * entry is ever lost (the Python table keeps everything below its capacity too, and the two
 * searches stay node for node the same); at the bound the entry whose search was cheapest of the
 * two buckets makes room, so what costs most to recompute stays. Doubling splits each bucket in
 * place (an entry stays or moves to its twin in the new half), after one realloc, so growing
 * never holds two tables. */
#ifndef HEXTABLE_H
#define HEXTABLE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hexbits.h"

#define BUCKET 4
#define WORK_BITS 25
#define WORK_MAX ((1u << WORK_BITS) - 1)
#define META_USED (1u << 4)
#define META_BEST2 (1u << 5)  /* the best turn's stones are colour 2 */
#define META_SECOND (1u << 6) /* the entry is in its second bucket */
#define WORK_SHIFT 7

typedef struct {
    mask_t m1, m2, best;
    uint32_t rule;
    uint32_t meta; /* low + 1 (2 bits), high + 1 (2 bits), used, best's colour, second bucket, work */
} table_entry;

typedef struct {
    table_entry *entries;
    size_t buckets, max_buckets; /* powers of 2 */
    size_t used;                 /* entries in use */
    uint64_t replaced;           /* stores that pushed out another position's entry */
    uint64_t grown;              /* doublings */
    uint64_t kicks;              /* entries moved on to their other bucket */
} hex_table;

/* The bytes of a table of `buckets` buckets. */
static inline size_t table_bytes(size_t buckets) { return buckets * BUCKET * sizeof(table_entry); }

int table_init(hex_table *table, size_t max_bytes);
void table_free(hex_table *table);
int table_grow(hex_table *table);
int table_save(const hex_table *table, FILE *out, const char *tag, size_t tag_length);
int table_load(hex_table *table, FILE *in, const char *tag, size_t tag_length);

static inline uint64_t table_hash(mask_t m1, mask_t m2, uint32_t rule) {
    uint64_t h = m1 * 0x9E3779B97F4A7C15ULL;
    h ^= (m2 + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (uint64_t)rule * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h;
}

/* The first entry of the key's first (second) bucket: the low (high) half of its hash. */
static inline table_entry *table_bucket(const hex_table *table, uint64_t hash, int second) {
    uint64_t bits = second ? hash >> 32 : hash;
    return table->entries + (size_t)(bits & (table->buckets - 1)) * BUCKET;
}

static inline int entry_is(const table_entry *e, mask_t m1, mask_t m2, uint32_t rule) {
    return (e->meta & META_USED) && e->m1 == m1 && e->m2 == m2 && e->rule == rule;
}

static inline table_entry *table_find(const hex_table *table, mask_t m1, mask_t m2, uint32_t rule) {
    uint64_t hash = table_hash(m1, m2, rule);
    table_entry *first = table_bucket(table, hash, 0), *second = table_bucket(table, hash, 1);
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(second);
#endif
    for (int i = 0; i < BUCKET; i++)
        if (entry_is(first + i, m1, m2, rule)) return first + i;
    for (int i = 0; i < BUCKET; i++)
        if (entry_is(second + i, m1, m2, rule)) return second + i;
    return NULL;
}

static inline int entry_low(const table_entry *e) { return (int)(e->meta & 3) - 1; }
static inline int entry_high(const table_entry *e) { return (int)(e->meta >> 2 & 3) - 1; }
static inline uint32_t entry_work(const table_entry *e) { return e->meta >> WORK_SHIFT; }

int table_insert(hex_table *table, table_entry entry);

/* Record bounds [low, high] found by a search of `work` nodes, intersected with what was known;
 * `best` the best turn's cells (0: none), `best2` whether they are colour 2. A table that cannot
 * grow for want of memory goes on at its size. */
static inline void table_store(hex_table *table, mask_t m1, mask_t m2, uint32_t rule, int low, int high, uint64_t work,
                               mask_t best, int best2) {
    table_entry *e = table_find(table, m1, m2, rule);
    uint32_t second = 0;
    if (e != NULL) {
        if (entry_low(e) > low) low = entry_low(e);
        if (entry_high(e) < high) high = entry_high(e);
        work += entry_work(e);
        if (!best) {
            best = e->best;
            best2 = (e->meta & META_BEST2) != 0;
        }
        second = e->meta & META_SECOND;
    }
    uint32_t w = work > WORK_MAX ? WORK_MAX : (uint32_t)work;
    uint32_t meta = (uint32_t)(low + 1) | (uint32_t)(high + 1) << 2 | META_USED | (best2 ? META_BEST2 : 0) | second |
                    w << WORK_SHIFT;
    if (e != NULL) {
        e->best = best;
        e->meta = meta;
        return;
    }
    table_entry fresh = {m1, m2, best, rule, meta};
    table_insert(table, fresh);
}

#endif
