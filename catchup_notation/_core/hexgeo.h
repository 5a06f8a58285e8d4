/* The frozen part of a position the search keeps: the stones already on the board at the root
 * (their groups fixed), the empty cells (bit k = the k-th empty cell in board order, at most 64),
 * and the groups any filling of the empty cells makes. The mirror of hexsolve/geometry.py.
 *
 * The groups of a colour whose stones on empty cells are `mask` are the components of `mask`
 * joined through the fixed groups its cells touch (a flood fill over neighbour masks), plus the
 * fixed groups it does not touch. */
#ifndef HEXGEO_H
#define HEXGEO_H

#include "hexbits.h"

#define MAX_CELLS 64
#define MAX_FIXED 64 /* fixed groups of a colour that touch an empty cell */

typedef struct {
    int n;
    mask_t full;
    mask_t near[MAX_CELLS]; /* empty neighbours of each empty cell */
    int fixed[3];           /* per colour: fixed groups touching an empty cell */
    mask_t touch[3][MAX_CELLS];
    int group_size[3][MAX_FIXED];
    mask_t group_near[3][MAX_FIXED];
    int untouched_count[3]; /* per colour: fixed groups touching no empty cell (closed), */
    int *untouched[3];      /* their sizes, largest first */
    int list_room;          /* the longest group list a colour can have */
    int chunks;             /* bytes of a mask: ceil(n / 8) */
    mask_t around[8][256];  /* the neighbours of each byte's cells: a ring of a region in a few look-ups */
} hex_geo;

void geo_prepare(hex_geo *geo);

/* One group holding stones on empty cells: its cells, size (with its fixed groups), fixed groups. */
typedef struct {
    mask_t cells;
    int size;
    mask_t groups;
} hex_part;

int geo_parts(const hex_geo *geo, int colour, mask_t mask, hex_part *out);
int geo_groups(const hex_geo *geo, int colour, mask_t mask, int *out);
int geo_largest(const hex_geo *geo, int colour, mask_t mask);
int geo_open_and_closed(const hex_geo *geo, int colour, mask_t mask, mask_t free, int *closed, int *largest_open);
int geo_new_top(const hex_geo *geo, int colour, mask_t mine, mask_t cells);

#endif
