"""crib_core.env.vector: n games stepped at once in Rust play exactly the games the AEC and
single-agent environments play for the same seeds and actions, refuse an illegal action
without changing any game, deal a finished game again at once, and seat crib's levels or a
Python policy opposite.
"""

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from crib_core import env as crib_env


def choose(rng, mask):
    """A random card among those the mask allows."""
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("reward", ["game", "points"])
def test_the_vector_plays_the_games_the_aec_environment_plays(players, reward):
    """Every player yours: game i of vector(seed=S) is aec's game of seed S+i, observation,
    mask, player to act, rewards and end alike, step for step, to the end of each game."""
    n, seed = 5, 40
    vec = crib_env.vector(n, opponent=None, players=players, game=61, reward=reward)
    observations, info = vec.reset(seed=seed)
    envs = []
    for i in range(n):
        env = crib_env.aec(players=players, game=61, reward=reward)
        env.reset(seed=seed + i)
        envs.append(env)
    rng = np.random.default_rng(players)
    live = np.ones(n, dtype=bool)
    steps = 0
    while live.any():
        actions = np.zeros(n, dtype=np.int64)
        for i, env in enumerate(envs):
            agent = env.agent_selection
            seen = env.observe(agent)
            if live[i]:
                assert info["to_act"][i] == int(agent.split("_")[1])
                assert np.array_equal(observations["observation"][i], seen["observation"])
                assert np.array_equal(observations["action_mask"][i], seen["action_mask"])
            actions[i] = choose(rng, observations["action_mask"][i])
        observations, rewards, terminated, truncated, info = vec.step(actions)
        assert rewards.shape == (n, players) and not truncated.any()
        for i, env in enumerate(envs):
            if not live[i]:
                continue
            env.step(int(actions[i]))
            expected = [env.rewards[a] for a in env.possible_agents]
            assert rewards[i].tolist() == pytest.approx(expected), (i, steps)
            assert terminated[i] == all(env.terminations.values())
            deal = env.infos[env.possible_agents[0]].get("deal_over", False)
            assert info["deal_over"][i] == deal
            if terminated[i]:
                live[i] = False
                assert info["_final_obs"][i]
                assert info["final_info"]["winner"][i] == env.infos["player_0"]["winner"]
        steps += 1
    assert steps > 20


def test_one_learner_against_crib_matches_the_single_agent_environment():
    """vector(opponent="greedy", player=1): each game is single's game of the same seed, and
    a game that ends is dealt again at once (same-step autoreset) with its last observation in
    info["final_obs"]."""
    n, seed = 3, 7
    vec = crib_env.vector(n, opponent="greedy", players=3, game=61, player=1)
    assert vec.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    observations, _ = vec.reset(seed=seed)
    singles = [crib_env.single(opponent="greedy", players=3, game=61, player=1) for _ in range(n)]
    seen = [s.reset(seed=seed + i)[0] for i, s in enumerate(singles)]
    rng = np.random.default_rng(1)
    ended = np.zeros(n, dtype=bool)
    while not ended.all():
        actions = np.array([choose(rng, o) for o in observations["action_mask"]])
        masks = vec.action_masks()
        assert masks.dtype == bool and masks.shape == (n, 52)
        for i in range(n):
            if not ended[i]:
                assert np.array_equal(observations["observation"][i], seen[i]["observation"])
                assert np.array_equal(masks[i], seen[i]["action_mask"].astype(bool))
        observations, rewards, terminated, _, info = vec.step(actions)
        assert rewards.shape == (n,)
        for i in range(n):
            if ended[i]:
                continue
            seen[i], reward, done, _, single_info = singles[i].step(int(actions[i]))
            assert rewards[i] == reward and terminated[i] == done
            if done:
                ended[i] = True
                final = info["final_obs"][i]
                assert np.array_equal(final["observation"], seen[i]["observation"])
                assert info["final_info"]["winner"][i] == single_info["winner"]
                # Dealt again at once: a new game, the learner throwing.
                assert observations["action_mask"][i].sum() == 5
    size = crib_env.OBSERVATION_SIZES[1]
    assert vec.single_observation_space["observation"].shape == (size,)
    assert vec.observation_space["observation"].shape == observations["observation"].shape == (n, size)


def test_a_policy_sits_opposite_in_the_vector():
    """A Python policy plays the other seat on a batch of rows; the games are single's with the
    same policy."""
    calls = []

    def last_allowed_batch(observations, info):
        calls.append(len(info["games"]))
        masks = observations["action_mask"]
        return np.array([np.flatnonzero(m)[-1] for m in masks])

    def last_allowed(observation, info):
        return int(np.flatnonzero(observation["action_mask"])[-1])

    n = 4
    vec = crib_env.vector(n, opponent=last_allowed_batch, players=2, game=61)
    observations, _ = vec.reset(seed=11)
    singles = [crib_env.single(opponent=last_allowed, players=2, game=61) for _ in range(n)]
    seen = [s.reset(seed=11 + i)[0] for i, s in enumerate(singles)]
    live = np.ones(n, dtype=bool)
    while live.any():
        actions = np.array([np.flatnonzero(m)[0] for m in observations["action_mask"]])
        observations, rewards, terminated, _, _ = vec.step(actions)
        for i in np.flatnonzero(live):
            seen[i], reward, done, _, _ = singles[i].step(int(actions[i]))
            assert rewards[i] == reward and terminated[i] == done
            if done:
                live[i] = False
            else:
                assert np.array_equal(observations["observation"][i], seen[i]["observation"])
    assert calls and max(calls) > 1, "the policy was asked for several games at once"


def test_an_illegal_action_raises_and_changes_no_game():
    vec = crib_env.vector(3, opponent="random", players=2)
    observations, _ = vec.reset(seed=2)
    before = observations["observation"].copy()
    actions = np.array([np.flatnonzero(m)[0] for m in observations["action_mask"]])
    illegal = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    actions[1] = illegal
    with pytest.raises(ValueError, match=rf"game 1: card {illegal} \("):
        vec.step(actions)
    with pytest.raises(ValueError, match="game 0: action 52"):
        vec.step(np.array([52, 0, 0]))
    with pytest.raises(ValueError, match="one card number a game"):
        vec.step([0, 1])
    # Nothing moved: the legal actions are taken as before.
    actions[1] = np.flatnonzero(observations["action_mask"][1])[0]
    again, *_ = vec.step(actions)
    assert not np.array_equal(again["observation"], before)
    for bad, words in (
        (dict(n=0), "1 game or more"),
        (dict(n=2, opponent="grandmaster"), "crib's levels"),
        (dict(n=2, version=3), "versions"),
        (dict(n=2, players=5), "2, 3 or 4 players"),
    ):
        with pytest.raises(ValueError, match=words):
            crib_env.vector(**bad)


def test_copy_false_gives_the_batchs_own_arrays():
    vec = crib_env.vector(2, opponent="greedy", copy=False)
    first, _ = vec.reset(seed=1)
    second, *_ = vec.step(np.array([np.flatnonzero(m)[0] for m in first["action_mask"]]))
    assert first["observation"] is second["observation"]
    copied = crib_env.vector(2, opponent="greedy")
    a, _ = copied.reset(seed=1)
    b, *_ = copied.step(np.array([np.flatnonzero(m)[0] for m in a["action_mask"]]))
    assert a["observation"] is not b["observation"]


def test_the_same_seed_plays_the_same_games_through_every_restart():
    """Games dealt again as others end draw their seeds from the reset's seed: two batches with
    the same seed and the same actions give the same arrays, restarts and all."""
    runs = []
    for _ in range(2):
        vec = crib_env.vector(6, opponent="random", players=2, game=61)
        observations, _ = vec.reset(seed=9)
        rng = np.random.default_rng(3)
        seen, ended = [], 0
        for _ in range(120):
            actions = np.array([choose(rng, m) for m in observations["action_mask"]])
            observations, rewards, terminated, _, info = vec.step(actions)
            ended += int(terminated.sum())
            seen.append((observations["observation"].tobytes(), rewards.tobytes()))
        runs.append((seen, ended))
    assert runs[0] == runs[1] and runs[0][1] >= 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_engine_request_is_observed_as_the_environment_observes_it(players):
    """observation_of(request, chosen): the engine protocol's request to the player to act (the
    AEC environment's info["view"]), with the cards of its throw chosen so far, gives that
    player's observation and mask, number for number, at every step of a game."""
    env = crib_env.aec(players=players, game=61)
    env.reset(seed=players)
    rng = np.random.default_rng(players)
    chosen: dict = {}
    steps = 0
    for agent in env.agent_iter():
        observation, _, terminated, _, info = env.last()
        if terminated:
            env.step(None)
            continue
        view = info["view"]
        mine = chosen.setdefault(agent, []) if view["ask"] == "throw" else []
        seen = crib_env.observation_of(view, [crib_env.CARDS[c] for c in mine])
        assert np.array_equal(seen["observation"], observation["observation"]), (agent, steps)
        assert np.array_equal(seen["action_mask"], observation["action_mask"])
        action = choose(rng, observation["action_mask"])
        if view["ask"] == "throw":
            mine.append(action)
            if len(mine) == (2 if players == 2 else 1):
                chosen[agent] = []
        env.step(action)
        steps += 1
    assert steps > 30
    with pytest.raises(ValueError, match="seat"):
        crib_env.observation_of({"ask": "throw", "players": 2, "seat": 3, "dealt": "Ah 2h 3h 4h 5h 6h"})
    with pytest.raises(ValueError, match="versions"):
        crib_env.observation_of({"ask": "throw", "seat": 1, "dealt": "Ah 2h 3h 4h 5h 6h"}, version=2)


def test_a_policy_serves_as_an_engine_in_one_line(tmp_path):
    """PolicyBot: a policy of the environment answers crib's engine protocol, a throw a card
    at a time, and the batched learning example's policy plays `crib match` without a forfeit."""
    import json
    import subprocess
    import sys

    from crib_core import engine
    from test_crib_core import crib_command
    from test_env import EXAMPLES

    def first(observation, info):
        return int(np.flatnonzero(observation["action_mask"])[0])

    bot = crib_env.PolicyBot(first)
    throw = engine.answer(bot, {"ask": "throw", "players": 2, "seat": 1, "dealt": ["9h", "Ah", "5c", "Kd", "2s", "7h"]})
    assert throw == {"throw": ["Ah", "2s"]}
    play = engine.answer(bot, {"ask": "play", "players": 2, "seat": 2, "hand": ["5h", "6d", "Jc", "Qs"],
                               "thrown": ["2c", "9d"], "starter": "4h", "sequence": ["10s"],
                               "legal": ["5h", "6d", "Jc", "Qs"]})
    assert play == {"card": "5h"}
    weights = tmp_path / "policy.npz"
    subprocess.run([sys.executable, str(EXAMPLES / "learn_batch.py"), "--steps", "30", "--out", str(weights)],
                   check=True, capture_output=True)
    served = f"{sys.executable} {EXAMPLES / 'learn_batch.py'} --serve {weights}"
    done = subprocess.run(
        [crib_command(), "match", "learned", "crib:random", "--engine", f"learned={served}",
         "--games", "4", "--seed", "3", "--json"],
        check=True, capture_output=True, text=True,
    )
    summary = json.loads(done.stdout)
    assert summary["forfeits"] == [] and summary["games"] == 4


def test_the_vector_pickles_mid_game_and_plays_on_alike():
    """A pickle of the batched environment, made after games have ended and been dealt again,
    plays on exactly as the original does: observations, rewards and restarts."""
    import pickle

    vec = crib_env.vector(5, opponent="greedy", players=3, game=61, reward="points")
    observations, _ = vec.reset(seed=21)
    rng = np.random.default_rng(8)
    ended = 0
    while ended < 3:
        actions = np.array([choose(rng, m) for m in observations["action_mask"]])
        observations, _, terminated, _, _ = vec.step(actions)
        ended += int(terminated.sum())
    twin = pickle.loads(pickle.dumps(vec))
    again = twin._observations()
    assert np.array_equal(again["observation"], observations["observation"])
    assert np.array_equal(again["action_mask"], observations["action_mask"])
    for _ in range(150):
        actions = np.array([choose(rng, m) for m in observations["action_mask"]])
        observations, rewards, terminated, _, _ = vec.step(actions)
        theirs, their_rewards, their_ends, _, _ = twin.step(actions)
        assert np.array_equal(observations["observation"], theirs["observation"])
        assert np.array_equal(rewards, their_rewards) and np.array_equal(terminated, their_ends)
