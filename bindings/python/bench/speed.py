"""How fast crib is from Python, in one run: a million hands counted and one discard advised,
by crib_core, by the crib command, and by the pure-Python cribbage scorers on PyPI.

    pip install ./bindings/python cribbage cribbage-scorer
    python bindings/python/bench/speed.py [HANDS] [--crib PATH]

Each timing is the median of a few runs. The pure-Python scorers are checked against crib on
the same hands first (how many totals agree), and timed on the whole million too: that is
what a Python program using them would wait.
"""

import argparse
import importlib
import random
import statistics
import subprocess
import time

import crib_core

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
DECK = [(r, s) for r in range(13) for s in "hdcs"]


def median_time(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def deals(count, seed=2026):
    rng = random.Random(seed)
    return [rng.sample(DECK, 5) for _ in range(count)]


def text(hand):
    return " ".join(RANKS[r] + s for r, s in hand)


def pure_python_scorers():
    """Each scorer found installed: its name and a function from a hand (starter last) to a total."""
    found = []
    try:
        cribbage = importlib.import_module("cribbage")
        score_hand = importlib.import_module("cribbage.score").score_hand
        suit_index = {s: i for i, s in enumerate("dchs")}

        def card(rank, suit):
            return cribbage.Card(suit_index[suit] * 13 + rank)

        def prepare(hand):
            return [card(*c) for c in hand[:4]], card(*hand[4])

        found.append(("cribbage 1.3.2 (PyPI)", prepare, lambda h: score_hand(h[0], h[1])))
    except ImportError:
        pass
    try:
        scorer = importlib.import_module("cribbage_scorer.cribbage_scorer")

        def prepare(hand):
            cards = [(r + 1, s.upper()) for r, s in hand]
            return cards[4], cards[:4]

        found.append(
            ("cribbage-scorer 0.2.5 (PyPI)", prepare, lambda h: scorer.show_calc_score(h[0], h[1])[0])
        )
    except ImportError:
        pass
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hands", nargs="?", type=int, default=1_000_000)
    parser.add_argument("--crib", default="crib")
    args = parser.parse_args()
    hands = deals(args.hands)
    texts = [text(h) for h in hands]
    print(f"{args.hands:,} random hands (four cards and a starter), counted as hands\n")

    rows = []
    t, want = median_time(lambda: crib_core.score_many(texts), 3)
    rows.append(("crib_core.score_many(texts)  (one call)", t))
    t, _ = median_time(lambda: [crib_core.score_total(h) for h in texts], 3)
    rows.append(("crib_core.score_total(text)  (a call a hand)", t))
    stdin = "\n".join(texts) + "\n"
    run = lambda: subprocess.run(  # noqa: E731
        [args.crib, "score", "-", "--total"], input=stdin, capture_output=True, text=True, check=True
    ).stdout
    t, out = median_time(run, 3)
    rows.append(("crib score - --total  (the command, a line a hand)", t))
    cli_totals = [int(line.split()[-1]) for line in out.splitlines()]
    assert cli_totals == want, "the command and the module disagree"

    for name, prepare, score in pure_python_scorers():
        prepared = [prepare(h) for h in hands]
        agree = sum(score(p) == w for p, w in zip(prepared[:20_000], want))
        t, _ = median_time(lambda: [score(p) for p in prepared], 1)
        rows.append((f"{name}  (agrees with crib on {agree:,} of 20,000)", t))

    for name, seconds in rows:
        print(f"  {seconds:8.3f} s  {seconds / args.hands * 1e9:8.0f} ns a hand   {name}")

    print("\nOne discard: crib discard 5h Jd 5c 5s 4d 6d --dealer (15 choices, the expert crib model, the play)\n")
    crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer")  # the models read once, as a program would
    t, _ = median_time(lambda: crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer"), 21)
    print(f"  {t * 1000:8.2f} ms  crib_core.discard(...)")
    cmd = [args.crib, "discard", *"5h Jd 5c 5s 4d 6d".split(), "--dealer", "--json"]
    t, _ = median_time(lambda: subprocess.run(cmd, capture_output=True, check=True), 21)
    print(f"  {t * 1000:8.2f} ms  the crib command (a process each time)")
    t, _ = median_time(lambda: crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer", scores=(115, 110)), 11)
    print(f"  {t * 1000:8.2f} ms  crib_core.discard(..., scores=(115, 110))  (for the game)")


if __name__ == "__main__":
    main()
