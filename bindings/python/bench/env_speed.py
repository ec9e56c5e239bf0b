"""How fast crib_core.env steps: random players through the PettingZoo environment (each step
an observation, a mask and the engine view built), and through GameSteps alone.

    pip install "./bindings/python[env]"
    python bindings/python/bench/env_speed.py [GAMES]

Random players choose uniformly among the cards the mask allows (random.Random, seeded). The
figures are the medians of three runs on one core.
"""

import random
import statistics
import sys
import time

import numpy as np

import crib_core
from crib_core import env as crib_env


def through_env(players, games):
    env = crib_env.aec(players=players)
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for game in range(games):
        env.reset(seed=game)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(observation["action_mask"])))
            steps += 1
    return steps, time.perf_counter() - start


def through_steps(players, games):
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    for game in range(games):
        game_steps = crib_core.GameSteps(players=players, game=121, seed=game)
        while game_steps.over() is None:
            game_steps.act(rng.choice(game_steps.legal()))
            steps += 1
    return steps, time.perf_counter() - start


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    print(f"{games} random games to 121, medians of 3 runs:")
    print()
    print("| | players | steps a second | games a second | steps a game |")
    print("| --- | --- | --- | --- | --- |")
    for name, run in (("`crib_env.aec`", through_env), ("`GameSteps`", through_steps)):
        for players in (2, 3, 4):
            runs = [run(players, games) for _ in range(3)]
            steps = runs[0][0]
            seconds = statistics.median(r[1] for r in runs)
            print(f"| {name} | {players} | {steps / seconds:,.0f} | {games / seconds:,.0f} |"
                  f" {steps / games:.1f} |")

if __name__ == "__main__":
    main()
