"""Cribbage for programs that learn: a PettingZoo environment and a Gymnasium wrapper.

``aec(players=2, game=121)`` is a PettingZoo AEC environment of one game of cribbage for two,
three or four players (four as two partnerships), to 121 or 61. ``single(opponent="expert")``
is a Gymnasium environment in which one player is yours and crib's levels play the others.
Both step crib's own game in Rust (``crib_core.GameSteps``): the deals, throws, play and
counting of ``crib game`` and ``crib match``, the same deals for the same seed.

- **Agents** are ``player_0`` … ``player_{n-1}``, round the table; with four players
  ``player_0`` and ``player_2`` are partners, as are ``player_1`` and ``player_3``.
- **Actions** are the 52 cards, ``CARDS[i]`` being card ``i`` (rank-major from the ace, suits
  h, d, c, s). A throw of two cards is two steps of one card each; a player with no card that
  fits says go by itself and is never asked. An action the mask does not allow raises
  ``ValueError``: nothing is corrected silently.
- **Observations** are a dict: ``observation``, float32 numbers between 0 and 1
  (docs/python.md gives the layout), and ``action_mask``, 52 int8 (1 for each card the player
  may choose; all 0 for a player not to act). ``info["view"]`` of the player to act is the
  request crib's engine protocol would send it (docs/engine.md).
- **Versions:** ``version=1`` (``crib_v1``, the default) observes ``OBSERVATION_SIZES[1]``
  numbers: version 0's, then the cards on the count in the order played, who played each, and
  who has said go, on which what a card scores depends. ``version=0`` (``crib_v0``, its
  ``OBSERVATION_SIZES[0]`` numbers hold the cards on the count as a set) is kept for one release.
- **Deals:** when a step ends a deal, every agent's ``info`` says so: ``deal_over`` (true) and
  ``deal_points``, each side's points that deal, round the table from the agent's own side.
- **Rewards** come at the game's end: +1 to the winning side and -1 to the other (two players,
  or four as partnerships); with three players +1 to the winner and -1/2 to each of the others,
  so that they sum to 0. ``reward="points"`` gives instead, at the end of each deal (the last
  one, where the game ended, too), each side's points that deal less the mean of the other
  sides' points; the game's result is then in ``info`` (``winner``, ``scores``, ``skunk``).
- **Gymnasium:** ``gymnasium.make("crib_core/Crib-v1", opponent="greedy")`` makes ``single``'s
  environment once ``crib_core.env`` is imported (``Crib-v0``: version 0's observations).
- **Seeds:** ``reset(seed=S)`` deals what ``crib game --seed S`` deals; ``match_seed(S, g)``
  is the seed of group ``g`` of ``crib match --seed S`` (its first game seats ``player_0`` as
  the first player named). ``reset()`` without a seed draws the next game's seed from the
  environment's own generator, itself seeded by the last seed given.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Optional, Sequence, Union

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as missing:
    raise ImportError(
        f"crib_core.env needs PettingZoo, Gymnasium and NumPy ({missing.name} is missing): "
        'pip install "crib-core[env]"'
    ) from missing

from ._native import GameSteps, match_seed, parse_cards, request_observation

__all__ = [
    "CARDS",
    "GYMNASIUM_ID",
    "LEVELS",
    "OBSERVATION_SIZE",
    "OBSERVATION_SIZES",
    "Policy",
    "PolicyBot",
    "CribEnv",
    "SingleCribEnv",
    "VectorCribEnv",
    "aec",
    "match_seed",
    "observation_of",
    "single",
    "vector",
]

#: The cards by action number.
CARDS: tuple[str, ...] = tuple(GameSteps.CARDS)
#: The numbers in an observation of version 0.
OBSERVATION_SIZE: int = GameSteps.OBSERVATION_SIZE
#: The numbers in an observation, by the environment's version.
OBSERVATION_SIZES: dict[int, int] = {0: OBSERVATION_SIZE, 1: OBSERVATION_SIZE + GameSteps.PLAY_ORDER_SIZE}
VERSIONS = tuple(OBSERVATION_SIZES)
#: crib's players, weakest first: the names of ``crib game --opponent`` and ``crib match``.
LEVELS = tuple(GameSteps.LEVELS)
REWARDS = ("game", "points")
#: A policy that may sit opposite in ``single``: an observation and its info to an action.
Policy = Callable[[dict, dict], Any]

_NO_MASK = np.zeros(len(CARDS), dtype=np.int8)


def _spaces(version: int):
    observation = spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZES[version],), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (len(CARDS),), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(len(CARDS))


def _card(action: Any) -> int:
    """An action as a card number, or a ValueError naming it."""
    if isinstance(action, bool):
        raise ValueError(f"action {action!r}: an action is a card's number, not True or False")
    try:
        return operator.index(action)
    except TypeError:
        raise ValueError(
            f"action {action!r}: an action is a card's number, a whole number from 0 to 51"
        ) from None


def _player(player: Any, players: int) -> int:
    """A player's number: a whole number (NumPy's too), not True or False; a ValueError else."""
    numbered = f"{players} players are numbered 0 to {players - 1}"
    if isinstance(player, bool):
        raise ValueError(f"player {player!r}: a player is a number ({numbered}), not True or False")
    try:
        number = operator.index(player)
    except TypeError:
        raise ValueError(f"player {player!r}: {numbered}") from None
    if not 0 <= number < players:
        raise ValueError(f"player {player!r}: {numbered}")
    return number


def _checked(players: int, game: int, reward: str, version: Any = 1) -> None:
    GameSteps(players=players, game=game)  # the player count and the game, in crib's words
    if reward not in REWARDS:
        raise ValueError(f'reward {reward!r}: the rewards are "game" and "points"')
    if isinstance(version, bool) or version not in VERSIONS:
        raise ValueError(f"version {version!r}: the versions are 0 and 1 (the default)")


def _opposite(opponent: Any, players: int, player: int, policy: str) -> dict:
    """Who plays each other seat than ``player``'s: one of ``LEVELS`` or a policy for them all,
    or a list round the table, checked; ``policy`` says what a policy is, for the error."""
    others = [p for p in range(players) if p != player]
    one = isinstance(opponent, str) or callable(opponent)
    chosen = [opponent] * len(others) if one else list(opponent)
    if len(chosen) != len(others):
        raise ValueError(f"opponent: {len(chosen)} levels for the {len(others)} other players")
    for level in chosen:
        if not callable(level) and level not in LEVELS:
            raise ValueError(
                f"opponent {level!r}: crib's levels are {', '.join(LEVELS)}, or a policy: {policy}"
            )
    return dict(zip(others, chosen))


def _game_rewards(steps: GameSteps) -> list[float]:
    """The game's result by side: +1 to the winner, the rest shared by the others."""
    winner = steps.over()[0]
    sides = len(steps.scores())
    loss = -1.0 / (sides - 1)
    return [1.0 if side == winner else loss for side in range(sides)]


def _deal_rewards(steps: GameSteps) -> list[float]:
    """Each side's points the deal just counted, less the mean of the others'."""
    points = steps.last_deal()
    total, others = sum(points), len(points) - 1
    return [p - (total - p) / others for p in points]


def _render(steps: GameSteps) -> str:
    """The game as text: the scores, who deals, and the play so far."""
    n = steps.players
    scores = steps.scores()
    if n == 4:
        score = f"players 0 and 2 {scores[0]}, players 1 and 3 {scores[1]}"
    else:
        score = ", ".join(f"player {p} {s}" for p, s in enumerate(scores))
    lines = [f"crib: {n} players to {steps.game}: {score}; player {steps.dealer()} deals."]
    over = steps.over()
    if over is not None:
        winner = over[0]
        who = f"players {winner} and {winner + 2}" if n == 4 else f"player {winner}"
        lines.append(f"{who} won" + (f" by a {over[2]}." if over[2] else "."))
        return "\n".join(lines)
    player, ask, left = steps.to_act()
    view = steps.view(player)
    if ask == "throw":
        lines.append(f"player {player} throws ({left} to go) from {' '.join(view['dealt'])}.")
    else:
        play = " ".join(view["sequence"]) or "nothing yet"
        lines.append(f"starter {view['starter']}; the play: {play} (count {view['count']}).")
        lines.append(f"player {player} plays from {' '.join(view['legal'])}.")
    return "\n".join(lines)


class CribEnv(AECEnv):
    """One game of cribbage as a PettingZoo AEC environment (see the module's notes)."""

    metadata = {
        "name": "crib_v1",
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        game: int = 121,
        reward: str = "game",
        render_mode: Optional[str] = None,
        version: int = 1,
        illegal: str = "raise",
    ):
        super().__init__()
        _checked(players, game, reward, version)
        if illegal not in ("raise", "lose"):
            raise ValueError(f'illegal {illegal!r}: an illegal action may "raise" or "lose"')
        self.version, self.illegal = version, illegal
        self.metadata = dict(self.metadata, name=f"crib_v{version}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f'render_mode {render_mode!r}: the modes are "ansi" and "human"')
        self.players, self.game, self.reward, self.render_mode = players, game, reward, render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._number = {agent: i for i, agent in enumerate(self.possible_agents)}
        observation, action = _spaces(version)
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: action for a in self.possible_agents}
        self._rng: Optional[np.random.Generator] = None
        self.steps: Optional[GameSteps] = None

    #: What PettingZoo's OrderEnforcingWrapper refuses to read before ``reset()``.
    _BEFORE_RESET = frozenset(
        {"rewards", "terminations", "truncations", "infos", "agent_selection", "agents"}
    )

    def __getattr__(self, name: str) -> Any:
        # Only for an attribute not set: before reset(), the wrapper's words.
        if name in CribEnv._BEFORE_RESET:
            raise AttributeError(f"{name} cannot be accessed before reset")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def agent_iter(self, max_iter: int = 2**63):
        if self.steps is None:
            EnvLogger.error_agent_iter_before_reset()
        return super().agent_iter(max_iter)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = seed
        else:
            if self._rng is None:
                self._rng = np.random.default_rng()
            game_seed = int(self._rng.integers(2**63))
        self.steps = GameSteps(players=self.players, game=self.game, seed=game_seed)
        self.agents = self.possible_agents[:]
        self._no_rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards = self._no_rewards
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._deal_told = False
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """The player to act is the agent selected; its info carries its view."""
        player = self.steps.to_act()[0]
        agent = self.agent_selection = self.possible_agents[player]
        self.infos[agent] = {**self.infos[agent], "view": self.steps.view(player)}

    def observe(self, agent: str) -> dict:
        if self.steps is None:
            EnvLogger.error_observe_before_reset()
        player = self._number[agent]
        observation = np.frombuffer(self.steps.observation(player, self.version), dtype=np.float32)
        if agent == self.agent_selection and not self.terminations[agent]:
            mask = np.frombuffer(self.steps.mask(), dtype=np.int8)
        else:
            mask = _NO_MASK.copy()
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        if self.steps is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        steps = self.steps
        card = _card(action)
        if self.illegal == "lose" and not (0 <= card < len(CARDS) and steps.mask()[card]):
            self._lose(agent, card)
            return
        settled = steps.act(card)  # a card the player may not choose: ValueError, no change
        self._cumulative_rewards[agent] = 0.0
        if self._deal_told:
            # The end of the last deal is told once: each agent's info is fresh again.
            self.infos = {a: {} for a in self.agents}
            self._deal_told = False
        self.infos[agent] = {}
        over = steps.over() if settled else None
        if settled and (over is not None or self.reward == "points"):
            # Points: every deal by its points, the last one too (the result is in info).
            by_side = _deal_rewards(steps) if self.reward == "points" else _game_rewards(steps)
            sides = len(by_side)
            self.rewards = {a: by_side[i % sides] for i, a in enumerate(self.possible_agents)}
            self._accumulate_rewards()
        else:
            self.rewards = self._no_rewards  # the same zeros each step: nothing to add
        if settled:
            # Every agent is told the deal is over, and each side's points in it.
            points = steps.last_deal()
            sides = len(points)
            for i, a in enumerate(self.possible_agents):
                own = i % sides
                deal = {"deal_over": True, "deal_points": points[own:] + points[:own]}
                self.infos[a] = {**self.infos.get(a, {}), **deal}
            self._deal_told = True
        if over is None:
            self._select()
        else:
            self.terminations = dict.fromkeys(self.agents, True)
            result = {"winner": over[0], "scores": over[1], "skunk": over[2]}
            self.infos = {a: {**self.infos.get(a, {}), **result} for a in self.agents}
            after = (self._number[agent] + 1) % self.players
            self.agent_selection = self.possible_agents[after]
        if self.render_mode == "human":
            self.render()

    def _lose(self, agent: str, card: int) -> None:
        """An action the mask does not allow, with illegal="lose": the agent's side loses the
        game (-1, the others sharing +1), and the game ends, as PettingZoo's
        TerminateIllegalWrapper ends it."""
        sides = len(self.steps.scores())
        loser = self._number[agent] % sides
        by_side = [-1.0 if side == loser else 1.0 / (sides - 1) for side in range(sides)]
        self.rewards = {a: by_side[i % sides] for i, a in enumerate(self.possible_agents)}
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"illegal": card, "player": self._number[agent]} for a in self.agents}

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: none is drawn")
            return None
        if self.steps is None:
            EnvLogger.error_render_before_reset()
        text = _render(self.steps)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def aec(
    players: int = 2,
    game: int = 121,
    reward: str = "game",
    render_mode: Optional[str] = None,
    version: int = 1,
    illegal: str = "raise",
) -> CribEnv:
    """One game of cribbage as a PettingZoo AEC environment.

    >>> env = aec(players=3, game=61)
    >>> env.reset(seed=1)
    >>> env.agent_selection, env.action_space(env.agent_selection)
    ('player_0', Discrete(52))

    It checks the order of calls as PettingZoo's ``OrderEnforcingWrapper`` does for its classic
    games, with the wrapper's own errors (a step, an observation, a render or ``agent_iter``
    before ``reset()``; ``rewards`` and the like read before it), but in the environment itself,
    at no cost to a step (the wrapper took 40% of a step's time).
    """
    return CribEnv(
        players=players,
        game=game,
        reward=reward,
        render_mode=render_mode,
        version=version,
        illegal=illegal,
    )


class SingleCribEnv(gymnasium.Env):
    """One game in which ``player`` is yours and crib's levels play the others (see ``single``)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        opponent: Union[str, Policy, Sequence[Union[str, Policy]]] = "expert",
        players: int = 2,
        game: int = 121,
        player: int = 0,
        reward: str = "game",
        illegal: str = "raise",
        render_mode: Optional[str] = None,
        version: int = 1,
    ):
        self._env = CribEnv(
            players=players,
            game=game,
            reward=reward,
            render_mode=None,
            version=version,
            illegal=illegal,
        )
        player = _player(player, players)
        levels = _opposite(
            opponent, players, player, "a function of an observation and its info to an action"
        )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f'render_mode {render_mode!r}: the modes are "ansi" and "human"')
        self.player, self.illegal, self.render_mode = player, illegal, render_mode
        self.levels = levels
        self._agent = f"player_{player}"
        self._lost = False
        self.observation_space, self.action_space = _spaces(version)

    @property
    def steps(self) -> GameSteps:
        """The game under way (a ``GameSteps``)."""
        return self._env.steps

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self._env.reset(seed=game_seed)
        self._lost = False
        reward = self._others()
        assert reward == 0.0, "no deal ends before every player has thrown"
        return self._observe(), self._info()

    def _others(self) -> float:
        """crib's levels play until it is your turn or the game is over: your reward meanwhile."""
        env, reward = self._env, 0.0
        while not env.terminations[self._agent]:
            player = env.steps.to_act()[0]
            if player == self.player:
                break
            level = self.levels[player]
            if callable(level):
                # A policy (a frozen copy of the learner, for self-play): what that player
                # observes, and its info, to its action.
                agent = env.possible_agents[player]
                env.step(level(env.observe(agent), dict(env.infos[agent])))
            else:
                env.step(env.steps.choice(level))
            reward += env.rewards[self._agent]
        return reward

    def _observe(self) -> dict:
        return self._env.observe(self._agent)

    def _info(self) -> dict:
        return dict(self._env.infos[self._agent])

    def step(self, action: Any):
        env = self._env
        if self._lost or env.terminations[self._agent]:
            raise ValueError("the game is over: reset() starts another")
        card = _card(action)
        if self.illegal == "lose" and not (0 <= card < len(CARDS) and env.steps.mask()[card]):
            self._lost = True
            return self._observe(), -1.0, True, False, {"illegal": card}
        env.step(card)
        reward = env.rewards[self._agent] + self._others()
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, env.terminations[self._agent], False, self._info()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: none is drawn")
            return None
        text = _render(self._env.steps)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def single(
    opponent: Union[str, Policy, Sequence[Union[str, Policy]]] = "expert",
    players: int = 2,
    game: int = 121,
    player: int = 0,
    reward: str = "game",
    illegal: str = "raise",
    render_mode: Optional[str] = None,
    version: int = 1,
) -> SingleCribEnv:
    """One game as a Gymnasium environment: ``player`` is yours, crib's levels play the others.

    ``opponent`` is one of ``LEVELS`` for every other player, or a list of them in order round
    the table; with four players your partner is one of them. A policy may sit there too: a
    function of an observation (as ``observe`` gives it, from that player's seat) and its
    ``info`` to an action, such as a frozen copy of the learner, for self-play. ``illegal="lose"`` ends the game as
    a loss (reward -1) on a card the mask does not allow, as PettingZoo's
    ``TerminateIllegalWrapper`` does, instead of raising ``ValueError`` (Gymnasium's
    ``check_env`` samples actions without the mask).

    >>> env = single(opponent="greedy")
    >>> observation, info = env.reset(seed=2)
    >>> observation["observation"].shape, int(observation["action_mask"].sum()), info["view"]["ask"]
    ((663,), 6, 'throw')
    """
    return SingleCribEnv(
        opponent=opponent,
        players=players,
        game=game,
        player=player,
        reward=reward,
        illegal=illegal,
        render_mode=render_mode,
        version=version,
    )


_CARD_NUMBER = {card: i for i, card in enumerate(CARDS)}


def _numbers(cards: Any) -> list[int]:
    """Cards as text or ``Card``s (``"Th"``, ``"10h"``, ``"5♥"``) to the environment's numbers."""
    return [_CARD_NUMBER[str(card)] for card in parse_cards(cards)] if cards else []


def observation_of(request: dict, chosen: Sequence[Any] = (), version: int = 1) -> dict:
    """What the player asked by an engine request sees, as the environment observes it: the
    request (a dict, as ``crib_core.engine`` hands a bot a throw or a play, docs/engine.md) to
    the observation and the action mask a policy trained in the environment takes. ``chosen``
    are the cards of a throw chosen so far (the environment asks for a throw a card at a time).

    >>> request = {"ask": "play", "players": 2, "game": 121, "seat": 2, "role": "dealer",
    ...            "hand": ["5h", "6d", "Jc", "Qs"], "thrown": ["2c", "9d"], "starter": "4h",
    ...            "sequence": ["10s"], "count": 10, "legal": ["5h", "6d", "Jc", "Qs"],
    ...            "scores": {"you": 3, "opponent": 5}}
    >>> seen = observation_of(request)
    >>> seen["observation"].shape, [CARDS[i] for i in seen["action_mask"].nonzero()[0]]
    ((663,), ['5h', '6d', 'Jc', 'Qs'])
    """
    if isinstance(version, bool) or version not in VERSIONS:
        raise ValueError(f"version {version!r}: the versions are 0 and 1 (the default)")
    numbers = np.frombuffer(request_observation(request, list(chosen), version), dtype=np.float32)
    mask = np.zeros(len(CARDS), dtype=np.int8)
    if request.get("ask") == "play":
        allowed = _numbers(request.get("legal", []))
    else:
        taken = set(_numbers(list(chosen)))
        allowed = [i for i in _numbers(request.get("dealt", [])) if i not in taken]
    mask[allowed] = 1
    return {"observation": numbers, "action_mask": mask}


class PolicyBot:
    """A policy trained in the environment as a bot for ``crib_core.engine``: each request read
    by ``observation_of`` and given to ``policy`` (a function of an observation and its info,
    ``{"view": request}``, to an action, as ``single`` seats one), a throw a card at a time.

        crib_core.engine.serve(crib_env.PolicyBot(policy))
    """

    def __init__(self, policy: Policy, version: int = 1, name: str = "policy"):
        self.policy, self.version, self.name = policy, version, name

    def _choose(self, view: dict, chosen: list) -> str:
        seen = observation_of(view, chosen, self.version)
        action = operator.index(self.policy(seen, {"view": view}))
        if not 0 <= action < len(CARDS) or not seen["action_mask"][action]:
            raise ValueError(f"the policy chose action {action!r}, which the mask does not allow")
        return CARDS[action]

    def throw(self, view: dict) -> list:
        chosen: list = []
        for _ in range(2 if view.get("players", 2) == 2 else 1):
            chosen.append(self._choose(view, chosen))
        return chosen

    def play(self, view: dict) -> str:
        return self._choose(view, [])


#: The Gymnasium id of ``single``: ``gymnasium.make("crib_core/Crib-v1", opponent="greedy")``;
#: ``crib_core/Crib-v0`` makes it with version 0's observations (kept for one release).
GYMNASIUM_ID = "crib_core/Crib-v1"
for _version in VERSIONS:
    _id = f"crib_core/Crib-v{_version}"
    if _id not in gymnasium.registry:
        gymnasium.register(
            id=_id, entry_point="crib_core.env:SingleCribEnv", kwargs={"version": _version}
        )

# The batched environment stands on this module's spaces and checks: imported once they exist.
from ._vector import VectorCribEnv, vector  # noqa: E402
