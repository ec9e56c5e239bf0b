"""A policy learned on many games at once, then served to `crib match` in one line.

    python bindings/python/examples/learn_batch.py --out policy.npz [--steps 600] [--seed 1]
    crib match learned crib:random --engine learned='python3 bindings/python/examples/learn_batch.py --serve policy.npz'

The policy is linear: each card's score is a row of weights times the observation (version 1,
663 numbers), the cards the mask allows drawn in proportion to the exponent of their scores
while it learns, the best taken when it plays. It learns by REINFORCE on
`crib_env.vector(512, opponent="random", reward="points")`: every decision of a deal is pulled
towards the deal's net points (the player's less the other's), less their mean. NumPy alone, a
fixed seed, a minute or two on two cores. `--serve` answers crib's engine protocol with the
learned weights through `crib_env.PolicyBot`: the engine's requests become the environment's
observations by `crib_env.observation_of`, with no converter.
"""

import argparse
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import crib_core.engine  # noqa: E402
from crib_core import env as crib_env  # noqa: E402

SIZE = crib_env.OBSERVATION_SIZES[1]
CARDS = len(crib_env.CARDS)


def scores(weights, observations):
    """Each card's score, a row a game."""
    return observations @ weights["w"].T + weights["b"]


def masked_softmax(logits, masks):
    logits = np.where(masks > 0, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def learn(steps, seed, games=512, rate=0.02, window=24):
    """The weights after `steps` steps of `games` games against crib's random player."""
    rng = np.random.default_rng(seed)
    weights = {"w": np.zeros((CARDS, SIZE), dtype=np.float32), "b": np.zeros(CARDS, np.float32)}
    env = crib_env.vector(games, opponent="random", players=2, reward="points", copy=False)
    observations, _ = env.reset(seed=seed)
    kept = []  # a window of steps: observations, (one-hot - probabilities), deal ends, rewards
    for _ in range(steps):
        seen = observations["observation"].copy()
        p = masked_softmax(scores(weights, seen), observations["action_mask"])
        actions = (p.cumsum(axis=1) > rng.random((games, 1))).argmax(axis=1)
        pulled = -p
        pulled[np.arange(games), actions] += 1.0
        observations, rewards, ended, _, info = env.step(actions)
        kept.append((seen, pulled, info["deal_over"] | ended, rewards))
        if len(kept) == window:
            update(weights, kept, rate)
            kept = kept[-window // 2:]  # decisions whose deal has not ended learn next time
    return weights


def update(weights, kept, rate):
    """REINFORCE over a window: each decision pulled towards its deal's net points."""
    games = kept[0][0].shape[0]
    returns = np.zeros((len(kept), games), dtype=np.float32)
    known = np.zeros((len(kept), games), dtype=bool)
    deal = np.zeros(games, dtype=np.float32)
    ended = np.zeros(games, dtype=bool)
    for t in range(len(kept) - 1, -1, -1):
        _, _, over, reward = kept[t]
        deal = np.where(over, reward, deal)
        ended |= over
        returns[t], known[t] = deal, ended
    # Only the first half learns: the second half's deals may end after the window.
    half = len(kept) // 2
    returns, known = returns[:half], known[:half]
    advantage = np.where(known, returns - returns[known].mean(), 0.0) / 10.0
    seen = np.concatenate([k[0] for k in kept[:half]])
    pulled = np.concatenate([k[1] for k in kept[:half]]) * advantage.reshape(-1, 1)
    weights["w"] += rate * (pulled.T @ seen) / games
    weights["b"] += rate * pulled.sum(axis=0) / games


def best(weights):
    """The policy that plays: the best-scored card the mask allows."""

    def choose(observation, info):
        logits = scores(weights, observation["observation"][None, :])[0]
        return int(np.where(observation["action_mask"] > 0, logits, -np.inf).argmax())

    return choose


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="policy.npz", help="where the weights are written")
    parser.add_argument("--serve", metavar="WEIGHTS", help="answer crib's engine protocol")
    args = parser.parse_args()
    if args.serve:
        with np.load(args.serve) as saved:
            weights = {"w": saved["w"], "b": saved["b"]}
        crib_core.engine.serve(crib_env.PolicyBot(best(weights), name="learned"))
        return
    start = time.perf_counter()
    weights = learn(args.steps, args.seed)
    np.savez(args.out, **weights)
    seconds = time.perf_counter() - start
    print(f"learned in {seconds:.0f} s: {args.steps} steps of 512 games; weights in {args.out}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
