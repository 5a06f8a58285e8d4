/* The number-set core's subset table: the exact value of odd games of small sets, one entry for
 * every subset of the numbers (see numsubsets.c). */
#ifndef CATCHUP_NUMSUBSETS_H
#define CATCHUP_NUMSUBSETS_H

#include <stddef.h>
#include <stdint.h>

/* The most numbers, and the largest number, a subset table takes. */
#define SUBSETS_MAX_NUMBERS 31
#define SUBSETS_MAX_VALUE 31
/* The largest gap (deficit) a position it answers may have. */
#define SUBSETS_MAX_GAP 31

typedef struct SubsetTable SubsetTable;

/* How the table counts its nodes and checks its budget: `*nodes` is counted up, and each time it
 * reaches `*next_check`, that moves `every` nodes on and `check(context)` runs: 0 to go on, or a
 * negative code that stops the search and is returned. */
typedef struct {
    uint64_t *nodes;
    uint64_t *next_check;
    uint64_t every;
    int (*check)(void *context);
    void *context;
} SubsetBudget;

/* The bytes a table of `count` numbers takes (its entries; its header is small). */
size_t subsets_bytes(int count);

/* Whether the numbers (ascending, `count` of them) fit a table: at most SUBSETS_MAX_NUMBERS, each
 * at most SUBSETS_MAX_VALUE. */
int subsets_fit(const int64_t *values, int count);

/* A table for the numbers (which must fit), its entries zeroed; NULL without the memory. */
SubsetTable *subsets_new(const int64_t *values, int count);

void subsets_free(SubsetTable *table);

/* Whether the table answers a position `gap` behind with numbers summing to `sum` left: an odd game
 * (sum + gap odd: no draw is possible) within the table's gaps. */
int subsets_answer(int64_t gap, int64_t sum);

/* Does the mover, `gap` behind with the numbers of `mask` left (summing to `sum`), win? 1 or 0, or
 * the budget's negative code. The position must be one the table answers. */
int subsets_wins(SubsetTable *table, uint32_t mask, int gap, int sum, const SubsetBudget *budget);

#endif
