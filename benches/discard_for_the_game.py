#!/usr/bin/env python3
"""Time `crib discard --scores` over many positions, as docs/performance.md reports it.

    python3 benches/discard_for_the_game.py grid "5h Jd 5c 5s 4d 6d"   # 64 scores x 2 seats
    python3 benches/discard_for_the_game.py random 200 11               # 200 random hands, seed 11

`grid` asks every pair of 0, 40, 80, 100, 110, 115, 118 and 119, each seat, the median of 5 runs
each. `random` deals random hands at random scores (each score half the time 95 or more), the
median of 3 runs each. Both print the median, how many answer under 50 ms, the slowest three,
and the largest standard error and number of draws (from --json). Build first with
`cargo build --release`; CRIB names another binary.
"""

import json
import os
import random
import statistics
import subprocess
import sys
import time

CRIB = os.environ.get("CRIB", "target/release/crib")
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
DECK = [r + s for r in RANKS for s in "hdcs"]


def timed(args, runs):
    """The median wall time of `runs` runs, in ms (output read and dropped)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([CRIB, *args], stdout=subprocess.PIPE, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def precision(args):
    """The largest standard error and the draws of one question."""
    out = subprocess.run([CRIB, *args, "--json"], stdout=subprocess.PIPE, check=True).stdout
    answer = json.loads(out)
    return max(c["p_win_se"] for c in answer["choices"]), answer["draws"]


def report(rows):
    times = sorted(t for t, _, _, _ in rows)
    print(
        f"{len(rows)} questions: median {statistics.median(times):.1f} ms, "
        f"{sum(t < 50 for t in times)} under 50 ms, slowest {times[-1]:.1f} ms; "
        f"largest standard error {max(r[1] for r in rows):.5f}, most draws {max(r[2] for r in rows)}"
    )
    for t, _, draws, args in sorted(rows)[-3:]:
        print(f"  {t:.1f} ms, {draws} draws: crib {' '.join(args)}")


def questions(mode, rest):
    if mode == "grid":
        hand = rest[0].split()
        scores = [0, 40, 80, 100, 110, 115, 118, 119]
        for a in scores:
            for b in scores:
                for seat in ("--dealer", "--pone"):
                    yield ["discard", *hand, seat, "--scores", f"{a}-{b}"], 5
    else:
        count, seed = int(rest[0]), int(rest[1])
        rng = random.Random(seed)
        for _ in range(count):
            hand = rng.sample(DECK, 6)
            score = lambda: rng.choice([rng.randint(0, 120), rng.randint(95, 120)])
            a, b = score(), score()
            seat = rng.choice(["--dealer", "--pone"])
            yield ["discard", *hand, seat, "--scores", f"{a}-{b}"], 3


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("grid", "random"):
        sys.exit(__doc__)
    rows = []
    for args, runs in questions(sys.argv[1], sys.argv[2:]):
        rows.append((timed(args, runs), *precision(args), args))
    report(rows)


if __name__ == "__main__":
    main()
