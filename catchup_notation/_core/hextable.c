/* The transposition table (see hextable.h): allocation and growth. */
#include "hextable.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#define FIRST_BUCKETS ((size_t)1 << 12)

/* Ask for huge pages on a large table where the system gives them on request: a probe is a
 * random access, and with 4 KB pages most probes of a large table also miss the TLB. */
static void advise_huge(void *start, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)1 << 21;
    uintptr_t from = ((uintptr_t)start + huge - 1) & ~(huge - 1), to = ((uintptr_t)start + bytes) & ~(huge - 1);
    if (to > from) madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
    (void)start;
    (void)bytes;
#endif
}

int table_init(hex_table *table, size_t max_bytes) {
    memset(table, 0, sizeof *table);
    size_t most = FIRST_BUCKETS;
    while (table_bytes(most * 2) <= max_bytes) most *= 2;
    table->max_buckets = most;
    table->buckets = FIRST_BUCKETS < most ? FIRST_BUCKETS : most;
    table->entries = calloc(table->buckets * BUCKET, sizeof(table_entry));
    return table->entries ? 0 : -1;
}

void table_free(hex_table *table) {
    free(table->entries);
    table->entries = NULL;
    table->buckets = table->used = 0;
}

/* Double the buckets and split each old bucket between itself and its twin in the new half: one
 * realloc (which large blocks do without a copy, by remapping), so growing never holds two tables.
 * Returns -1 (the table unchanged, and kept at its size from now on) without the memory. */
int table_grow(hex_table *table) {
    size_t old_buckets = table->buckets;
    table_entry *grown = realloc(table->entries, table_bytes(old_buckets * 2));
    if (grown == NULL) {
        table->max_buckets = old_buckets;
        return -1;
    }
    advise_huge(grown, table_bytes(old_buckets * 2));
    memset(grown + old_buckets * BUCKET, 0, table_bytes(old_buckets));
    table->entries = grown;
    table->buckets = old_buckets * 2;
    table->grown++;
    for (size_t b = 0; b < old_buckets; b++) {
        table_entry *bucket = grown + b * BUCKET, *twin = grown + (b + old_buckets) * BUCKET;
        int kept = 0, moved = 0;
        for (int i = 0; i < BUCKET; i++) {
            table_entry e = bucket[i];
            if (!(e.meta & META_USED)) continue;
            if (table_index(table, e.m1, e.m2, e.rule) == b * BUCKET)
                bucket[kept++] = e;
            else
                twin[moved++] = e;
        }
        for (int i = kept; i < BUCKET; i++) bucket[i].meta = 0;
    }
    return 0;
}
