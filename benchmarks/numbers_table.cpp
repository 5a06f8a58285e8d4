// A plain exact solver of number-set Catch-Up, written for benchmarks/bench_numbers_core.py as the
// kind of solver ours is measured against: the whole game as a function of the remaining set and the
// mover's deficit, memoised in one packed table of 2^N words, no bounds, no move ordering beyond
// "stop at the first win".
//
//   numbers_table N          solve Catch-Up({1..N}) from 0-0 (N <= 30)
//
// prints one JSON line: {"n": N, "value": P1's value, "calls": ..., "seconds": ...}, the seconds
// those of the solve alone (the table's allocation included: calloc, so its pages cost only as the
// solve first touches them).
//
// Why a 2^N table is enough: at the start of a turn the mover is behind by d with 0 <= d < max(S)
// (the opponent's turn ended on the number that caught up, from behind), and a turn is a run of
// single removals, each of which leaves the mover in the same kind of position (fewer numbers, a
// smaller deficit) until the deficit is gone. So f(R, d), the mover's value with R left and d to
// catch up, covers every position within and between turns, and d < 32 for the sets 1..N with
// N <= 32: one 64-bit word per R holds f(R, 0..31), two bits each (0 unknown, 1 loss, 2 draw, 3 win).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

int numbers[32];
int count;
uint64_t *table;  // calloc: pages never touched cost nothing
uint64_t calls;

// The mover's value (1 win, 0 draw, -1 loss) with `rest` left (bit i: numbers[i]) and `deficit` to
// catch up (0 <= deficit < 32).
int value(uint32_t rest, int deficit) {
    ++calls;
    if (rest == 0) return deficit > 0 ? -1 : 0;
    uint64_t &word = table[rest];
    int known = (word >> (2 * deficit)) & 3;
    if (known) return known - 2;
    int best = -1;
    for (uint32_t left = rest; left; left &= left - 1) {
        int i = __builtin_ctz(left);
        uint32_t after = rest & ~(1u << i);
        int x = numbers[i], v;
        if (x >= deficit) {
            v = -value(after, x - deficit);  // caught up: the opponent's turn, behind by x - deficit
        } else {
            v = value(after, deficit - x);  // still behind: the turn goes on
        }
        if (v > best) {
            best = v;
            if (best == 1) break;
        }
    }
    word |= uint64_t(best + 2) << (2 * deficit);
    return best;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: numbers_table N\n");
        return 2;
    }
    count = std::atoi(argv[1]);
    if (count < 1 || count > 30) {
        std::fprintf(stderr, "N must be 1..30\n");
        return 2;
    }
    for (int i = 0; i < count; ++i) numbers[i] = i + 1;
    auto started = std::chrono::steady_clock::now();
    table = static_cast<uint64_t *>(std::calloc(size_t(1) << count, sizeof(uint64_t)));
    if (table == nullptr) {
        std::fprintf(stderr, "no memory for the table\n");
        return 3;
    }
    int v = value((1u << count) - 1, 0);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("{\"n\": %d, \"value\": %d, \"calls\": %llu, \"seconds\": %.6f}\n", count, v,
                (unsigned long long)calls, seconds);
    return 0;
}
