"""How fast crib_core.env.vector steps: n games at once, every player's card chosen at random
among those the mask allows, in NumPy, as a program that learns would choose its actions.

    pip install "./bindings/python[env]"
    python bindings/python/bench/vector_speed.py [N] [CALLS]

Each run makes CALLS calls of ``step`` on N games (1,024 and 1,000 unless told) after a reset,
with every player yours (``opponent=None``: each step is the move of the player to act, as in
the AEC environment), and with one learner against crib's ``random`` level (which plays in
Rust, its moves not counted as steps). The random choice is NumPy's: 16 random bits a card,
kept where the mask allows, the largest taken. The figures are the medians of three runs; the
steps of a call are stepped on every core. OpenBLAS's threads, which NumPy starts and which
only compete for the cores, are kept to one.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

from crib_core import env as crib_env  # noqa: E402


def run(n, calls, players, opponent):
    """Steps a second and games a second over `calls` calls of `n` random games."""
    env = crib_env.vector(n, opponent=opponent, players=players, copy=False)
    observations, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    games = 0
    start = time.perf_counter()
    for _ in range(calls):
        noise = np.frombuffer(rng.bytes(n * 104), dtype=np.uint16).reshape(n, 52)
        actions = ((noise | 1) * observations["action_mask"]).argmax(axis=1)
        observations, _, ended, _, _ = env.step(actions)
        games += int(ended.sum())
    seconds = time.perf_counter() - start
    return n * calls / seconds, games / seconds


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1024
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    print(f"{calls} calls of step on {n} random games to 121, medians of 3 runs, "
          f"{os.cpu_count()} cores:")
    print()
    print("| opposite | players | steps a second | games a second |")
    print("| --- | --- | ---: | ---: |")
    for opponent in (None, "random"):
        for players in (2, 3, 4):
            runs = [run(n, calls, players, opponent) for _ in range(3)]
            steps = statistics.median(r[0] for r in runs)
            games = statistics.median(r[1] for r in runs)
            who = "every player yours" if opponent is None else f"crib's {opponent}"
            print(f"| {who} | {players} | {steps:,.0f} | {games:,.0f} |")


if __name__ == "__main__":
    main()
