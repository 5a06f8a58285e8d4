// A plain exact search of Catchup's side-3 board (19 cells), written for comparison with the
// library's compiled solver (benchmarks/bench_side3_map.py compiles and times it): the kind of
// solver that gets the same result by brute force. Bitboards (one 19-bit mask per colour), the 12
// symmetries of the board by look-up tables, a transposition table of canonical positions, and a
// negamax over win/loss (19 cells: a full board always has a winner) that stops at the first
// winning turn. No decided-position bounds, no threats, no move ordering: turns are tried in one
// fixed order (more stones first, then cells in board order), and every game is played to the full
// board.
//
// Rules: catchup-2012 (the first turn places 1 stone; then 1 or 2, or 1 to 3 when the opponent's
// turn just before grew the largest group on the board, the opening stone excepted) or catchup
// (scores start at 1 and become a player's largest group; 1 to 3 when the opponent's score rose on
// the turn before to at least the mover's). The full board is judged by the cascading comparison
// of the two colours' group sizes.
//
//   g++ -O2 -std=c++17 plain_side3.cpp -o plain && ./plain catchup-2012
// prints, per first move (one per symmetry orbit), whether it wins, then the calls made.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr int N = 19;
constexpr uint32_t FULL = (1u << N) - 1;

struct Cell {
    int q, r;
};

std::vector<Cell> cells;
uint32_t near_mask[N];
uint32_t perm_table[12][3][256];  // image of each byte of a mask under each symmetry
bool current_rules = false;       // false: catchup-2012, true: catchup
uint64_t calls = 0;

int index_of(int q, int r) {
    for (int i = 0; i < N; i++)
        if (cells[i].q == q && cells[i].r == r) return i;
    return -1;
}

void make_board() {
    for (int r = -2; r <= 2; r++)
        for (int q = std::max(-2, -2 - r); q <= std::min(2, 2 - r); q++) cells.push_back({q, r});
    const int steps[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}};
    for (int i = 0; i < N; i++)
        for (auto& s : steps) {
            int j = index_of(cells[i].q + s[0], cells[i].r + s[1]);
            if (j >= 0) near_mask[i] |= 1u << j;
        }
    // the 12 symmetries: 6 rotations (q, r) -> (-r, q + r), each with and without the reflection (q, r) -> (r, q)
    int perm[12][N];
    for (int k = 0; k < 12; k++)
        for (int i = 0; i < N; i++) {
            int q = cells[i].q, r = cells[i].r;
            if (k >= 6) std::swap(q, r);
            for (int t = 0; t < k % 6; t++) {
                int nq = -r, nr = q + r;
                q = nq;
                r = nr;
            }
            perm[k][i] = index_of(q, r);
        }
    for (int k = 0; k < 12; k++)
        for (int c = 0; c < 3; c++)
            for (int byte = 0; byte < 256; byte++) {
                uint32_t image = 0;
                for (int b = 0; b < 8; b++)
                    if (byte >> b & 1 && c * 8 + b < N) image |= 1u << perm[k][c * 8 + b];
                perm_table[k][c][byte] = image;
            }
}

inline uint32_t permute(int k, uint32_t m) {
    return perm_table[k][0][m & 255] | perm_table[k][1][m >> 8 & 255] | perm_table[k][2][m >> 16 & 255];
}

// The group of `mask` holding its lowest cell.
uint32_t first_group(uint32_t mask) {
    uint32_t comp = mask & -mask, frontier = comp;
    while (frontier) {
        int k = __builtin_ctz(frontier);
        frontier &= frontier - 1;
        uint32_t grow = near_mask[k] & mask & ~comp;
        comp |= grow;
        frontier |= grow;
    }
    return comp;
}

// Group sizes of a mask, largest first.
int groups(uint32_t mask, int* out) {
    int count = 0;
    while (mask) {
        uint32_t comp = first_group(mask);
        mask &= ~comp;
        out[count++] = __builtin_popcount(comp);
    }
    std::sort(out, out + count, std::greater<int>());
    return count;
}

int largest(uint32_t mask) {
    int best = 0;
    while (mask && __builtin_popcount(mask) > best) {
        uint32_t comp = first_group(mask);
        mask &= ~comp;
        best = std::max(best, __builtin_popcount(comp));
    }
    return best;
}

// 1 if colour 1 wins the full board (m1, its complement), else 2.
int winner(uint32_t m1) {
    int a[N], b[N];
    int na = groups(m1, a), nb = groups(FULL ^ m1, b);
    for (int i = 0; i < std::max(na, nb); i++) {
        int x = i < na ? a[i] : 0, y = i < nb ? b[i] : 0;
        if (x != y) return x > y ? 1 : 2;
    }
    return 2;  // cannot happen: 19 cells
}

// A position: the masks, the player to move, and what the rules of the next turn read.
struct State {
    uint32_t m1, m2;
    int l1, l2;  // each colour's largest group
    int mover;
    int bonus;    // 1 to 3 stones allowed
    int opening;  // 1 at the empty board: the opening turn (1 stone, which grants no bonus)
    int s1, s2;  // catchup: scores
};

// A table of canonical positions with their value for the mover (open addressing, never full:
// it is sized for the side-3 board's reachable positions).
struct Table {
    std::vector<uint64_t> keys;
    std::vector<int8_t> values;
    uint64_t mask;
    explicit Table(int bits) : keys(1ull << bits, 0), values(1ull << bits, 0), mask((1ull << bits) - 1) {}
    int8_t* find(uint64_t key, bool insert) {
        uint64_t h = (key * 0x9E3779B97F4A7C15ull) >> 20;
        for (;; h++) {
            uint64_t& slot = keys[h & mask];
            if (slot == key + 1) return &values[h & mask];
            if (slot == 0) {
                if (!insert) return nullptr;
                slot = key + 1;
                return &values[h & mask];
            }
        }
    }
};

Table table(26);

uint64_t key_of(const State& s) {
    uint64_t best = ~0ull;
    for (int k = 0; k < 12; k++) {
        uint64_t packed = (uint64_t)permute(k, s.m2) << N | permute(k, s.m1);
        best = std::min(best, packed);
    }
    uint64_t rules = (uint64_t)(s.mover - 1) | (uint64_t)s.bonus << 1 | (uint64_t)s.opening << 2;
    if (current_rules) rules |= (uint64_t)s.s1 << 3 | (uint64_t)s.s2 << 8;
    return best << 13 | rules;
}

State after(const State& s, uint32_t placed) {
    State c = s;
    int before = std::max(s.l1, s.l2);
    if (s.mover == 1)
        c.m1 |= placed;
    else
        c.m2 |= placed;
    int mine = largest(s.mover == 1 ? c.m1 : c.m2);
    (s.mover == 1 ? c.l1 : c.l2) = mine;
    if (current_rules) {
        int& score = s.mover == 1 ? c.s1 : c.s2;
        int old = score, theirs = s.mover == 1 ? c.s2 : c.s1;
        if (mine > score) score = mine;
        c.bonus = score > old && score >= theirs;
    } else {
        int now = std::max(c.l1, c.l2);
        c.bonus = !s.opening && now > before;  // the opening stone never grants the bonus
    }
    c.opening = 0;
    c.mover = 3 - s.mover;
    return c;
}

// 1 if the player to move wins, -1 if not.
int negamax(const State& s) {
    calls++;
    uint32_t free = FULL & ~(s.m1 | s.m2);
    if (!free) return winner(s.m1) == s.mover ? 1 : -1;
    uint64_t key = key_of(s);
    if (int8_t* known = table.find(key, false)) return *known;
    int most = s.opening ? 1 : (s.bonus ? 3 : 2);
    int cells_free[N], nfree = 0;
    for (uint32_t f = free; f; f &= f - 1) cells_free[nfree++] = __builtin_ctz(f);
    int value = -1;
    for (int count = std::min(most, nfree); count >= 1 && value < 0; count--) {
        // every set of `count` empty cells
        int pick[3] = {0, 1, 2};
        while (value < 0) {
            uint32_t placed = 0;
            for (int j = 0; j < count; j++) placed |= 1u << cells_free[pick[j]];
            if (-negamax(after(s, placed)) == 1) value = 1;
            int j = count - 1;
            while (j >= 0 && pick[j] == nfree - count + j) j--;
            if (j < 0) break;
            pick[j]++;
            for (int k = j + 1; k < count; k++) pick[k] = pick[k - 1] + 1;
        }
    }
    *table.find(key, true) = (int8_t)value;
    return value;
}

}  // namespace

int main(int argc, char** argv) {
    std::string variant = argc > 1 ? argv[1] : "catchup-2012";
    current_rules = variant == "catchup";
    make_board();
    State root{0, 0, 0, 0, 1, 0, 1, 1, 1};
    std::map<uint64_t, int> orbits;
    int wins = 0;
    for (int i = 0; i < N; i++) {
        uint64_t orbit = ~0ull;
        for (int k = 0; k < 12; k++) orbit = std::min<uint64_t>(orbit, permute(k, 1u << i));
        if (orbits.count(orbit)) continue;
        State child = after(root, 1u << i);
        int value = -negamax(child);
        orbits[orbit] = value;
        wins += value == 1;
        std::printf("(%d, %d) %s\n", cells[i].q, cells[i].r, value == 1 ? "wins" : "loses");
        std::fflush(stdout);
    }
    std::printf("orbits %zu winning %d calls %llu\n", orbits.size(), wins, (unsigned long long)calls);
    return 0;
}
