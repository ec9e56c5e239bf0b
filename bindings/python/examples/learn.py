"""A small learner: a linear value of each card over a few features, learned in seconds by
playing against crib's random player, then measured against it on fresh deals.

    python bindings/python/examples/learn.py [--games 2000] [--seed 1]

Each decision (a card to throw, a card to play) scores every card the player may choose as
w . features(card) and takes the best (a random card one time in five while learning). After
each deal every decision of that deal is pulled towards the deal's net points (the player's
points less the other's: the environment's reward="points"), by stochastic gradient descent.
It exits with status 1 unless the learned player wins clearly more than half its games.
"""

import argparse
import math
import random
import time

import numpy as np

import crib_core
from crib_core import env as crib_env

FEATURES = (
    "pegs now",  # the points the card pegs as it is played, over 2
    "count 5 or 21",  # leaves the next player a fifteen or a 31 with a ten card
    "count 11 to 14",  # a count a low card makes fifteen of, or a ten card 21 to 24
    "card's value",  # over 10
    "a five thrown",  # to your own crib (+1) or to theirs (-1)
    "a pair broken",  # a card thrown from a pair kept
    "a neighbour kept",  # a card thrown one rank from a card kept
)


def features(view, card):
    """The features of choosing `card` (its text) where the player sees `view` (the engine
    protocol's request, from the environment's info)."""
    x = [0.0] * len(FEATURES)
    c = crib_core.Card(card)
    if view["ask"] == "play":
        pegged = crib_core.peg(view["sequence"] + [card], players=view["players"]).plays[-1]
        x[0] = pegged.points / 2
        x[1] = float(pegged.count in (5, 21))
        x[2] = float(11 <= pegged.count <= 14)
        x[3] = c.value / 10
    else:
        kept = [crib_core.Card(d) for d in view["dealt"] if d != card]
        x[4] = (1.0 if view["role"] == "dealer" else -1.0) * (c.rank == 5)
        x[5] = float(any(k.rank == c.rank for k in kept))
        x[6] = float(any(abs(k.rank - c.rank) == 1 for k in kept))
    return x


def value(w, x):
    return sum(a * b for a, b in zip(w, x))


def play_game(env, w, seed, rng, explore=0.0, rate=0.0):
    """One game against the random player (learning when `rate` > 0): True when it won."""
    observation, info = env.reset(seed=seed)
    decisions, deals, terminated = [], 0, False
    while not terminated:
        view = info["view"]
        legal = [crib_env.CARDS[i] for i in np.flatnonzero(observation["action_mask"])]
        if rng.random() < explore:
            card = rng.choice(legal)
        else:
            card = max(legal, key=lambda c: value(w, features(view, c)))
        decisions.append(features(view, card))
        observation, reward, terminated, _, info = env.step(crib_env.CARDS.index(card))
        if env.steps.deals != deals:  # a deal was counted: its decisions learn its points
            deals = env.steps.deals
            if rate:
                for x in decisions:
                    error = reward / 10 - value(w, x)
                    for i, xi in enumerate(x):
                        w[i] += rate * error * xi
            decisions = []
    return env.steps.over()[0] == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games to learn from")
    parser.add_argument("--test", type=int, default=400, help="games to measure on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    learner = crib_env.single(opponent="random", players=2, game=121, reward="points")
    start = time.perf_counter()
    w = [0.0] * len(FEATURES)
    for game in range(args.games):
        play_game(learner, w, seed=args.seed * 1_000_003 + game, rng=rng, explore=0.2, rate=0.01)
    learned = time.perf_counter() - start
    print(f"learned from {args.games} games in {learned:.1f} s:")
    for name, weight in zip(FEATURES, w):
        print(f"  {name:18} {weight:+.3f}")
    # Fresh deals, no exploring: the learned player, and for comparison the same player with
    # nothing learned (every card valued 0: the first card it may choose).
    fresh = [10**9 + args.seed * 100_003 + game for game in range(args.test)]
    for name, weights in (("learned", w), ("nothing learned", [0.0] * len(FEATURES))):
        wins = sum(play_game(learner, weights, seed, rng) for seed in fresh)
        share = wins / args.test
        se = math.sqrt(share * (1 - share) / args.test)
        print(f"{name}: won {wins} of {args.test} against crib:random ({share:.1%} ± {se:.1%})")
        if name == "learned":
            learned_share, learned_se = share, se
    if learned_share - 3 * learned_se <= 0.5:
        print("the learned player did not win clearly more than half its games")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
