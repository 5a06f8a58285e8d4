"""A race check of the shared tree (run on demand: python benchmarks/shared_tree_races.py).

Compiles the engine's tree search (hexmcts.c with hexplay.c and hexrules.c, the core's own
sources) into a small C program with ThreadSanitizer (gcc -fsanitize=thread) and runs it: two and
three threads search one tree at once on side-4 and side-5 boards of Catchup, Alternative and Too
(either colour), with RAVE, move-average sampling and the progressive bias on and off, under a
memory bound, with proofs given between runs as the solver gives them, and once against a deadline.
After each search the program checks the tree's invariants (a node's visits its children's plus
its own playout's, 0 <= w <= n), and ThreadSanitizer reports any data race it saw. Exit status 0:
no race and no broken invariant.

The boards and rules are written into the program from the library (a C header made here), so the
check needs gcc with libtsan and nothing else. ThreadSanitizer needs the address space laid out
without randomisation on some kernels: the program is run under `setarch -R` where there is one.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import catchup_notation as cn
from catchup_notation.rules.corerules import rules_of
from catchup_notation.rules.hexgame import HexGame

CORE = Path(__file__).resolve().parent.parent / "catchup_notation" / "_core"
VARIANTS = {"c4": "catchup(size=4)", "c5": "catchup(size=5)", "too4": "too(size=4)", "alt4": "alternative(size=4)"}

PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include "hexmcts.h"
#include "boards.h"

static int broken(const mcts_tree *t, int bounded) {
    int bad = 0;
    for (int32_t i = 0; i < t->node_count; i++) {
        const mcts_node *node = &t->nodes[i];
        uint64_t sum = 0;
        for (int32_t j = 0; node->first >= 0 && j < node->count; j++) {
            int32_t kid = t->kids[node->first + j];
            if (kid >= 0) sum += t->nodes[kid].n;
        }
        long own = (long)node->n - (long)sum;
        if (node->w < 0 || node->w > node->n || own < 0) bad++;
        else if (!bounded && node->lo < node->hi && !node->dead && node->n > 0 && own != (i == 0 ? 0 : 1)) bad++;
    }
    return bad;
}

static int search(const struct board_data *b, int threads, int knowledge, int max_nodes, uint64_t seed) {
    hex_board board = {b->cells, b->start, b->near};
    hex_rules rules = {0};
    const int *r = b->rules;
    rules.kind = r[0]; rules.scoring = r[1]; rules.base = (unsigned)r[2]; rules.threshold = r[3];
    rules.opening_phase = r[4]; rules.margin = r[5]; rules.initial_score = r[6]; rules.fills_remaining = r[7];
    rules.constrained = r[8]; rules.may_stall = r[9]; rules.reads_strict = r[10]; rules.either_colour = r[11];
    rules.endless = r[12];
    hex_game root;
    mcts_tree t;
    if (game_init(&root, &board, &rules) < 0 ||
        mcts_init(&t, &board, &rules, &root, seed, 0.4, 0.0, knowledge ? 100 : 0, max_nodes, 1, 1,
                  knowledge ? 0.5 : 0.0, knowledge ? 1.0 : 0.0) < 0)
        return -1;
    int64_t done = 0;
    for (int round = 0; round < 4 && done >= 0; round++) {
        int64_t more = mcts_run(&t, 3000, 0.0, NULL, threads);
        done = more < 0 ? -1 : done + more;
        for (int32_t i = 1; i < t.node_count; i += 97) /* proofs between rounds, as the solver's */
            if (t.nodes[i].boundary && t.nodes[i].lo < t.nodes[i].hi) mcts_prove(&t, i, (int)(i % 3) - 1);
    }
    int64_t timed = done < 0 ? -1 : mcts_run(&t, 1 << 30, mcts_now() + 0.05, NULL, threads);
    int bad = done < 0 || timed < 0 ? -1 : broken(&t, max_nodes < 1000000);
    printf("%-5s %d threads, knowledge %d, at most %7d nodes: %6lld + %5lld playouts, %6d nodes, broken %d\n",
           b->name, threads, knowledge, max_nodes, (long long)done, (long long)timed, t.node_count, bad);
    mcts_free(&t);
    game_free(&root);
    return bad;
}

int main(void) {
    int failed = 0;
    for (int threads = 2; threads <= 3; threads++)
        for (int s = 0; s < 3; s++)
            for (int b = 0; b < BOARDS; b++)
                failed |= search(&boards[b], threads, s == 1, s == 2 ? 500 : 2000000, (uint64_t)(1 + s + b)) != 0;
    return failed;
}
"""


def boards_header() -> str:
    """The boards' neighbours and the variants' core rules, as C data."""
    parts = ["struct board_data { const char *name; int cells; int *start, *near; int rules[13]; };"]
    rows = []
    for name, variant in VARIANTS.items():
        game = cn.new_game(variant)
        assert isinstance(game, HexGame)
        rules = rules_of(game)
        assert rules is not None, variant
        start: list[int] = [0]
        near: list[int] = []
        for cells in game.board.neighbours:
            near += cells
            start.append(len(near))
        parts.append(f"static int {name}_start[] = {{{', '.join(map(str, start))}}};")
        parts.append(f"static int {name}_near[] = {{{', '.join(map(str, near))}}};")
        rows.append(
            f'{{"{name}", {len(game.board.cells)}, {name}_start, {name}_near, {{{", ".join(map(str, rules))}}}}}'
        )
    parts.append(f"static const struct board_data boards[] = {{{', '.join(rows)}}};")
    parts.append(f"#define BOARDS {len(rows)}")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it (default: a temporary one)")
    args = parser.parse_args()
    compiler = shutil.which("gcc")
    if compiler is None:
        sys.exit("error: the race check needs gcc (with libtsan)")
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "boards.h").write_text(boards_header())
        (folder / "races.c").write_text(PROGRAM)
        sources = [str(CORE / name) for name in ("hexmcts.c", "hexplay.c", "hexrules.c")]
        program = folder / "races"
        flags = ["-fsanitize=thread", "-g", "-O1", "-std=c11", "-pthread", f"-I{CORE}", f"-I{folder}"]
        subprocess.run([compiler, *flags, str(folder / "races.c"), *sources, "-lm", "-o", str(program)], check=True)
        command = [str(program)]
        if shutil.which("setarch"):
            command = ["setarch", subprocess.run(["uname", "-m"], capture_output=True, text=True).stdout.strip(), "-R"]
            command.append(str(program))
        found = subprocess.run(command, capture_output=True, text=True, env={"TSAN_OPTIONS": "exitcode=66"})
        print(found.stdout, end="")
        races = found.stderr.count("WARNING: ThreadSanitizer")
        if found.stderr.strip():
            print(found.stderr, end="", file=sys.stderr)
        print(f"ThreadSanitizer: {races} race reports; exit status {found.returncode}")
        sys.exit(0 if found.returncode == 0 and races == 0 else 1)


if __name__ == "__main__":
    main()
