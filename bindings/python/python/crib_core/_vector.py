"""``crib_core.env.vector``: many games stepped at once in Rust, as a Gymnasium vector environment.

Imported by ``crib_core.env``, whose notes (players, actions, observations, versions, rewards,
seeds) hold here too; this module adds what batching changes.
"""

from __future__ import annotations

import operator
from typing import Any, Optional, Sequence, Union

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._native import GameBatch
from .env import CARDS, Policy, _checked, _opposite, _player, _spaces

__all__ = ["VectorCribEnv", "vector"]

#: A policy that may sit opposite in ``vector``: a batch of observations (a dict of arrays,
#: ``observation`` and ``action_mask``, one row a game) and their info to one action a row.
VectorPolicy = Policy


class VectorCribEnv(VectorEnv):
    """``n`` games stepped at once in Rust (see ``vector``)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        n: int,
        opponent: Union[None, str, Policy, Sequence[Union[str, Policy]]] = "expert",
        players: int = 2,
        game: int = 121,
        player: int = 0,
        reward: str = "game",
        version: int = 1,
        copy: bool = True,
    ):
        _checked(players, game, reward, version)
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"n {n!r}: a vector environment holds 1 game or more")
        self.num_envs, self.players, self.game, self.copy = int(n), players, game, copy
        self.sides = 2 if players == 4 else players
        self.policies: dict[int, Policy] = {}
        if opponent is None:
            # Every player is yours: each step is the move of the player to act in each game.
            self.player = None
            levels: list[Optional[str]] = [None] * players
        else:
            self.player = _player(player, players)
            seats = _opposite(
                opponent, players, self.player,
                "a function of a batch of observations and its info to one action a row",
            )
            levels = [None] * players
            for other, level in seats.items():
                if callable(level):
                    self.policies[other] = level
                else:
                    levels[other] = level
        self._batch = GameBatch(
            self.num_envs, levels, game=game, version=version, reward=reward, watch=self.player
        )
        self.single_observation_space, self.single_action_space = _spaces(version)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._rng: Optional[np.random.Generator] = None
        self._none = np.full(self.num_envs, -1, dtype=np.int64)

    def reset(self, *, seed: Union[None, int, Sequence[int]] = None, options: Optional[dict] = None):
        """Deal every game afresh: with ``seed=S``, game ``i`` deals what ``crib game --seed
        S+i`` deals (or ``seed`` may list a seed a game); the games that follow, as each one
        ends, draw their seeds from a generator seeded by ``S``."""
        n = self.num_envs
        if seed is None:
            if self._rng is None:
                self._rng = np.random.default_rng()
            seeds = [int(s) for s in self._rng.integers(2**63, size=n)]
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            self._rng = np.random.default_rng(int(seed))
            seeds = [int(seed) + i for i in range(n)]
        else:
            seeds = [operator.index(s) for s in seed]
            if len(seeds) != n:
                raise ValueError(f"seed: {len(seeds)} seeds for {n} games")
            self._rng = np.random.default_rng(seeds)
        # The games dealt as others end draw their seeds from this generator, in Rust.
        stream = int(self._rng.integers(2**63))
        self._batch.reset(list(range(n)), seeds, stream=stream)
        _, settled, points, _ = self._others(np.arange(n))
        return self._observations(), self._info(settled, points)

    def step(self, actions: Any):
        """One card a game, by the player to act (yours); crib's levels and the policies
        opposite then play until one of your players is to act. A game that ends is dealt
        again at once (Gymnasium's same-step autoreset): its last observation and its result
        are in ``info["final_obs"]`` and ``info["final_info"]``."""
        batch = self._batch
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(
                f"actions: one card number a game, {self.num_envs} whole numbers "
                f"(an array of shape ({self.num_envs},)), not {actions.dtype} of shape {actions.shape}"
            )
        batch.step(actions.astype(np.int64, copy=False))
        rewards, settled, points = batch.rewards.copy(), batch.settled.copy(), batch.deal_points.copy()
        winners = batch.winners.copy()
        if self.policies:
            more = self._others(np.flatnonzero(batch.to_act >= 0))
            rewards += more[0]
            settled |= more[1]
            points += more[2]
            np.maximum(winners, more[3], out=winners)
        ended = winners >= 0
        info = self._info(settled, points)
        if ended.any():
            info.update(self._ended(np.flatnonzero(ended), winners))
        observations = self._observations()
        if self.player is None:
            by_player = rewards[:, [p % self.sides for p in range(self.players)]]
        else:
            by_player = rewards[:, self.player % self.sides]
        return observations, by_player, ended, np.zeros(self.num_envs, dtype=bool), info

    def action_masks(self) -> np.ndarray:
        """The cards each game's player to act may choose, ``(n, 52)`` booleans: what
        sb3-contrib's MaskablePPO asks for."""
        return self._batch.masks.astype(bool)

    def _observations(self) -> dict:
        batch = self._batch
        if self.copy:
            return {"observation": batch.observations.copy(), "action_mask": batch.masks.copy()}
        return {"observation": batch.observations, "action_mask": batch.masks}

    def _others(self, games: np.ndarray):
        """The policies opposite play, in the games listed, until one of your players is to
        act: the rewards by side, the deals ended and their points, and the winners of the
        games that ended (each dealt again at once)."""
        batch = self._batch
        rewards = np.zeros((self.num_envs, self.sides), dtype=np.float32)
        settled = np.zeros(self.num_envs, dtype=bool)
        points = np.zeros((self.num_envs, self.sides), dtype=np.int32)
        winners = np.full(self.num_envs, -1, dtype=np.int64)
        if not self.policies:
            return rewards, settled, points, winners
        while True:
            to_act = batch.to_act
            waiting = False
            for other, policy in self.policies.items():
                rows = games[to_act[games] == other]
                if rows.size == 0:
                    continue
                waiting = True
                seen = {
                    "observation": batch.observations[rows].copy(),
                    "action_mask": batch.masks[rows].copy(),
                }
                chosen = np.asarray(policy(seen, {"games": rows, "player": other}))
                actions = self._none.copy()
                actions[rows] = chosen.reshape(rows.size)
                batch.step(actions)
                rewards[rows] += batch.rewards[rows]
                settled[rows] |= batch.settled[rows]
                points[rows] += batch.deal_points[rows]
                winners[rows] = np.maximum(winners[rows], batch.winners[rows])
                to_act = batch.to_act
            if not waiting:
                return rewards, settled, points, winners

    def _ended(self, games: np.ndarray, winners: np.ndarray) -> dict:
        """The games that ended, already dealt again: their last observations and results, as
        Gymnasium's same-step autoreset gives them."""
        batch = self._batch
        final_obs = np.full(self.num_envs, None, dtype=object)
        no_mask = np.zeros(len(CARDS), dtype=np.int8)
        for g in games:
            final_obs[g] = {"observation": batch.last_seen[g].copy(), "action_mask": no_mask.copy()}
        ended = np.zeros(self.num_envs, dtype=bool)
        ended[games] = True
        final_info = {"winner": np.where(ended, winners, -1), "_winner": ended}
        return {
            "final_obs": final_obs,
            "_final_obs": ended,
            "final_info": final_info,
            "_final_info": ended,
        }

    def _info(self, settled: np.ndarray, points: np.ndarray) -> dict:
        """Each game's deal that ended, with each side's points, from your side round the
        table (every player's turn to act, when every player is yours)."""
        if self.player is not None:
            own = self.player % self.sides
            points = np.roll(points, -own, axis=1)
        info = {
            "deal_over": settled,
            "_deal_over": settled,
            "deal_points": points,
            "_deal_points": settled,
        }
        if self.player is None:
            info["to_act"] = self._batch.to_act.copy()
            info["_to_act"] = np.ones(self.num_envs, dtype=bool)
        return info


def vector(
    n: int,
    opponent: Union[None, str, Policy, Sequence[Union[str, Policy]]] = "expert",
    players: int = 2,
    game: int = 121,
    player: int = 0,
    reward: str = "game",
    version: int = 1,
    copy: bool = True,
) -> VectorCribEnv:
    """``n`` games at once as a Gymnasium vector environment, stepped in Rust on every core.

    As in ``single``, ``player`` is yours and ``opponent`` plays the others: one of ``LEVELS``
    (played in Rust), a list of them round the table, or a policy. A policy here takes a batch:
    a dict of arrays (``observation`` and ``action_mask``, a row for each game in which that
    player is to act) and an info dict (``games``: their numbers, ``player``), and returns one
    action a row. With ``opponent=None`` every player is yours (self-play): each step is the
    move of the player to act in each game, ``info["to_act"]`` says who that is, and the rewards
    are by player, shape ``(n, players)``.

    Observations are a dict of arrays, ``observation`` ``(n, OBSERVATION_SIZES[version])`` and
    ``action_mask`` ``(n, 52)``; ``action_masks()`` gives the masks as booleans for
    sb3-contrib's MaskablePPO. A game that ends is dealt again at once (Gymnasium's same-step
    autoreset). ``copy=False`` returns the batch's own arrays, overwritten by the next step,
    rather than copies.

    >>> env = vector(4, opponent="greedy")
    >>> observations, info = env.reset(seed=2)
    >>> observations["observation"].shape, env.action_masks().sum(axis=1).tolist()
    ((4, 663), [6, 6, 6, 6])
    """
    return VectorCribEnv(
        n,
        opponent=opponent,
        players=players,
        game=game,
        player=player,
        reward=reward,
        version=version,
        copy=copy,
    )
