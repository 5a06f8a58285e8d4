/* Group geometry on masks of empty cells (see hexgeo.h). */
#include "hexgeo.h"

/* The byte tables of neighbours (after near[] is set). */
void geo_prepare(hex_geo *geo) {
    geo->chunks = (geo->n + 7) / 8;
    for (int c = 0; c < 8; c++) {
        geo->around[c][0] = 0;
        for (int byte = 1; byte < 256; byte++) {
            int bit = c * 8 + lowest_bit((mask_t)byte);
            geo->around[c][byte] = geo->around[c][byte & (byte - 1)] | (bit < geo->n ? geo->near[bit] : 0);
        }
    }
}

/* The cells next to `mask` (and in it). */
static inline mask_t ring(const hex_geo *geo, mask_t mask) {
    mask_t out = mask;
    for (int c = 0; mask; c++, mask >>= 8) out |= geo->around[c][mask & 255];
    return out;
}

/* The component of `region` holding `seed`, where no fixed group joins cells: grown ring by ring. */
static inline mask_t component(const hex_geo *geo, mask_t seed, mask_t region) {
    mask_t comp = seed, frontier = seed;
    while (frontier) {
        mask_t grown = ring(geo, frontier) & region & ~comp;
        comp |= grown;
        frontier = grown;
    }
    return comp;
}

/* parts(): the groups holding the colour's stones `mask`, in the order of their lowest cell. */
int geo_parts(const hex_geo *geo, int colour, mask_t mask, hex_part *out) {
    int count = 0;
    const mask_t *near = geo->near, *touch = geo->touch[colour], *group_near = geo->group_near[colour];
    const int *sizes = geo->group_size[colour];
    int fixed = geo->fixed[colour];
    mask_t rest = mask;
    if (!fixed) {
        while (rest) {
            mask_t comp = component(geo, rest & -rest, mask);
            rest &= ~comp;
            out[count].cells = comp;
            out[count].size = popcount64(comp);
            out[count].groups = 0;
            count++;
        }
        return count;
    }
    while (rest) {
        mask_t comp = rest & -rest, frontier = comp, groups = 0;
        while (frontier) {
            int k = lowest_bit(frontier);
            frontier &= frontier - 1;
            mask_t grow = near[k] & mask & ~comp;
            if (fixed) {
                mask_t fresh = touch[k] & ~groups;
                groups |= fresh;
                while (fresh) {
                    grow |= group_near[lowest_bit(fresh)] & mask & ~comp;
                    fresh &= fresh - 1;
                }
            }
            comp |= grow;
            frontier |= grow;
        }
        rest &= ~comp;
        int size = popcount64(comp);
        for (mask_t g = groups; g; g &= g - 1) size += sizes[lowest_bit(g)];
        out[count].cells = comp;
        out[count].size = size;
        out[count].groups = groups;
        count++;
    }
    return count;
}

static void sort_descending(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] < v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

/* groups(): every group size of the colour, largest first, into `out` (geo->list_room); their number. */
int geo_groups(const hex_geo *geo, int colour, mask_t mask, int *out) {
    hex_part parts[MAX_CELLS];
    int dynamic[MAX_CELLS + MAX_FIXED];
    int count = 0;
    int found = geo_parts(geo, colour, mask, parts);
    mask_t merged = 0;
    for (int i = 0; i < found; i++) {
        merged |= parts[i].groups;
        dynamic[count++] = parts[i].size;
    }
    for (int j = 0; j < geo->fixed[colour]; j++)
        if (!(merged >> j & 1)) dynamic[count++] = geo->group_size[colour][j];
    sort_descending(dynamic, count);
    /* merged with the closed groups, already in order */
    const int *closed = geo->untouched[colour];
    int closed_count = geo->untouched_count[colour], i = 0, j = 0, k = 0;
    while (i < count || j < closed_count) {
        if (j >= closed_count || (i < count && dynamic[i] >= closed[j]))
            out[k++] = dynamic[i++];
        else
            out[k++] = closed[j++];
    }
    return k;
}

/* The colour's largest group (0 without any): groups()[0]. */
int geo_largest(const hex_geo *geo, int colour, mask_t mask) {
    int best = geo->untouched_count[colour] ? geo->untouched[colour][0] : 0;
    if (!geo->fixed[colour]) { /* components alone; one larger than the rest of the mask ends it */
        mask_t rest = mask;
        while (rest && popcount64(rest) > best) {
            mask_t comp = component(geo, rest & -rest, mask);
            int size = popcount64(comp);
            if (size > best) best = size;
            rest &= ~comp;
        }
        return best;
    }
    hex_part parts[MAX_CELLS];
    int found = geo_parts(geo, colour, mask, parts);
    mask_t merged = 0;
    for (int i = 0; i < found; i++) {
        merged |= parts[i].groups;
        if (parts[i].size > best) best = parts[i].size;
    }
    for (int j = 0; j < geo->fixed[colour]; j++)
        if (!(merged >> j & 1) && geo->group_size[colour][j] > best) best = geo->group_size[colour][j];
    return best;
}

/* open_and_closed(): the size of the colour's largest group that still touches a cell of `free`
 * (into largest_open), and the sizes of its groups that touch none, largest first (into `closed`,
 * room for geo->list_room); returns how many closed groups. */
int geo_open_and_closed(const hex_geo *geo, int colour, mask_t mask, mask_t free, int *closed, int *largest_open) {
    hex_part parts[MAX_CELLS];
    int found = geo_parts(geo, colour, mask, parts);
    int count = 0, open = 0;
    for (int i = 0; i < geo->untouched_count[colour]; i++) closed[count++] = geo->untouched[colour][i];
    mask_t merged = 0;
    for (int i = 0; i < found; i++) {
        merged |= parts[i].groups;
        mask_t reach = 0;
        for (mask_t bits = parts[i].cells; bits; bits &= bits - 1) reach |= geo->near[lowest_bit(bits)];
        for (mask_t g = parts[i].groups; g; g &= g - 1) reach |= geo->group_near[colour][lowest_bit(g)];
        if (reach & free) {
            if (parts[i].size > open) open = parts[i].size;
        } else {
            closed[count++] = parts[i].size;
        }
    }
    for (int j = 0; j < geo->fixed[colour]; j++) {
        if (merged >> j & 1) continue;
        int size = geo->group_size[colour][j];
        if (geo->group_near[colour][j] & free) {
            if (size > open) open = size;
        } else {
            closed[count++] = size;
        }
    }
    sort_descending(closed, count);
    *largest_open = open;
    return count;
}

/* The largest of the groups holding new stones `cells` of a colour with stones `mine` on empty
 * cells (turn_sizes() as a constraint reads it: only its largest matters). */
int geo_new_top(const hex_geo *geo, int colour, mask_t mine, mask_t cells) {
    hex_part parts[MAX_CELLS];
    int found = geo_parts(geo, colour, mine | cells, parts), top = 0;
    for (int i = 0; i < found; i++)
        if ((parts[i].cells & cells) && parts[i].size > top) top = parts[i].size;
    return top;
}
