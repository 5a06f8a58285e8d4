/* The transposition table (see hextable.h): allocation, growth, files. */
#define _GNU_SOURCE /* madvise's advice names and mremap under -std=c11 */
#include "hextable.h"

#include <stdio.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

/* Large tables are mapped memory of their own on Linux, grown by mremap: no copy and no second
 * table while growing (a realloc of a block from the heap copies it into a new one, which a
 * memory cap of the bound plus a little refuses). Elsewhere, malloc and realloc. */
#if defined(__linux__) && defined(MREMAP_MAYMOVE)
#define MAPPED 1
static void *table_alloc(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}
static void *table_realloc(void *old, size_t old_bytes, size_t bytes) {
    void *p = mremap(old, old_bytes, bytes, MREMAP_MAYMOVE);
    return p == MAP_FAILED ? NULL : p;
}
static void table_release(void *p, size_t bytes) {
    if (p) munmap(p, bytes);
}
#else
static void *table_alloc(size_t bytes) { return calloc(bytes, 1); }
static void *table_realloc(void *old, size_t old_bytes, size_t bytes) {
    (void)old_bytes;
    return realloc(old, bytes);
}
static void table_release(void *p, size_t bytes) {
    (void)bytes;
    free(p);
}
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
    size_t most = 1; /* the most buckets within the bound (at least one) */
    while (table_bytes(most * 2) <= max_bytes) most *= 2;
    table->max_buckets = most;
    table->buckets = FIRST_BUCKETS < most ? FIRST_BUCKETS : most;
    table->entries = table_alloc(table_bytes(table->buckets)); /* zeroed: mapped pages, or calloc */
    return table->entries ? 0 : -1;
}

void table_free(hex_table *table) {
    table_release(table->entries, table_bytes(table->buckets));
    table->entries = NULL;
    table->buckets = table->used = 0;
}

/* Double the buckets and split each old bucket between itself and its twin in the new half: one
 * realloc (which large blocks do without a copy, by remapping), so growing never holds two tables.
 * Returns -1 (the table unchanged, and kept at its size from now on) without the memory. */
int table_grow(hex_table *table) {
    size_t old_buckets = table->buckets;
    table_entry *grown = table_realloc(table->entries, table_bytes(old_buckets), table_bytes(old_buckets * 2));
    if (grown == NULL) {
        table->max_buckets = old_buckets;
        return -1;
    }
    advise_huge(grown, table_bytes(old_buckets * 2));
#ifndef MAPPED /* mremap's new pages are zero already */
    memset(grown + old_buckets * BUCKET, 0, table_bytes(old_buckets));
#endif
    table->entries = grown;
    table->buckets = old_buckets * 2;
    table->grown++;
    for (size_t b = 0; b < old_buckets; b++) {
        table_entry *bucket = grown + b * BUCKET, *twin = grown + (b + old_buckets) * BUCKET;
        int kept = 0, moved = 0;
        for (int i = 0; i < BUCKET; i++) {
            table_entry e = bucket[i];
            if (!(e.meta & META_USED)) continue;
            if (table_bucket(table, table_hash(e.m1, e.m2, e.rule), (e.meta & META_SECOND) != 0) == bucket)
                bucket[kept++] = e;
            else
                twin[moved++] = e;
        }
        for (int i = kept; i < BUCKET; i++) bucket[i].meta = 0;
    }
    return 0;
}

/* Moves of entries to their other bucket tried before a store gives up on making room. */
#define KICKS 64

/* Put a new entry (its key not in the table) where it fits: a free slot of its buckets, else
 * room made by moving entries on (cuckoo), else after doubling, else (at the bound) in place of
 * the cheapest of its buckets. Returns 1 when an entry was replaced. */
int table_insert(hex_table *table, table_entry entry) {
    uint64_t hash = table_hash(entry.m1, entry.m2, entry.rule);
    for (;;) {
        for (int which = 0; which < 2; which++) {
            table_entry *bucket = table_bucket(table, hash, which);
            for (int i = 0; i < BUCKET; i++)
                if (!(bucket[i].meta & META_USED)) {
                    entry.meta = (entry.meta & ~META_SECOND) | (which ? META_SECOND : 0);
                    bucket[i] = entry;
                    table->used++;
                    return 0;
                }
        }
        /* Both full: carry entries on to their other bucket. If no room turns up, the last entry
         * carried is still in hand, and goes in once the table has grown. */
        table_entry carried = entry;
        uint64_t carried_hash = hash;
        int which = (int)(table->kicks & 1);
        /* a full table at its bound has no room to find: replace at once */
        int kicks = table->buckets < table->max_buckets || table->used * 20 < table->buckets * BUCKET * 19 ? KICKS : 0;
        for (int kick = 0; kick < kicks; kick++) {
            table_entry *bucket = table_bucket(table, carried_hash, which);
            int slot = (int)((table->kicks++ >> 1) % BUCKET);
            table_entry out = bucket[slot];
            carried.meta = (carried.meta & ~META_SECOND) | (which ? META_SECOND : 0);
            bucket[slot] = carried;
            carried = out;
            carried_hash = table_hash(carried.m1, carried.m2, carried.rule);
            which = !(carried.meta & META_SECOND); /* its other bucket */
            table_entry *other = table_bucket(table, carried_hash, which);
            for (int i = 0; i < BUCKET; i++)
                if (!(other[i].meta & META_USED)) {
                    carried.meta = (carried.meta & ~META_SECOND) | (which ? META_SECOND : 0);
                    other[i] = carried;
                    table->used++;
                    return 0;
                }
        }
        entry = carried;
        hash = carried_hash;
        if (table->buckets < table->max_buckets && table_grow(table) == 0) continue;
        /* at the bound: the cheapest of the two buckets makes room */
        table_entry *cheapest = NULL;
        int where = 0;
        for (int b = 0; b < 2; b++) {
            table_entry *bucket = table_bucket(table, hash, b);
            for (int i = 0; i < BUCKET; i++)
                if (cheapest == NULL || entry_work(bucket + i) < entry_work(cheapest)) {
                    cheapest = bucket + i;
                    where = b;
                }
        }
        if (entry_work(cheapest) <= entry_work(&entry)) {
            entry.meta = (entry.meta & ~META_SECOND) | (where ? META_SECOND : 0);
            *cheapest = entry;
        }
        table->replaced++;
        return 1;
    }
}

/* A table in a file, to stop a long search and resume it: a header (a tag naming what was
 * searched, the table's shape and counters), then the entries as they lie in memory. The file is
 * only read back by the same build on the same kind of machine (the header says so). */
#define SAVE_MAGIC "catchup-hextable"
#define SAVE_VERSION 1
#define TAG_ROOM 256

typedef struct {
    char magic[16];
    uint32_t version, entry_bytes, bucket, tag_length;
    uint64_t buckets, max_buckets, used, replaced, grown, kicks;
    char tag[TAG_ROOM];
} save_header;

int table_save(const hex_table *table, FILE *out, const char *tag, size_t tag_length) {
    save_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, SAVE_MAGIC, sizeof h.magic);
    h.version = SAVE_VERSION;
    h.entry_bytes = (uint32_t)sizeof(table_entry);
    h.bucket = BUCKET;
    if (tag_length > TAG_ROOM) return -1;
    h.tag_length = (uint32_t)tag_length;
    memcpy(h.tag, tag, tag_length);
    h.buckets = table->buckets;
    h.max_buckets = table->max_buckets;
    h.used = table->used;
    h.replaced = table->replaced;
    h.grown = table->grown;
    h.kicks = table->kicks;
    if (fwrite(&h, sizeof h, 1, out) != 1) return -1;
    size_t count = table->buckets * BUCKET;
    return fwrite(table->entries, sizeof(table_entry), count, out) == count ? 0 : -1;
}

/* Read a table saved for `tag`: 0, -1 on a read error, -2 for a file of another search or build,
 * -3 for a table larger than this one's bound (the table is unchanged but for a read error). */
int table_load(hex_table *table, FILE *in, const char *tag, size_t tag_length) {
    save_header h;
    if (fread(&h, sizeof h, 1, in) != 1) return -1;
    if (memcmp(h.magic, SAVE_MAGIC, sizeof h.magic) || h.version != SAVE_VERSION ||
        h.entry_bytes != sizeof(table_entry) || h.bucket != BUCKET || h.tag_length != tag_length ||
        memcmp(h.tag, tag, tag_length) || !h.buckets || (h.buckets & (h.buckets - 1)))
        return -2;
    if (h.buckets > table->max_buckets) return -3;
    table_entry *entries = table_realloc(table->entries, table_bytes(table->buckets), table_bytes(h.buckets));
    if (!entries) return -1;
    table->entries = entries;
    table->buckets = h.buckets;
    advise_huge(entries, table_bytes(h.buckets));
    size_t count = h.buckets * BUCKET;
    if (fread(entries, sizeof(table_entry), count, in) != count) {
        memset(entries, 0, table_bytes(h.buckets));
        table->used = 0;
        return -1;
    }
    table->used = h.used;
    table->replaced = h.replaced;
    table->grown = h.grown;
    table->kicks = h.kicks;
    return 0;
}
