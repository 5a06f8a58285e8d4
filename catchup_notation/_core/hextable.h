/* The search's transposition table: one flat array of 4-entry buckets with a bound on its bytes.
 *
 * An entry keeps a position's key (both colour masks in their canonical frame and a word of the
 * rule state), the bounds on its value (each -1, 0 or 1), the work of the search that found them
 * (nodes below the position) and its best turn. As in the Python table (hexsolve/table.py) a store
 * intersects the new bounds with what was known, adds up the work, and keeps an old best turn
 * where the new search found none. The table starts small and doubles whenever a store finds its
 * bucket full, up to its bound, so that below the bound no entry is ever lost (the Python table
 * keeps everything below its capacity too, and the two searches stay node for node the same); at
 * the bound a store into a full bucket replaces the entry whose search was cheapest, so what
 * costs most to recompute stays. */
#ifndef HEXTABLE_H
#define HEXTABLE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hexbits.h"

#define BUCKET 4
#define WORK_BITS 26
#define WORK_MAX ((1u << WORK_BITS) - 1)
#define META_USED (1u << 4)
#define META_BEST2 (1u << 5) /* the best turn's stones are colour 2 */

typedef struct {
    mask_t m1, m2, best;
    uint32_t rule;
    uint32_t meta; /* low + 1 (2 bits), high + 1 (2 bits), used, best's colour, work */
} table_entry;

typedef struct {
    table_entry *entries;
    size_t buckets, max_buckets; /* powers of 2 */
    size_t used;                 /* entries in use */
    uint64_t replaced;           /* stores that pushed out another position's entry */
    uint64_t grown;              /* doublings */
} hex_table;

/* The bytes of a table of `buckets` buckets. */
static inline size_t table_bytes(size_t buckets) { return buckets * BUCKET * sizeof(table_entry); }

int table_init(hex_table *table, size_t max_bytes);
void table_free(hex_table *table);
int table_grow(hex_table *table);

static inline size_t table_index(const hex_table *table, mask_t m1, mask_t m2, uint32_t rule) {
    uint64_t h = m1 * 0x9E3779B97F4A7C15ULL;
    h ^= (m2 + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (uint64_t)rule * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (size_t)(h & (table->buckets - 1)) * BUCKET;
}

static inline table_entry *table_find(const hex_table *table, mask_t m1, mask_t m2, uint32_t rule) {
    table_entry *bucket = table->entries + table_index(table, m1, m2, rule);
    for (int i = 0; i < BUCKET; i++) {
        table_entry *e = bucket + i;
        if ((e->meta & META_USED) && e->m1 == m1 && e->m2 == m2 && e->rule == rule) return e;
    }
    return NULL;
}

static inline int entry_low(const table_entry *e) { return (int)(e->meta & 3) - 1; }
static inline int entry_high(const table_entry *e) { return (int)(e->meta >> 2 & 3) - 1; }
static inline uint32_t entry_work(const table_entry *e) { return e->meta >> 6; }

/* Record bounds [low, high] found by a search of `work` nodes, intersected with what was known;
 * `best` the best turn's cells (0: none), `best2` whether they are colour 2. A table that cannot
 * grow for want of memory goes on at its size. */
static inline void table_store(hex_table *table, mask_t m1, mask_t m2, uint32_t rule, int low, int high, uint64_t work,
                               mask_t best, int best2) {
    table_entry *e = table_find(table, m1, m2, rule);
    if (e != NULL) {
        if (entry_low(e) > low) low = entry_low(e);
        if (entry_high(e) < high) high = entry_high(e);
        work += entry_work(e);
        if (!best) {
            best = e->best;
            best2 = (e->meta & META_BEST2) != 0;
        }
    } else {
        for (;;) {
            table_entry *bucket = table->entries + table_index(table, m1, m2, rule);
            for (int i = 0; i < BUCKET && !e; i++)
                if (!(bucket[i].meta & META_USED)) e = bucket + i;
            if (e) {
                table->used++;
                break;
            }
            /* a full bucket: grow while under the bound (so that below it nothing is ever lost,
             * as in the Python table), else the cheapest search makes room */
            if (table->buckets < table->max_buckets && table_grow(table) == 0) continue;
            e = bucket;
            for (int i = 1; i < BUCKET; i++)
                if (entry_work(bucket + i) < entry_work(e)) e = bucket + i;
            table->replaced++;
            break;
        }
        e->m1 = m1;
        e->m2 = m2;
        e->rule = rule;
    }
    uint32_t w = work > WORK_MAX ? WORK_MAX : (uint32_t)work;
    e->best = best;
    e->meta = (uint32_t)(low + 1) | (uint32_t)(high + 1) << 2 | META_USED | (best2 ? META_BEST2 : 0) | w << 6;
}

#endif
