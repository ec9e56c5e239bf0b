"""crib_core.env and crib_core.engine: the environment passes PettingZoo's and Gymnasium's own
checks, counts every deal as crib's deal counter does, plays the games `crib match` plays with
the same seed, refuses illegal actions, and the example bot and learner work as docs/python.md
says.
"""

import json
import random
import re
import shlex
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import crib_core
from crib_core import engine
from crib_core import env as crib_env

from test_crib_core import ROOT, crib_command

EXAMPLES = ROOT / "bindings" / "python" / "examples"

# What PettingZoo's api_test says of every environment whose observation is a dict of an
# observation and an action mask, as its own classic card and board games are.
DICT_OBSERVATION_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_and_seed_tests(players):
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(crib_env.aec(players=players), num_cycles=400)
        api_test(crib_env.aec(players=players, game=61, reward="points"), num_cycles=400)
    unexpected = {
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not unexpected
    seed_test(lambda: crib_env.aec(players=players), num_cycles=400)


@pytest.mark.parametrize("players", [2, 4])
def test_gymnasium_check_env(players):
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    # check_env steps with actions sampled without the mask: an illegal card loses the game.
    made = gymnasium.make(
        crib_env.GYMNASIUM_ID, opponent="greedy", players=players, illegal="lose"
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made.unwrapped)
    assert not [str(w.message) for w in caught]


def board_to_sides(board, settled, players):
    """Scores by the board's sides (by seat; with four players the partnerships; a dict of
    pone and dealer for two sides) as scores by side of the match (by player)."""
    if isinstance(board, dict):
        board = [board["pone"], board["dealer"]]
    sides = len(board)
    by_side = [None] * sides
    for player in range(players):
        seat = (player - settled["dealer"] - 1) % players
        by_side[player % sides] = board[seat % sides]
    return by_side


def test_ten_thousand_random_games_recount_alike():
    """Every deal of 10,000 games of random cards, recounted by crib's deal counter from its
    hands, crib, starter and play, ends at the scores the environment has."""
    kinds = [(p, g) for p in (2, 3, 4) for g in (61, 121)]
    deals = 0
    for game_number in range(10_000):
        players, hole = kinds[game_number % len(kinds)]
        rng = random.Random(game_number)
        steps = crib_core.GameSteps(players=players, game=hole, seed=game_number)
        before = steps.scores()
        while steps.over() is None:
            if not steps.act(rng.choice(steps.legal())):
                continue
            settled = steps.settled()
            recount = crib_core.count_deal(
                settled["hands"],
                settled["crib"],
                settled["starter"],
                settled["play"],
                scores=settled["scores"],
                game=hole,
            )
            assert board_to_sides(recount.start_scores, settled, players) == before
            after = steps.scores()
            assert board_to_sides(recount.final_scores, settled, players) == after, settled
            assert bool(recount.winning_seats) == (steps.over() is not None)
            assert [a - b for a, b in zip(after, before)] == steps.last_deal()
            before = after
            deals += 1
        winner, scores, _ = steps.over()
        assert scores[winner] == hole and all(s < hole for i, s in enumerate(scores) if i != winner)
    assert deals > 10_000


def play_through_env(players, levels, seed):
    """A game through the AEC environment, each player choosing as crib's level says; the deals
    as they were settled."""
    env = crib_env.aec(players=players)
    env.reset(seed=seed)
    settled = []
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        deals = env.steps.deals
        env.step(env.steps.choice(levels[int(agent.split("_")[1])]))
        if env.steps.deals != deals:
            settled.append(env.steps.settled())
    return settled


def logged(line):
    """A deal of `crib match --log` as GameSteps.settled() gives it: dealt, throws, starter,
    play and scores, by seat."""
    if "hands" in line:  # three or four players
        return {
            "dealt": line["hands"],
            "throws": [[card] for card in line["throws"]],
            "starter": line["starter"],
            "play": " ".join(line["play"]),
            "scores": line["scores"],
        }
    return {
        "dealt": [line["pone"], line["dealer"]],
        "throws": [line["pone_throw"], line["dealer_throw"]],
        "starter": line["starter"],
        "play": " ".join(line["play"]),
        "scores": [line["scores"]["pone"], line["scores"]["dealer"]],
    }


@pytest.mark.parametrize(
    "levels",
    [
        ["expert", "expert"],
        ["expert", "greedy"],
        ["club", "novice"],
        ["expert", "greedy", "random"],
        ["expert", "greedy", "random", "reply-aware"],
    ],
)
def test_the_environment_plays_the_match_game(levels, tmp_path):
    """crib's levels playing through the environment play, deal for deal, the first game of
    `crib match` with the same seed (player_0 the first named): the same cards, throws,
    starters, play and scores."""
    subprocess.run(
        [crib_command(), "match", *(f"crib:{level}" for level in levels), "--games", "1",
         "--seed", "7", "--log", str(tmp_path / "log"), "--workers", "1"],
        check=True, capture_output=True,
    )
    lines = (tmp_path / "log" / "game-00001.jsonl").read_text().splitlines()
    theirs = [logged(json.loads(line)) for line in lines]
    ours = play_through_env(len(levels), levels, seed=crib_env.match_seed(7, 0))
    keys = ("dealt", "throws", "starter", "play", "scores")
    assert [{k: d[k] for k in keys} for d in ours] == theirs


def test_an_illegal_action_raises_and_changes_nothing():
    env = crib_env.aec(players=2)
    env.reset(seed=4)
    before = env.observe(env.agent_selection)
    held = set(np.flatnonzero(before["action_mask"]))
    stranger = next(i for i in range(52) if i not in held)
    for action in (stranger, 52, -1):
        with pytest.raises(ValueError, match="card"):
            env.step(action)
    for action in (2.5, "5h", None):
        with pytest.raises(ValueError):
            env.step(action)
    after = env.observe(env.agent_selection)
    assert np.array_equal(before["observation"], after["observation"])
    env.step(np.int64(min(held)))  # a NumPy integer is a card number too
    with pytest.raises(ValueError, match="2 players are numbered 0 to 1"):
        env.steps.observation(2)
    with pytest.raises(ValueError, match="players"):
        crib_env.aec(players=5)
    with pytest.raises(ValueError, match="reward"):
        crib_env.aec(reward="money")
    with pytest.raises(ValueError, match="level"):
        crib_env.single(opponent="genius")
    with pytest.raises(ValueError, match="seed -1"):
        crib_core.GameSteps(seed=-1)
    single = crib_env.single(opponent="random")
    observation, _ = single.reset(seed=1)
    with pytest.raises(ValueError, match="card"):
        single.step(next(i for i in range(52) if not observation["action_mask"][i]))


def test_rewards_sum_to_nothing():
    """+1 to the winner, the others share -1 (three players); a deal's points net of the rest."""
    for players in (2, 3, 4):
        env = crib_env.aec(players=players, game=61)
        env.reset(seed=players)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            _, reward, terminated, _, _ = env.last()
            totals[agent] += reward
            env.step(None if terminated else env.steps.choice("greedy"))
        assert abs(sum(totals.values())) < 1e-9
        assert sorted(totals.values())[-1] == 1.0
        if players == 4:
            assert totals["player_0"] == totals["player_2"]


def test_the_single_agent_wrapper_plays_a_whole_game():
    env = crib_env.single(opponent=["greedy", "expert", "random"], players=4, game=61)
    observation, info = env.reset(seed=3)
    total, terminated = 0.0, False
    while not terminated:
        card = env.steps.choice("greedy")
        assert observation["action_mask"][card] == 1
        observation, reward, terminated, truncated, info = env.step(card)
        total += reward
    assert total in (1.0, -1.0) and not truncated
    assert (total == 1.0) == (info["winner"] == 0)


def engine_answer(view):
    done = subprocess.run(
        [crib_command(), "engine", "--level", "expert"], input=json.dumps(view) + "\n",
        capture_output=True, text=True, check=True,
    )
    return json.loads(done.stdout)


def test_the_view_is_the_engine_request():
    """info["view"] is a request `crib engine` answers, as the environment's own expert does."""
    env = crib_env.aec(players=2)
    env.reset(seed=5)
    view = env.infos[env.agent_selection]["view"]
    assert (view["ask"], len(view["dealt"]), view["scores"]) == ("throw", 6, {"you": 0, "opponent": 0})
    assert engine_answer(view)["throw"][0] == crib_env.CARDS[env.steps.choice("expert")]
    while env.steps.to_act()[1] == "throw":
        env.step(env.steps.choice("expert"))
    view = env.infos[env.agent_selection]["view"]
    assert view["ask"] == "play" and view["count"] == 0 and view["sequence"] == []
    assert engine_answer(view)["card"] == crib_env.CARDS[env.steps.choice("expert")]


def test_the_example_bot_plays_a_match_without_forfeit():
    bot = f"{sys.executable} {EXAMPLES / 'bot.py'}"
    for players in (2, 3):
        named = ["crib:greedy", "bot"] + ["crib:random"] * (players - 2)
        done = subprocess.run(
            [crib_command(), "match", *named, "--engine", f"bot={bot}", "--players",
             str(players), "--games", "6", "--seed", "2", "--json"],
            check=True, capture_output=True, text=True,
        )
        summary = json.loads(done.stdout)
        assert summary["forfeits"] == [] and summary["games"] == 6


def test_the_bot_kit_answers_each_request():
    class First:
        name = "first"

        def throw(self, view):
            return view["dealt"][:2]

        def play(self, view):
            if view["count"] > 20:
                raise RuntimeError("no idea")
            return crib_core.Card(view["legal"][0])

    import io

    requests = [
        {"ask": "hello", "protocol": 1},
        {"ask": "throw", "dealt": ["5h", "5c", "5s", "Jd", "2c", "9h"]},
        {"ask": "play", "legal": ["Kd"], "count": 5},
        {"ask": "play", "legal": ["Ah"], "count": 30},
        {"ask": "fold"},
    ]
    stdin = io.StringIO("\ufeff" + "\n".join(json.dumps(r) for r in requests) + "\n\n# done\nnot json\n")
    stdout = io.StringIO()
    engine.serve(First(), stdin=stdin, stdout=stdout)
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert answers[0] == {"name": "first", "version": "1", "protocol": 1, "players": [2, 3, 4],
                          "games": [61, 121]}
    assert answers[1] == {"throw": ["5h", "5c"]}
    assert answers[2] == {"card": "Kd"}
    # The reason carries where the bot raised: its last frame.
    assert re.fullmatch(r"RuntimeError: no idea \(at test_env\.py:\d+, in play\)", answers[3]["error"])
    assert "fold" in answers[4]["error"]
    assert "JSONDecodeError" in answers[5]["error"]
    assert len(answers) == 6


def test_the_docstrings_examples():
    import doctest

    for module in (crib_env, engine):
        failed, tried = doctest.testmod(module, extraglobs={"crib_core": crib_core})
        assert tried > 0 and failed == 0


def docs_block(after):
    """The first fenced block of docs/python.md after the line `after`."""
    text = (ROOT / "docs" / "python.md").read_text()
    rest = text[text.index(after):]
    start = rest.index("```")
    body = rest[rest.index("\n", start) + 1:]
    return body[: body.index("```")]


def test_the_docs_show_the_example_bot_as_it_is():
    assert docs_block("This complete bot") == (EXAMPLES / "bot.py").read_text()


def test_the_learning_example_beats_random_as_the_docs_say():
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "learn.py")], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    seconds = re.compile(r"in [0-9.]+ s:")
    shown = docs_block("### Learning, in a minute")
    assert seconds.sub("in S s:", done.stdout) == seconds.sub("in S s:", shown)


def test_the_stubs_name_everything_the_module_has():
    import ast

    stubs = Path(crib_core.__file__).with_name("__init__.pyi")
    tree = ast.parse(stubs.read_text())
    named = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    native = {n for n in dir(crib_core._native) if not n.startswith("_")}
    assert native - named == set()


# Hardening, round five: rows 12 to 15 of the issue, each failing before its fix.


def test_points_reward_every_deal_the_last_too():
    """reward="points": the rewards of a game add up to its final margin, the last deal's
    points included; the result is in the final info."""
    for seed in range(40):
        env = crib_env.aec(players=2, game=61, reward="points")
        env.reset(seed=seed)
        total = {agent: 0.0 for agent in env.possible_agents}
        for agent in env.agent_iter():
            _, reward, terminated, _, info = env.last()
            total[agent] += reward
            if terminated:
                env.step(None)
                continue
            env.step(env.unwrapped.steps.choice("random"))
        scores = info["scores"]
        assert total["player_0"] == pytest.approx(scores[0] - scores[1]), seed
        assert total["player_1"] == pytest.approx(scores[1] - scores[0]), seed
        assert info["winner"] in (0, 1)


def test_a_view_of_any_player_in_the_play():
    """GameSteps.view(p) of every player at every step: the count is the table's, and only the
    player to act has cards it may play."""
    for players in (2, 3, 4):
        steps = crib_core.GameSteps(players=players, game=61, seed=players)
        while steps.over() is None:
            player, ask, _ = steps.to_act()
            views = [steps.view(p) for p in range(players)]
            if ask == "play":
                counts = {view["count"] for view in views}
                assert len(counts) == 1
                for p, view in enumerate(views):
                    assert (view["legal"] == []) == (p != player), (p, player, view)
            steps.act(steps.choice("greedy"))


def test_the_bot_kit_forgives_what_bots_do():
    """A bot that prints, returns a string of cards, returns None or raises: print goes to
    standard error, a string of cards is read, None is named, and a raise says where."""
    import io

    class Loose:
        def throw(self, view):
            print("thinking about", view["dealt"])
            if view.get("none"):
                return None
            return " ".join(view["dealt"][:2])

        def play(self, view):
            return view["legal"][0]

    requests = [
        {"ask": "throw", "dealt": ["8d", "Qs", "5s", "Jd", "2c", "9h"]},
        {"ask": "throw", "dealt": ["8d", "Qs", "5s", "Jd", "2c", "9h"], "none": True},
        {"ask": "play", "legal": ["Kd"]},
    ]
    stdin = io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n")
    stdout = io.StringIO()
    engine.serve(Loose(), stdin=stdin, stdout=stdout)
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert answers[0] == {"throw": ["8d", "Qs"]}
    assert "returned None" in answers[1]["error"]
    assert answers[2] == {"card": "Kd"}
    # In a match, a bot that prints to its standard output plays without a forfeit.
    script = (
        "import crib_core.engine\n"
        "class Chatty:\n"
        "    def throw(self, view):\n"
        "        print('my throw')\n"
        "        return ' '.join(view['dealt'][: 2 if view['players'] == 2 else 1])\n"
        "    def play(self, view):\n"
        "        print('my card')\n"
        "        return view['legal'][0]\n"
        "crib_core.engine.serve(Chatty())\n"
    )
    done = subprocess.run(
        [crib_command(), "match", "crib:greedy", "chatty", "--games", "2", "--seed", "1", "--json",
         "--engine", f"chatty={sys.executable} -c {shlex.quote(script)}"],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["forfeits"] == []


def test_numbers_are_checked_and_named():
    """Numbers too large name their argument; NumPy's integers are taken, booleans refused;
    aec() checks the order of calls as PettingZoo's classic games do."""
    with pytest.raises(ValueError, match=r"^seed 1606938044258990275541962092341162602522202993782792835301376: a seed is a whole number from 0"):
        crib_core.GameSteps(seed=2**200)
    steps = crib_core.GameSteps(seed=np.int64(3))
    assert steps.deals == 0
    with pytest.raises(ValueError, match=r"^card 1180591620717411303424: a card is numbered 0 to 51"):
        steps.act(2**70)
    with pytest.raises(TypeError, match="not True or False"):
        steps.view(True)
    env = crib_env.aec()
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before step"):
        env.step(0)
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before observe"):
        env.observe("player_0")
    with pytest.raises(AttributeError, match="rewards cannot be accessed before reset"):
        env.rewards
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"^card 1180591620717411303424"):
        env.step(2**70)
    assert crib_env.single(player=np.int64(1)).player == 1
    with pytest.raises(ValueError, match="not True or False"):
        crib_env.single(player=True)
    with pytest.raises(ValueError, match="players are numbered 0 to 1"):
        crib_env.single(player=2)


def test_version_1_observes_the_order_of_the_play():
    """Version 1 (the default) adds the cards on the count in order, who played each, and the
    gos; version 0 is kept, its 438 numbers the first of version 1's."""
    assert crib_env.OBSERVATION_SIZES == {0: 438, 1: 663}
    assert crib_env.aec().metadata["name"] == "crib_v1"
    assert crib_env.aec(version=0).metadata["name"] == "crib_v0"
    with pytest.raises(ValueError, match="version 2"):
        crib_env.aec(version=2)
    rng = random.Random(3)
    checked = 0
    for seed in range(20):
        steps = crib_core.GameSteps(players=2 + seed % 3, game=61, seed=seed)
        while steps.to_act() is not None:
            player = steps.to_act()[0]
            new = np.frombuffer(steps.observation(player, 1), dtype=np.float32)
            old = np.frombuffer(steps.observation(player), dtype=np.float32)
            assert new.shape == (663,) and np.array_equal(new[:438], old)
            view = steps.view(player)
            if view["ask"] == "play" and view["count"] > 0:
                # The cards since the count started, in order, are the slots' ranks: a count
                # ends at 31 or when nobody can play, so the next card would not fit on it.
                count, on = 0, []
                for token in view["sequence"]:
                    if token == "go":
                        continue
                    rank = token[:-1]
                    value = 1 if rank == "A" else 10 if rank in ("10", "J", "Q", "K") else int(rank)
                    if count + value > 31 or count == 31:
                        count, on = 0, []
                    count += value
                    on.append(rank)
                assert count == view["count"], view
                slots = new[438 : 438 + 13 * 17].reshape(13, 17)
                ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
                seen = [ranks[int(row[:13].argmax())] for row in slots if row[:13].any()]
                assert seen == on, (seen, on, view)
                checked += 1
            steps.act(rng.choice(steps.legal()))
    assert checked > 100


def test_the_end_of_each_deal_is_told_to_every_agent():
    env = crib_env.aec(players=3, game=61)
    env.reset(seed=4)
    told = 0
    for agent in env.agent_iter():
        _, _, terminated, _, info = env.last()
        if terminated:
            env.step(None)
            continue
        before = env.unwrapped.steps.deals
        env.step(env.unwrapped.steps.choice("greedy"))
        if env.unwrapped.steps.deals != before:
            points = env.unwrapped.steps.last_deal()
            for i, other in enumerate(env.possible_agents):
                assert env.infos[other]["deal_over"] is True
                assert env.infos[other]["deal_points"] == points[i:] + points[:i]
            told += 1
        else:
            assert all("deal_over" not in env.infos[a] for a in env.possible_agents)
    assert told >= 3


def test_games_and_environments_pickle_mid_game():
    """A GameSteps, an AEC environment and a single-agent one pickle mid-game, and the copy
    goes on exactly as the original does."""
    import pickle

    steps = crib_core.GameSteps(players=3, game=61, seed=11)
    rng = random.Random(2)
    for _ in range(40):
        steps.act(rng.choice(steps.legal()))
    again = pickle.loads(pickle.dumps(steps))
    assert again.observation(0, 1) == steps.observation(0, 1)
    assert again.copy().legal() == steps.legal()
    while steps.over() is None:
        card = rng.choice(steps.legal())
        assert steps.act(card) == again.act(card)
    assert again.over() == steps.over()

    env = crib_env.aec(players=2, game=61)
    env.reset(seed=5)
    for _ in range(30):
        env.step(env.unwrapped.steps.choice("greedy"))
    copy = pickle.loads(pickle.dumps(env))
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        theirs = copy.last()
        assert np.array_equal(observation["observation"], theirs[0]["observation"])
        assert (reward, terminated, info) == theirs[1:3] + (theirs[4],)
        action = None if terminated else env.unwrapped.steps.choice("greedy")
        env.step(action)
        copy.step(action)

    single = crib_env.single(opponent="greedy")
    observation, _ = single.reset(seed=6)
    single.step(int(observation["action_mask"].nonzero()[0][0]))
    twin = pickle.loads(pickle.dumps(single))
    mask = twin.steps.mask()
    assert bytes(mask) == bytes(single.steps.mask())


def test_a_policy_sits_opposite_for_self_play():
    """A Python policy (here: the first card allowed) plays the other seat of `single`, seeing
    its own observation and info."""
    seen = []

    def first_allowed(observation, info):
        seen.append(info["view"]["seat"])
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = crib_env.single(opponent=first_allowed, players=2, game=61)
    observation, info = env.reset(seed=3)
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, reward, terminated, _, info = env.step(action)
    assert seen and reward in (1.0, -1.0)
    with pytest.raises(ValueError, match="a policy"):
        crib_env.single(opponent="grandmaster")


def test_an_illegal_action_may_lose_the_game_in_the_aec_environment():
    """aec(illegal="lose"): a card the mask does not allow ends the game, -1 to that player's
    side; PettingZoo's api_test passes, as RLlib's environment check needs."""
    from pettingzoo.test import api_test

    env = crib_env.aec(players=3, game=61, illegal="lose")
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = next(i for i in range(52) if not env.unwrapped.steps.mask()[i])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1.0
    assert sum(env._cumulative_rewards.values()) == pytest.approx(0.0)
    assert env.infos[agent]["illegal"] == illegal
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        api_test(crib_env.aec(players=2, illegal="lose"), num_cycles=200)
    with pytest.raises(ValueError, match="illegal"):
        crib_env.aec(illegal="forgive")


def test_a_copy_dealt_again_for_one_player_shows_it_the_same():
    """copy(resample_for=p, seed=s): p sees the same numbers and may make the same moves, the
    others' unseen cards are dealt again, and the copy pickles and plays on."""
    import pickle

    rng = random.Random(5)
    differed = 0
    for seed in range(12):
        steps = crib_core.GameSteps(players=2 + seed % 3, game=61, seed=seed)
        for _ in range(rng.randrange(1, 25)):
            steps.act(rng.choice(steps.legal()))
        player = steps.to_act()[0]
        other = (player + 1) % steps.players
        again = steps.copy(resample_for=player, seed=seed + 100)
        assert again.observation(player, 1) == steps.observation(player, 1)
        assert again.legal() == steps.legal() and again.to_act() == steps.to_act()
        if again.view(other).get("dealt", again.view(other).get("hand")) != steps.view(other).get(
            "dealt", steps.view(other).get("hand")
        ):
            differed += 1
        twin = pickle.loads(pickle.dumps(again))
        assert twin.observation(other, 1) == again.observation(other, 1)
        while again.over() is None:
            card = again.legal()[0]
            assert again.act(card) == twin.act(card)
    assert differed >= 8
    with pytest.raises(ValueError, match="player 7"):
        crib_core.GameSteps().copy(resample_for=7)
