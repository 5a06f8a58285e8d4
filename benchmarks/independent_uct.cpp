// An independent Catchup player: plain whole-turn UCT with uniformly random playouts, speaking the
// engine protocol (GTP v2 framing) on standard input and output.
//
// Written apart from the library and its C core, from the rules and the protocol alone, as an
// outside opponent for the engine's matches (benchmarks/independent_match.py). Nothing here is
// shared with catchup_notation: its own board, rules, scoring, tree and protocol reader.
//
// The rules (Catchup, current): a hexhex board of side N; the first player (White) places one
// stone on the first turn; every later turn places 1 or 2 stones, or 1 to 3 when the opponent's
// turn just before raised the opponent's score and it now equals or passes the mover's (a score is
// the size of the player's largest group, never below 1, never falling); counts above the empty
// cells are unavailable; the game ends when the board is full; the winner has the larger group
// sizes compared largest first, then next largest, and so on (a missing group counts 0).
//
// The search: a tree whose actions are whole turns (every legal set of 1, 2 or 3 empty cells);
// a node's untried turns are tried first, one new child a visit, in random order (a lazy
// Fisher-Yates shuffle over the turns' ranks, so a node never lists its thousands of turns); once
// all are tried, UCB1 with exploration constant C; playouts of a uniformly random allowed count
// and uniformly random empty cells to the end; the most visited turn is played. One thread; the
// time a turn comes from time_settings/time_left (else --seconds); seeded with --seed.
//
//     g++ -O2 -std=c++17 independent_uct.cpp -o independent_uct
//     ./independent_uct [--seconds 1] [--seed N] [--c 0.2] [--size 5] [--playouts N] [--nodes N]
//
// --playouts N searches N playouts a turn whatever the clock (for repeatable runs); --nodes bounds
// the tree (2 million nodes by default, about 250 MB at most).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

constexpr int MAX_SIDE = 12;
constexpr int MAX_CELLS = 3 * MAX_SIDE * (MAX_SIDE - 1) + 1;  // 397

// -- the board -------------------------------------------------------------------------------

struct Board {
    int side = 5;
    int cells = 0;
    std::vector<int> row, place;              // a cell's row (0 at the top) and place in it (1 = left end)
    std::vector<std::vector<int>> rowCells;   // the cells of each row, left to right
    std::vector<int16_t> nb;                  // 6 neighbours a cell, -1 off the board
    int rows() const { return 2 * side - 1; }

    void build(int n) {
        side = n;
        // axial coordinates (q, r), 0 <= q, r <= 2n-2, n-1 <= q+r <= 3n-3; a row is one r, q grows rightwards
        std::vector<std::vector<int>> index(2 * n - 1, std::vector<int>(2 * n - 1, -1));
        row.clear(); place.clear(); rowCells.assign(2 * n - 1, {});
        cells = 0;
        for (int r = 0; r < 2 * n - 1; ++r) {
            int p = 0;
            for (int q = 0; q < 2 * n - 1; ++q) {
                if (q + r < n - 1 || q + r > 3 * n - 3) continue;
                index[r][q] = cells++;
                row.push_back(r);
                place.push_back(++p);
                rowCells[r].push_back(cells - 1);
            }
        }
        nb.assign(cells * 6, -1);
        const int dq[6] = {1, -1, 0, 0, 1, -1}, dr[6] = {0, 0, 1, -1, -1, 1};
        for (int r = 0; r < 2 * n - 1; ++r)
            for (int q = 0; q < 2 * n - 1; ++q) {
                int c = index[r][q];
                if (c < 0) continue;
                for (int d = 0; d < 6; ++d) {
                    int qq = q + dq[d], rr = r + dr[d];
                    if (qq < 0 || rr < 0 || qq > 2 * n - 2 || rr > 2 * n - 2) continue;
                    nb[c * 6 + d] = static_cast<int16_t>(index[rr][qq]);
                }
            }
    }

    std::string name(int c) const {
        return std::string(1, static_cast<char>('A' + row[c])) + std::to_string(place[c]);
    }

    // a cell from a Little Golem name (row letter, place from the row's left end); -1 if none
    int cell(char letter, int number) const {
        int r = std::toupper(static_cast<unsigned char>(letter)) - 'A';
        if (r < 0 || r >= rows() || number < 1 || number > static_cast<int>(rowCells[r].size())) return -1;
        return rowCells[r][number - 1];
    }
};

Board board;

// -- a position ------------------------------------------------------------------------------

struct Position {
    int n = 0;               // cells on the board
    int empty = 0;           // empty cells, listed in emptyList[0 .. empty)
    int mover = 1;           // 1 = first player (White), 2 = second (Black)
    int turn = 0;            // turns played
    bool bonus = false;      // the mover may place 3
    int score[3] = {0, 1, 1};
    int largest[3] = {0, 0, 0};
    uint8_t stone[MAX_CELLS];
    int16_t parent[MAX_CELLS], size[MAX_CELLS];
    int16_t emptyList[MAX_CELLS], emptyAt[MAX_CELLS];

    void reset(int cells) {
        n = cells; empty = cells; mover = 1; turn = 0; bonus = false;
        score[1] = score[2] = 1; largest[1] = largest[2] = 0;
        for (int c = 0; c < n; ++c) {
            stone[c] = 0; parent[c] = static_cast<int16_t>(c); size[c] = 1;
            emptyList[c] = emptyAt[c] = static_cast<int16_t>(c);
        }
    }

    // only the board's own cells are copied (the arrays are sized for the largest board)
    void copyFrom(const Position& o) {
        n = o.n; empty = o.empty; mover = o.mover; turn = o.turn; bonus = o.bonus;
        std::memcpy(score, o.score, sizeof score); std::memcpy(largest, o.largest, sizeof largest);
        std::memcpy(stone, o.stone, n);
        std::memcpy(parent, o.parent, n * sizeof(int16_t));
        std::memcpy(size, o.size, n * sizeof(int16_t));
        std::memcpy(emptyList, o.emptyList, empty * sizeof(int16_t));
        std::memcpy(emptyAt, o.emptyAt, n * sizeof(int16_t));
    }

    bool over() const { return empty == 0; }

    int maxCount() const {
        int most = turn == 0 ? 1 : (bonus ? 3 : 2);
        return std::min(most, empty);
    }

    int find(int c) {
        while (parent[c] != c) {
            parent[c] = parent[parent[c]];
            c = parent[c];
        }
        return c;
    }

    void put(int c) {
        int p = mover;
        stone[c] = static_cast<uint8_t>(p);
        int at = emptyAt[c], last = emptyList[--empty];
        emptyList[at] = static_cast<int16_t>(last);
        emptyAt[last] = static_cast<int16_t>(at);
        int root = c;
        const int16_t* near = &board.nb[c * 6];
        for (int d = 0; d < 6; ++d) {
            int o = near[d];
            if (o < 0 || stone[o] != p) continue;
            int r = find(o);
            if (r == root) continue;
            if (size[r] > size[root]) std::swap(r, root);
            parent[r] = static_cast<int16_t>(root);
            size[root] = static_cast<int16_t>(size[root] + size[r]);
        }
        if (size[root] > largest[p]) largest[p] = size[root];
    }

    // the end of the mover's turn: the score, who moves next and whether they may place 3
    void endTurn() {
        int p = mover, o = 3 - p;
        bool raised = largest[p] > score[p];
        if (raised) score[p] = largest[p];
        bonus = raised && score[p] >= score[o];
        mover = o;
        ++turn;
    }

    void play(const int* cs, int k) {
        for (int i = 0; i < k; ++i) put(cs[i]);
        endTurn();
    }

    // 1 or 2 for the winner of a full board, 0 for a draw (identical group sizes)
    int winner() {
        int16_t a[MAX_CELLS], b[MAX_CELLS];
        int na = 0, nb = 0;
        for (int c = 0; c < n; ++c)
            if (parent[c] == c && stone[c]) (stone[c] == 1 ? a[na++] : b[nb++]) = size[c];
        std::sort(a, a + na, std::greater<int16_t>());
        std::sort(b, b + nb, std::greater<int16_t>());
        for (int i = 0; i < std::max(na, nb); ++i) {
            int x = i < na ? a[i] : 0, y = i < nb ? b[i] : 0;
            if (x != y) return x > y ? 1 : 2;
        }
        return 0;
    }

    std::vector<int> groups(int p) {
        std::vector<int> g;
        for (int c = 0; c < n; ++c)
            if (parent[c] == c && stone[c] == p) g.push_back(size[c]);
        std::sort(g.rbegin(), g.rend());
        return g;
    }
};

// -- randomness ------------------------------------------------------------------------------

struct Rng {  // xoshiro256**
    uint64_t s[4];
    explicit Rng(uint64_t seed = 1) { reseed(seed); }
    void reseed(uint64_t seed) {
        for (auto& x : s) {  // splitmix64
            seed += 0x9e3779b97f4a7c15ULL;
            uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            x = z ^ (z >> 31);
        }
    }
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t next() {
        uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
        return r;
    }
    uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }
};

Rng rng;

int playout(Position& p) {
    while (!p.over()) {
        int k = 1 + static_cast<int>(rng.below(static_cast<uint32_t>(p.maxCount())));
        for (int i = 0; i < k; ++i) p.put(p.emptyList[rng.below(static_cast<uint32_t>(p.empty))]);
        p.endTurn();
    }
    return p.winner();
}

// -- whole turns by rank ---------------------------------------------------------------------
// The turns of a position, ranked: the singles, then the pairs, then the triples of its empty
// cells (in the order of the position's empty list, which a node's position always has the same).

uint64_t choose2(uint64_t e) { return e * (e - 1) / 2; }
uint64_t choose3(uint64_t e) { return e * (e - 1) * (e - 2) / 6; }

uint64_t turnCount(const Position& p) {
    uint64_t e = static_cast<uint64_t>(p.empty), k = static_cast<uint64_t>(p.maxCount());
    return e + (k >= 2 ? choose2(e) : 0) + (k >= 3 ? choose3(e) : 0);
}

// the cells of the turn of rank `i` (positions in the empty list); the count of cells
int unrank(const Position& p, uint64_t i, int* out) {
    uint64_t e = static_cast<uint64_t>(p.empty);
    if (i < e) { out[0] = p.emptyList[i]; return 1; }
    i -= e;
    if (i < choose2(e) && p.maxCount() >= 2) {
        for (uint64_t a = 0;; ++a) {
            uint64_t here = e - 1 - a;
            if (i < here) { out[0] = p.emptyList[a]; out[1] = p.emptyList[a + 1 + i]; return 2; }
            i -= here;
        }
    }
    i -= choose2(e);
    for (uint64_t a = 0;; ++a) {
        uint64_t here = choose2(e - 1 - a);
        if (i < here) {
            out[0] = p.emptyList[a];
            for (uint64_t b = a + 1;; ++b) {
                uint64_t there = e - 1 - b;
                if (i < there) { out[1] = p.emptyList[b]; out[2] = p.emptyList[b + 1 + i]; return 3; }
                i -= there;
            }
        }
        i -= here;
    }
}

// -- the tree --------------------------------------------------------------------------------

// a child as its parent sees it, kept beside its siblings so that selection reads one array:
// the child's mean and 1/sqrt(visits), refreshed when the child's visits change
struct Edge {
    uint32_t node;
    float mean;
    float spread;
};

struct Node {
    uint32_t move = 0;              // the turn into this node: count in bits 0-1, cells 9 bits each
    uint32_t visits = 0;
    double wins = 0;                // for the player who made `move`
    uint64_t turns = 0;             // legal turns here (known from the first expansion)
    uint64_t tried = 0;             // children made so far
    std::vector<Edge> kids;
    std::unordered_map<uint64_t, uint64_t> shuffled;  // the lazy shuffle's swapped ranks
};

uint32_t pack(const int* cs, int k) {
    uint32_t m = static_cast<uint32_t>(k);
    for (int i = 0; i < k; ++i) m |= static_cast<uint32_t>(cs[i]) << (2 + 9 * i);
    return m;
}

int unpack(uint32_t m, int* cs) {
    int k = static_cast<int>(m & 3);
    for (int i = 0; i < k; ++i) cs[i] = static_cast<int>((m >> (2 + 9 * i)) & 511);
    return k;
}

struct Search {
    double c = 0.2;
    size_t maxNodes = 2'000'000;
    std::vector<Node> nodes;
    uint64_t playouts = 0;
    double seconds = 0;

    // a turn not yet tried at node `x`: the next rank of its lazy Fisher-Yates shuffle
    uint64_t untried(Node& x) {
        uint64_t left = x.turns - x.tried;
        uint64_t j = x.tried + (rng.next() % left);
        auto at = x.shuffled.find(j);
        uint64_t rank = at == x.shuffled.end() ? j : at->second;
        auto first = x.shuffled.find(x.tried);
        x.shuffled[j] = first == x.shuffled.end() ? x.tried : first->second;
        x.shuffled.erase(x.tried);
        ++x.tried;
        return rank;
    }

    // UCB1: the child with the largest mean + c sqrt(ln N / n); its index among the kids
    uint32_t best(const Node& x) const {
        float scale = static_cast<float>(c * std::sqrt(std::log(static_cast<double>(x.visits))));
        uint32_t pick = 0;
        float top = -1;
        for (uint32_t i = 0; i < x.kids.size(); ++i) {
            float v = x.kids[i].mean + scale * x.kids[i].spread;
            if (v > top) { top = v; pick = i; }
        }
        return pick;
    }

    void iterate(const Position& root, Position& p) {
        p.copyFrom(root);
        uint32_t path[512], edge[512];
        int movers[512];
        int depth = 0;
        uint32_t x = 0;
        path[depth] = 0; movers[depth] = 3 - root.mover;
        int cs[3];
        while (true) {
            if (p.over()) break;
            Node& here = nodes[x];
            if (here.turns == 0) here.turns = turnCount(p);
            if (here.tried < here.turns) {
                if (nodes.size() >= maxNodes) break;  // full: play out from here
                uint64_t rank = untried(here);
                int k = unrank(p, rank, cs);
                uint32_t child = static_cast<uint32_t>(nodes.size());
                edge[depth + 1] = static_cast<uint32_t>(nodes[x].kids.size());
                nodes[x].kids.push_back({child, 0.0f, 0.0f});
                nodes.emplace_back();
                nodes.back().move = pack(cs, k);
                movers[depth + 1] = p.mover;
                p.play(cs, k);
                path[++depth] = child;
                break;
            }
            uint32_t e = best(here);
            uint32_t next = here.kids[e].node;
            edge[depth + 1] = e;
            int k = unpack(nodes[next].move, cs);
            movers[depth + 1] = p.mover;
            p.play(cs, k);
            path[++depth] = next;
            x = next;
        }
        int w = playout(p);
        ++playouts;
        for (int d = 0; d <= depth; ++d) {
            Node& y = nodes[path[d]];
            ++y.visits;
            y.wins += w == 0 ? 0.5 : (w == movers[d] ? 1.0 : 0.0);
            if (d > 0) {
                Edge& e = nodes[path[d - 1]].kids[edge[d]];
                e.mean = static_cast<float>(y.wins / y.visits);
                e.spread = static_cast<float>(1.0 / std::sqrt(static_cast<double>(y.visits)));
            }
        }
    }

    // the most visited turn after `budget` seconds (or `limit` playouts, when given)
    std::vector<int> choose(const Position& root, double budget, uint64_t limit = 0) {
        auto start = std::chrono::steady_clock::now();
        nodes.clear();
        nodes.reserve(1 << 16);
        nodes.emplace_back();
        playouts = 0;
        Position p;
        while (true) {
            for (int i = 0; i < 16; ++i) iterate(root, p);
            if (limit && playouts >= limit) break;
            std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
            if (!limit && spent.count() >= budget) break;
        }
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const Node& r = nodes[0];
        uint32_t pick = r.kids[0].node;
        for (const Edge& e : r.kids)
            if (nodes[e.node].visits > nodes[pick].visits) pick = e.node;
        int cs[3];
        int k = unpack(nodes[pick].move, cs);
        return std::vector<int>(cs, cs + k);
    }

    // the tree's memory back, once the turn has been sent (freeing it takes time of its own)
    void release() { std::vector<Node>().swap(nodes); }
};

// -- the protocol ----------------------------------------------------------------------------

struct Engine {
    Position position;
    std::vector<std::vector<int>> history;
    Search search;
    double seconds = 1.0;          // a turn's time without time_settings
    uint64_t playoutCap = 0;       // --playouts: a turn's playouts instead of its time (0: time)
    double mainTime = -1, byoTime = 0;
    int byoStones = 0;
    double left = -1;              // from time_left: seconds, stones
    int leftStones = 0;
    std::string lastSearch = "none";

    void newGame(int side) {
        board.build(side);
        position.reset(board.cells);
        history.clear();
    }

    // the cells named in words (spaces, commas, or run together: D4F6); false on a bad name
    bool cellsOf(const std::vector<std::string>& words, size_t from, std::vector<int>& out, std::string& bad) {
        std::string text;
        for (size_t i = from; i < words.size(); ++i) text += words[i] + " ";
        size_t i = 0;
        while (i < text.size()) {
            char ch = text[i];
            if (ch == ' ' || ch == ',') { ++i; continue; }
            if (!std::isalpha(static_cast<unsigned char>(ch))) { bad = text.substr(i, 4); return false; }
            size_t j = i + 1;
            int number = 0;
            while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])) && number < 1000)
                number = number * 10 + (text[j++] - '0');
            int c = j > i + 1 ? board.cell(ch, number) : -1;
            if (c < 0) { bad = text.substr(i, j - i); return false; }
            out.push_back(c);
            i = j;
        }
        return true;
    }

    static int colourOf(const std::string& w) {
        std::string s;
        for (char ch : w) s += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (s == "w" || s == "white") return 1;
        if (s == "b" || s == "black") return 2;
        return 0;
    }

    // why a turn is not legal here; empty if it is
    std::string illegal(const std::vector<int>& cs) const {
        if (position.over()) return "the game is over";
        for (size_t i = 0; i < cs.size(); ++i)
            for (size_t j = 0; j < i; ++j)
                if (cs[i] == cs[j]) return "the same cell twice";
        for (int c : cs)
            if (position.stone[c]) return "occupied: " + board.name(c);
        int k = static_cast<int>(cs.size());
        if (k < 1 || k > position.maxCount())
            return "stone count: " + std::to_string(k) + " (1 to " + std::to_string(position.maxCount()) + " here)";
        return "";
    }

    double budget() const {
        if (left >= 0) {
            if (leftStones > 0) return left / leftStones;
            int turnsLeft = std::max(4, position.empty / 3);  // main time only: share it out
            return left / turnsLeft;
        }
        if (mainTime == 0 && byoTime > 0 && byoStones > 0) return byoTime / byoStones;
        return seconds;
    }

    std::string genmove(int colour, bool& ok) {
        if (colour != position.mover) { ok = false; return "it is not that colour's turn"; }
        if (position.over()) { ok = false; return "the game is over"; }
        double t = budget();
        t = std::max(0.001, std::max(0.9 * t, t - 0.015));  // a little kept for the reply's way out
        std::vector<int> turn = search.choose(position, t, playoutCap);
        std::ostringstream info;
        info << "playouts " << search.playouts << " seconds " << search.seconds;
        lastSearch = info.str();
        std::cerr << "genmove: " << lastSearch << "\n";
        position.play(turn.data(), static_cast<int>(turn.size()));
        history.push_back(turn);
        left = -1;
        std::string out;
        for (int c : turn) out += (out.empty() ? "" : " ") + board.name(c);
        ok = true;
        return out;
    }

    std::string showboard() const {
        std::string out;
        for (int r = 0; r < board.rows(); ++r) {
            out += "\n" + std::string(std::abs(r - (board.side - 1)), ' ');
            for (int c : board.rowCells[r]) out += std::string(1, ".WB"[position.stone[c]]) + " ";
        }
        return out;
    }

    // one command line: false after quit
    bool handle(const std::string& line, std::ostream& out) {
        std::string text = line.substr(0, line.find('#'));
        std::istringstream in(text);
        std::vector<std::string> words;
        for (std::string w; in >> w;) words.push_back(w);
        if (words.empty()) return true;
        std::string id;
        if (std::all_of(words[0].begin(), words[0].end(), ::isdigit)) {
            id = words[0];
            words.erase(words.begin());
            if (words.empty()) return true;
        }
        std::string cmd = words[0];
        bool ok = true;
        std::string reply;
        bool quit = false;
        static const std::vector<std::string> known = {
            "protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize",
            "variant", "clear_board", "play", "genmove", "undo", "showboard", "final_score", "time_settings",
            "time_left", "last_search"};
        auto number = [&](size_t i, double& v) {
            if (i >= words.size()) return false;
            char* end = nullptr;
            v = std::strtod(words[i].c_str(), &end);
            return *end == 0 && std::isfinite(v) && v >= 0;
        };
        if (cmd == "protocol_version") reply = "2";
        else if (cmd == "name") reply = "independent-uct";
        else if (cmd == "version") reply = "1.0";
        else if (cmd == "known_command")
            reply = words.size() > 1 && std::find(known.begin(), known.end(), words[1]) != known.end() ? "true" : "false";
        else if (cmd == "list_commands") {
            for (auto& k : known) reply += (reply.empty() ? "" : "\n") + k;
        } else if (cmd == "quit") quit = true;
        else if (cmd == "boardsize") {
            double n;
            if (number(1, n) && n == std::floor(n) && n >= 2 && n <= MAX_SIDE) newGame(static_cast<int>(n));
            else { ok = false; reply = "unacceptable size"; }
        } else if (cmd == "variant") {
            std::string v = words.size() > 1 ? words[1] : "";
            for (size_t i = 2; i < words.size(); ++i) v += words[i];
            int side = board.side;
            if (v.rfind("catchup(size=", 0) == 0 && v.back() == ')') {
                side = std::atoi(v.substr(13).c_str());
                v = "catchup";
            }
            if (v == "catchup" && side >= 2 && side <= MAX_SIDE) newGame(side);
            else { ok = false; reply = "unknown variant " + (words.size() > 1 ? words[1] : std::string()); }
        } else if (cmd == "clear_board") newGame(board.side);
        else if (cmd == "play") {
            std::vector<int> cs;
            std::string bad;
            int colour = words.size() > 1 ? colourOf(words[1]) : 0;
            if (!colour) { ok = false; reply = "invalid color"; }
            else if (!cellsOf(words, 2, cs, bad)) { ok = false; reply = "no cell " + bad; }
            else if (colour != position.mover) { ok = false; reply = "it is not that colour's turn"; }
            else if (!(reply = illegal(cs)).empty()) ok = false;
            else {
                position.play(cs.data(), static_cast<int>(cs.size()));
                history.push_back(cs);
            }
        } else if (cmd == "genmove") {
            int colour = words.size() > 1 ? colourOf(words[1]) : 0;
            if (!colour) { ok = false; reply = "invalid color"; }
            else reply = genmove(colour, ok);
        } else if (cmd == "undo") {
            if (history.empty()) { ok = false; reply = "cannot undo"; }
            else {
                history.pop_back();
                auto turns = history;
                position.reset(board.cells);
                for (auto& t : turns) position.play(t.data(), static_cast<int>(t.size()));
            }
        } else if (cmd == "showboard") reply = showboard();
        else if (cmd == "final_score") {
            if (!position.over()) { ok = false; reply = "the game is not over"; }
            else {
                Position copy;
                copy.copyFrom(position);
                int w = copy.winner();
                reply = w == 0 ? "0" : (w == 1 ? "W+" : "B+");
                for (int p = 1; p <= 2; ++p) {
                    reply += p == 1 ? " W" : " B";
                    for (int g : copy.groups(p)) reply += " " + std::to_string(g);
                }
            }
        } else if (cmd == "time_settings") {
            double m, b, s;
            if (number(1, m) && number(2, b) && number(3, s)) {
                mainTime = m; byoTime = b; byoStones = static_cast<int>(s); left = -1;
            } else { ok = false; reply = "syntax error"; }
        } else if (cmd == "time_left") {
            double t, s;
            if (words.size() > 1 && colourOf(words[1]) && number(2, t) && number(3, s)) {
                left = t; leftStones = static_cast<int>(s);
            } else { ok = false; reply = "syntax error"; }
        } else if (cmd == "last_search") reply = lastSearch;
        else { ok = false; reply = "unknown command"; }
        out << (ok ? "=" : "?") << id << (reply.empty() ? "" : " ") << reply << "\n\n" << std::flush;
        if (cmd == "genmove") search.release();
        return !quit;
    }
};

}  // namespace

int main(int argc, char** argv) {
    Engine engine;
    uint64_t seed = std::random_device{}();
    int side = 5;
    for (int i = 1; i + 1 < argc; i += 2) {
        std::string a = argv[i];
        if (a == "--seconds") engine.seconds = std::atof(argv[i + 1]);
        else if (a == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
        else if (a == "--c") engine.search.c = std::atof(argv[i + 1]);
        else if (a == "--size") side = std::atoi(argv[i + 1]);
        else if (a == "--playouts") engine.playoutCap = std::strtoull(argv[i + 1], nullptr, 10);
        else if (a == "--nodes") engine.search.maxNodes = std::strtoull(argv[i + 1], nullptr, 10);
        else { std::cerr << "unknown option " << a << "\n"; return 2; }
    }
    rng.reseed(seed);
    engine.newGame(std::clamp(side, 2, MAX_SIDE));
    std::ios::sync_with_stdio(false);
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!engine.handle(line, std::cout)) break;
    }
    return 0;
}
