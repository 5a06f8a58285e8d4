"""How much a review's estimates vary at the default settings, and so where its classes start
(run on demand: python benchmarks/review_thresholds.py [--positions 24] [--repeats 4] [--time SECONDS]).

Positions come from the engine's own play on side 5 (catchup, a few random turns first, then the
engine at --play seconds a turn), taken with 25 to 55 empty cells: beyond the exact solver's reach,
where a review rests on the engine's estimates. At each, the engine's choice b is found once; then,
with --repeats fresh seeds, the review values the position and the position after b exactly as it
reviews a record (`review_game`: every estimate the mean of two searches with opposite players to
move).

Printed: the spread of repeated estimates of one position (standard deviation over the repeats,
median and worst over the positions); the loss the review gives the engine's own choice, a turn
as good as the engine finds (its percentiles: a class below the 99th would mark good turns for
noise); and, for comparison, the same loss measured naively (each position's own search, whoever
is to move), which shows the engine's lean toward the player to move.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from catchup_notation.engine import Engine, Limit
from catchup_notation.engine.review import DEFAULT_SECONDS, ReviewSettings, Thresholds, review_game
from catchup_notation.rules.hexgame import HexGame
from catchup_notation.rules.registry import parse_variant


def positions(count: int, play: float, seed: int) -> list[HexGame]:
    """Positions of the engine's own play with 25 to 55 empty cells, a few from each game."""
    rng = random.Random(seed)
    found: list[HexGame] = []
    with Engine(seed=seed) as engine:
        while len(found) < count:
            game: HexGame = parse_variant("catchup(size=5)").new_game()  # type: ignore[assignment]
            for _ in range(rng.randint(2, 6)):
                game.play(game.random_turn(rng))
            while not game.over and game.empty > 25 and len(found) < count:
                if game.empty <= 55 and rng.random() < 0.35:
                    found.append(game.copy())
                game.play(engine.play(game, Limit(time=play)).turn)  # type: ignore[arg-type]
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--repeats", type=int, default=4)
    parser.add_argument("--time", type=float, default=DEFAULT_SECONDS, help="seconds a search (the review's default)")
    parser.add_argument("--play", type=float, default=0.3, help="seconds a turn of the games the positions come from")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"load {os.getloadavg()[0]:.2f} at the start; --time {args.time} s, every core", flush=True)
    chosen = positions(args.positions, args.play, args.seed)
    settings = ReviewSettings(limit=Limit(time=args.time))
    spreads, loss_spreads, losses, naive, playouts = [], [], [], [], []
    started = time.perf_counter()
    with Engine(seed=args.seed + 1) as finder:
        for number, position in enumerate(chosen):
            best = finder.analyse(position, settings.limit).best
            assert best is not None
            mover = position.to_move or 1
            values = []
            for repeat in range(args.repeats):
                with Engine(seed=args.seed + 1000 * (number + 1) + repeat) as engine:
                    review = review_game(position, [best], analyser=engine, settings=settings)
                    turn = review.turns[0]
                    assert turn.before is not None and turn.after is not None
                    values.append(review.positions[0].value_for(1).win)  # type: ignore[union-attr]
                    playouts.append(review.positions[0].playouts)
                    losses.append(max(0.0, turn.before.win - turn.after.win))
                    if repeat == 0:  # each position's own search, whoever is to move
                        own = engine.analyse(position, settings.limit).value.win
                        child = position.copy()
                        child.play(best)
                        reply = engine.analyse(child, settings.limit).value.win
                        naive.append(own - (1.0 - reply))
            spreads.append(statistics.pstdev(values))
            loss_spreads.append(statistics.pstdev(losses[-args.repeats :]))
            print(
                f"{number:3} empty {position.empty:2} mover {mover}: first player's chance "
                f"{' '.join(f'{v:.3f}' for v in values)}; losses of the engine's choice "
                f"{' '.join(f'{x:.3f}' for x in losses[-args.repeats :])}; naive {naive[-1]:+.3f}",
                flush=True,
            )
    print(f"\n{len(chosen)} positions, {args.repeats} repeats, {time.perf_counter() - started:.0f} s")
    middle = statistics.median(playouts)
    print(f"load {os.getloadavg()[0]:.2f} at the end; median playouts of a position's value {middle:,.0f}")
    print(
        f"spread of one position's estimate (sd over repeats): median {statistics.median(spreads):.3f}, "
        f"worst {max(spreads):.3f}"
    )
    print(
        f"spread of one turn's loss (sd over repeats): median {statistics.median(loss_spreads):.3f}, "
        f"worst {max(loss_spreads):.3f}"
    )
    default = Thresholds()
    print(
        "the engine's own choices given a loss of at least "
        + ", ".join(
            f"{bound:g}: {sum(1 for x in losses if x >= bound) / len(losses):.1%}"
            for bound in (default.inaccuracy, default.mistake, default.blunder)
        )
    )
    print(
        "the review's loss of the engine's own choice: "
        + ", ".join(f"p{int(q * 100)} {percentile(losses, q):.3f}" for q in (0.5, 0.9, 0.95, 0.99))
        + f", max {max(losses):.3f}, mean {statistics.mean(losses):.3f}"
    )
    print(
        "naive (each position's own search): "
        + f"mean {statistics.mean(naive):+.3f}, "
        + ", ".join(f"p{int(q * 100)} {percentile([max(0.0, x) for x in naive], q):.3f}" for q in (0.5, 0.9, 0.99))
    )


if __name__ == "__main__":
    main()
