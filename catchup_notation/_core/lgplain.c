/* Little Golem's plain records, scanned for judging in one pass (see lgplain.h).
 *
 * What is read here is a subset of what formats/lg.py's plain path reads (core_scan_plain and
 * core_scan_moves in hexcore.c): where this says 1, that path reads the same game into the same
 * headers and turns with no warning. Anything else says 0, and the Python reader takes the game. */
#include "lgplain.h"

#define AT(k) PyUnicode_READ(kind, data, (k))

static inline int blank(Py_UCS4 c) { return c == ' ' || c == '\t' || c == '\n'; }

static inline int letter(Py_UCS4 c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

static int push(lg_ints *a, int32_t value) {
    if (a->count >= a->room) {
        Py_ssize_t room = a->room ? 2 * a->room : 256;
        int32_t *grown = PyMem_Realloc(a->items, sizeof(int32_t) * (size_t)room);
        if (!grown) return -1;
        a->items = grown;
        a->room = room;
    }
    a->items[a->count++] = value;
    return 0;
}

/* Whether the property name at [start, end) is `name` (ASCII, exact case). */
static int named(int kind, const void *data, Py_ssize_t start, Py_ssize_t end, const char *name) {
    Py_ssize_t length = (Py_ssize_t)strlen(name);
    if (end - start != length) return 0;
    for (Py_ssize_t k = 0; k < length; k++)
        if (AT(start + k) != (Py_UCS4)(unsigned char)name[k]) return 0;
    return 1;
}

static int same_name(int kind, const void *data, lg_span a, lg_span b) {
    if (a.end - a.start != b.end - b.start) return 0;
    for (Py_ssize_t k = 0; k < a.end - a.start; k++)
        if (AT(a.start + k) != AT(b.start + k)) return 0;
    return 1;
}

/* Property names a simple root may hold (more are left to Python). */
#define MAX_NAMES 64

/* The scans below are written once for any kind of string and inlined into each entry point with
 * the kind fixed (a 1-byte text, the usual case, then reads a byte a character with no switch). */
#if defined(__GNUC__) || defined(__clang__)
#define INLINE static inline __attribute__((always_inline))
#else
#define INLINE static inline
#endif

INLINE int scan_root(int kind, const void *data, Py_ssize_t n, Py_ssize_t p, lg_root *root) {
    static const lg_span none = {-1, -1};
    lg_span names[MAX_NAMES];
    int count = 0;
    root->pw = root->pb = root->sz = root->re = none;
    Py_ssize_t i = p + 1;
    if (p >= n || AT(p) != '(') return 0;
    while (i < n && blank(AT(i))) i++;
    if (i >= n || AT(i) != ';') return 0;
    i++;
    for (;;) { /* properties: blanks, a name, one value right after it */
        while (i < n && blank(AT(i))) i++;
        if (i >= n || !letter(AT(i))) break;
        lg_span name = {i, i};
        while (i < n && letter(AT(i))) i++;
        name.end = i;
        if (i >= n || AT(i) != '[') return 0; /* blanks before a value, or none */
        lg_span value = {++i, 0};
        for (; i < n && AT(i) != ']'; i++)
            if (AT(i) == '\\' || AT(i) == '(' || AT(i) == ')') return 0;
        if (i >= n) return 0;
        value.end = i++;
        Py_ssize_t after = i;
        while (after < n && blank(AT(after))) after++;
        if (after < n && AT(after) == '[') return 0; /* a second value */
        if (count == MAX_NAMES || named(kind, data, name.start, name.end, "W") ||
            named(kind, data, name.start, name.end, "B") || named(kind, data, name.start, name.end, "XB"))
            return 0;
        for (int k = 0; k < count; k++)
            if (same_name(kind, data, names[k], name)) return 0;
        names[count++] = name;
        if (named(kind, data, name.start, name.end, "PW")) root->pw = value;
        if (named(kind, data, name.start, name.end, "PB")) root->pb = value;
        if (named(kind, data, name.start, name.end, "SZ")) root->sz = value;
        if (named(kind, data, name.start, name.end, "RE")) root->re = value;
    }
    root->moves = i;
    return 1;
}

/* Whether the value at `i` is exactly `resign]`. */
static int resignation(int kind, const void *data, Py_ssize_t n, Py_ssize_t i) {
    static const char word[] = "resign]";
    if (n - i < (Py_ssize_t)sizeof word - 1) return 0;
    for (Py_ssize_t k = 0; k < (Py_ssize_t)sizeof word - 1; k++)
        if (AT(i + k) != (Py_UCS4)word[k]) return 0;
    return 1;
}

INLINE int scan_moves(int kind, const void *data, Py_ssize_t n, const lg_root *root, const int32_t *labels,
                      Py_ssize_t max_turns, lg_moves *moves) {
    Py_ssize_t i = root->moves, nodes = 0;
    int previous = 0;
    moves->turns.count = 0;
    moves->first = 1;
    moves->resigned = 0;
    moves->count = 0;
    while (i < n && AT(i) == ';') { /* ; blanks W|B blanks [value] blanks */
        if (++nodes > max_turns || moves->resigned) return 0; /* a node after resigning: the grammar's error */
        for (i++; i < n && blank(AT(i)); i++) {
        }
        if (i >= n || (AT(i) != 'W' && AT(i) != 'B')) return 0;
        int colour = AT(i) == 'W' ? 1 : 2;
        for (i++; i < n && blank(AT(i)); i++) {
        }
        if (i >= n || AT(i) != '[') return 0;
        i++;
        if (resignation(kind, data, n, i)) {
            moves->resigned = colour;
            i += 7;
        } else {
            if (colour == previous) return 0; /* two nodes of one colour: merged, with a warning */
            if (!previous) moves->first = colour;
            previous = colour;
            Py_ssize_t at = moves->turns.count;
            if (push(&moves->turns, 0) < 0) return -1;
            int32_t stones = 0;
            while (i < n && AT(i) != ']') {
                Py_UCS4 c = AT(i);
                if (!letter(c) || i + 1 >= n) return 0;
                int row = (int)((c | 0x20) - 'a'), number = 0, digits = 0;
                for (i++; i < n && AT(i) >= '0' && AT(i) <= '9'; i++, digits++)
                    if (digits < 2) number = 10 * number + (int)(AT(i) - '0'); /* more digits: refused below */
                if (digits < 1 || digits > 2) return 0;
                if (push(&moves->turns, labels[row * LG_NUMBERS + number]) < 0) return -1;
                stones++;
            }
            if (i >= n) return 0;
            moves->turns.items[at] = stones;
            moves->count++;
            i++;
        }
        while (i < n && blank(AT(i))) i++;
    }
    if (i >= n || AT(i) != ')') return 0;
    moves->end = i + 1;
    return 1;
}

int lg_scan_root(int kind, const void *data, Py_ssize_t n, Py_ssize_t p, lg_root *root) {
    if (kind == PyUnicode_1BYTE_KIND) return scan_root(PyUnicode_1BYTE_KIND, data, n, p, root);
    return scan_root(kind, data, n, p, root);
}

int lg_scan_moves(int kind, const void *data, Py_ssize_t n, const lg_root *root, const int32_t *labels,
                  Py_ssize_t max_turns, lg_moves *moves) {
    if (kind == PyUnicode_1BYTE_KIND) return scan_moves(PyUnicode_1BYTE_KIND, data, n, root, labels, max_turns, moves);
    return scan_moves(kind, data, n, root, labels, max_turns, moves);
}
