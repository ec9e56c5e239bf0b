"""crib_core answers the questions the crib command answers, with the same numbers.

Each test asks the module and `crib ... --json` the same question and compares every field
(floats to the six places the JSON prints). The command is `$CRIB`, or the repository's
target/debug/crib or target/release/crib.
"""

import doctest
import json
import os
import random
import subprocess
import threading
from pathlib import Path

import pytest

import crib_core

ROOT = Path(__file__).resolve().parents[3]


def crib_command():
    if os.environ.get("CRIB"):
        return os.environ["CRIB"]
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "crib"
        if path.exists():
            return str(path)
    pytest.skip("no crib binary: build it with cargo build, or set CRIB")


def cli(*args, stdin=None):
    """The command's JSON answer (one object, or a list of them for JSON Lines)."""
    done = subprocess.run(
        [crib_command(), *args, "--json"], input=stdin, capture_output=True, text=True, check=True
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line]
    return lines[0] if len(lines) == 1 else lines


def texts(cards):
    return [str(c) for c in cards]


def near(a, b):
    # The JSON prints six places: half a unit of the last, and the float error of a half.
    return a is None and b is None or abs(a - b) <= 5e-7 + 1e-12


DECK = [r + s for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "hdcs"]


def test_cards_read_and_print_as_crib_does():
    cards = crib_core.parse_cards("5h Ts 10d J♥ 7")
    assert texts(cards) == ["5h", "10s", "10d", "Jh", "7"]
    assert [c.rank for c in cards] == [5, 10, 10, 11, 7]
    assert [c.suit for c in cards] == ["h", "s", "d", "h", None]
    assert cards[3].value == 10
    assert crib_core.Card("5h") == crib_core.parse_cards(["5h"])[0]
    assert len({crib_core.Card("5h"), crib_core.Card("5H")}) == 1
    assert repr(crib_core.Card("Ts")) == "Card('10s')"


def test_bad_input_is_a_value_error_in_crib_words():
    with pytest.raises(ValueError, match="'5h' is given twice"):
        crib_core.score("5h 5h 5s Jd 5d")
    with pytest.raises(ValueError, match="given twice"):
        crib_core.parse_cards("5h 10s Jd 5♥")
    with pytest.raises(ValueError, match="hand 2: '5h' is given twice"):
        crib_core.score_many(["5h 5c 5s Jd 5d", "5h 5h 5s Jd 5d"])
    with pytest.raises(ValueError, match="'5x'"):
        crib_core.parse_cards("5x")
    with pytest.raises(ValueError):
        crib_core.score("5h 5c 5s")
    with pytest.raises(ValueError, match="role"):
        crib_core.discard("5h Jd 5c 5s 4d 6d", role="banker")
    with pytest.raises(ValueError):
        crib_core.peg("4 6 5", players=5)
    with pytest.raises(ValueError, match="121"):
        crib_core.odds([121, 3], dealer=True)


def test_hands_and_cribs_count_as_crib_score_counts_them():
    rng = random.Random(2026)
    hands = [" ".join(rng.sample(DECK, 5)) for _ in range(200)]
    hands += ["5h 5c 5s Jd 5d", "4h 5h 6h Jh 5c", "2c 3c 4c 6c 8c"]
    for crib in (False, True):
        flags = ["--crib"] if crib else []
        answers = cli("score", "-", *flags, stdin="\n".join(hands) + "\n")
        assert crib_core.score_many(hands, crib=crib) == [a["total"] for a in answers]
        for hand, want in zip(hands, answers):
            got = crib_core.score(hand, crib=crib)
            assert crib_core.score_total(hand, crib=crib) == want["total"]
            assert texts(got.hand) == want["hand"]
            assert str(got.starter) == want["starter"]
            assert got.crib == want["crib"] == crib
            items = [{"kind": i.kind, "cards": texts(i.cards), "points": i.points} for i in got.items]
            assert items == want["items"]
            p = got.points
            assert [p.fifteens, p.pairs, p.runs, p.flush, p.nobs] == list(want["by_kind"].values())
            assert got.total == want["total"] and got.suits_known == want["suits_known"]
            assert got.said == want["said"]


def test_a_starter_may_be_given_apart():
    assert crib_core.score(["5h", "5c", "5s", "Jd"], "5d").total == 29
    assert crib_core.score(crib_core.parse_cards("5h 5c 5s Jd"), crib_core.Card("5d")).total == 29


@pytest.mark.parametrize(
    "players,plays",
    [(2, "4 6 5 3"), (2, "10 K 9 go 2 7 8 6 5"), (3, "5 10 J 5 go 6 7"), (4, "7 8 8 8")],
)
def test_the_play_counts_as_crib_peg_counts_it(players, plays):
    got = crib_core.peg(plays, players=players)
    want = cli("peg", "--players", str(players), *plays.split())
    assert got.players == want["players"] and got.complete == want["complete"]
    assert got.totals == want["totals"]
    events = [
        {
            "event": e.event,
            "player": e.player,
            "card": str(e.card) if e.card else None,
            "count": e.count,
            "points": e.points,
            "reasons": e.reasons,
            "sequence": e.sequence,
        }
        for e in got.plays
    ]
    assert events == want["plays"]


def same_choices(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert texts(g.keep) == w["keep"] and texts(g.throw) == w["throw"]
        for field in ("hand_mean", "crib_mean", "net", "peg_mean", "peg_opp_mean", "p_win", "p_win_se", "gap_se"):
            assert near(getattr(g, field), w.get(field)), field
        assert (g.hand_min, g.hand_max) == (w["hand_min"], w["hand_max"])


@pytest.mark.parametrize(
    "dealt,role,players,flags",
    [
        ("5h Jd 5c 5s 4d 6d", "dealer", 2, []),
        ("5h 5c Jd Qs 2h 9c", "pone", 2, []),
        ("5h 5c Jd Qs 2h 9c", "pone", 2, ["--crib-model", "uniform", "--play-model", "none"]),
        ("Jh 4h 5c 8s Kd", "pone", 3, []),
        ("Jh 4h 5c 8s Kd", "partner-deals", 4, []),
    ],
)
def test_discard_advice_is_crib_discard(dealt, role, players, flags):
    models = dict(zip(["crib_model", "play_model"], flags[1::2]))
    got = crib_core.discard(dealt, role=role, players=players, **models)
    want = cli("discard", *dealt.split(), f"--{role}", "--players", str(players), *flags)
    assert (got.players, got.role, got.seat) == (want["players"], want["role"], want["seat"])
    assert (got.crib_model, got.play_model) == (want["crib_model"], want["play_model"])
    same_choices(got.choices, want["choices"])
    assert got.best.net == max(c.net for c in got.choices)


def test_discard_for_the_board_is_crib_discard_with_scores():
    got = crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer", scores=(115, 110))
    want = cli("discard", *"5h Jd 5c 5s 4d 6d".split(), "--dealer", "--scores", "115-110")
    same_choices(got.choices, want["choices"])
    assert (got.game, got.draws, got.changes_advice) == (121, want["draws"], want["changes_advice"])
    plain = crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer")
    assert (plain.game, plain.draws, plain.changes_advice) == (None, None, None)


@pytest.mark.parametrize(
    "dealt,players,seat,scores",
    [
        ("5h 5c Js 6d Kc", 3, 1, [116, 110, 119]),
        ("Jh 4h 5c 8s Kd", 3, 3, [40, 60, 20]),
        ("5h 6c 7d 8s Kd", 4, 2, [100, 95]),
        ("Jh 4h 5c 8s Kd", 4, 4, [110, 112]),
    ],
)
def test_discard_for_the_board_of_three_and_four_is_crib_discard(dealt, players, seat, scores):
    role = {(3, 3): "dealer", (4, 4): "dealer", (4, 2): "partner-deals"}.get((players, seat), "pone")
    got = crib_core.discard(dealt, role=role, players=players, seat=seat, scores=scores)
    want = cli(
        "discard", *dealt.split(), "--players", str(players), "--seat", str(seat),
        "--scores", "-".join(map(str, scores)),
    )
    same_choices(got.choices, want["choices"])
    assert (got.game, got.draws, got.changes_advice) == (121, want["draws"], want["changes_advice"])
    assert got.seat == want["seat"] == seat


def test_discard_for_a_match_is_crib_discard_with_match_need():
    dealt = "2d 5h 4c Ac Jc Kd"
    got = crib_core.discard(dealt, role="pone", scores=(101, 75), match_need=(2, 1))
    want = cli("discard", *dealt.split(), "--pone", "--scores", "101-75", "--match-need", "2-1")
    same_choices(got.choices, want["choices"])
    assert got.match_need == want["match_need"] == {"you": 2, "opponent": 1}
    assert got.changes_advice == want["changes_advice"]
    game = crib_core.discard(dealt, role="pone", scores=(101, 75))
    assert game.match_need is None and texts(game.best.throw) != texts(got.best.throw)
    # A match needing one game each is the game.
    one_each = crib_core.discard(dealt, role="pone", scores=(101, 75), match_need=(1, 1))
    assert [c.p_win for c in one_each.choices] == pytest.approx([c.p_win for c in game.choices])


@pytest.mark.parametrize(
    "kwargs,args",
    [
        (
            dict(hand="5h 6c 7d 8s", seat=1, starter="2c", thrown="Ks Qd", scores=(110, 112)),
            ["--hand", *"5h 6c 7d 8s".split(), "--pone", "--starter", "2c", "--thrown", "Ks", "Qd"]
            + ["--scores", "110-112"],
        ),
        (
            dict(hand="5h 6c 7d 8s", played="10", dealer=True, starter="2c", scores=(95, 100),
                 match_need=(2, 1), opponent="reading"),
            ["--hand", *"5h 6c 7d 8s".split(), "--dealer", "--starter", "2c", "--scores", "95-100"]
            + ["--match-need", "2-1", "--opponent", "reading", "10"],
        ),
        (
            dict(hand="2h 3c 9d Ks", played="5 J", seat=3, players=3, starter="4s",
                 scores=[100, 110, 115], game=121),
            ["--hand", *"2h 3c 9d Ks".split(), "--seat", "3", "--players", "3", "--starter", "4s"]
            + ["--scores", "100-110-115", "5", "J"],
        ),
        (
            dict(hand="7h 6s Qc 9d", played="5c 2c Ad", seat=4, players=4, starter="Kh",
                 thrown="Qs", scores=[50, 55], game=61),
            ["--hand", *"7h 6s Qc 9d".split(), "--seat", "4", "--players", "4", "--starter", "Kh"]
            + ["--thrown", "Qs", "--scores", "50-55", "--game", "61", "5c", "2c", "Ad"],
        ),
    ],
)
def test_play_for_the_board_is_crib_play_with_scores(kwargs, args):
    got = crib_core.play(**kwargs).board
    want = cli("play", *args)["board"]
    assert (got.scores, got.game, got.samples) == (want["scores"], want["game"], want["samples"])
    assert got.match_need == want.get("match_need")
    assert (str(got.best), str(got.points_best)) == (want["best"], want["points_best"])
    assert got.changes_advice == want["changes_advice"] and near(got.gain, want["gain"])
    for g, w in zip(got.options, want["options"], strict=True):
        assert str(g.card) == w["card"]
        for field in ("p_win", "p_win_se", "gap_se"):
            assert near(getattr(g, field), w[field]), field


def test_play_for_the_board_needs_its_board():
    assert crib_core.play("5h 6c 7d 8s", seat=1).board is None
    for kwargs, words in [
        (dict(scores=(110, 112)), "starter"),
        (dict(starter="2c", match_need=(2, 1)), "scores"),
        (dict(starter="2c", scores=(110, 112), match_need=(0, 1)), "1 or more"),
        (dict(starter="2c", scores=(121, 112)), "121"),
        (dict(starter="2c", scores=(1, 2, 3)), "2"),
    ]:
        with pytest.raises(ValueError, match=words):
            crib_core.play("5h 6c 7d 8s", seat=1, **kwargs)
    with pytest.raises(ValueError, match="two players"):
        crib_core.play("2h 3c 9d Ks", seat=1, players=3, starter="4s", scores=[1, 2, 3],
                       match_need=(2, 1))
    with pytest.raises(ValueError, match="scores"):
        crib_core.discard("2d 5h 4c Ac Jc Kd", role="pone", match_need=(2, 1))
    with pytest.raises(ValueError, match="two players"):
        crib_core.discard("5h 5c Js 6d Kc", role="pone", players=3, scores=[1, 2, 3],
                          match_need=(2, 1))
    with pytest.raises(ValueError, match="3 scores"):
        crib_core.discard("5h 5c Js 6d Kc", role="pone", players=3, scores=[1, 2])
    with pytest.raises(ValueError, match="expert crib model"):
        crib_core.discard("2d 5h 4c Ac Jc Kd", role="pone", crib_model="uniform", scores=(1, 2))


@pytest.mark.parametrize(
    "kwargs,args",
    [
        (
            dict(hand="5h 6c 7d 8s", seat=1, starter="2c", thrown="Ks Qd"),
            ["--hand", *"5h 6c 7d 8s".split(), "--pone", "--starter", "2c", "--thrown", "Ks", "Qd"],
        ),
        (
            dict(hand="5h 6c 7d 8s", played="10", dealer=True, opponent="expert"),
            ["--hand", *"5h 6c 7d 8s".split(), "--dealer", "--opponent", "expert", "10"],
        ),
        (
            dict(hand="Th 4c 9d Qs", played="10 5", seat=1, opponent="reading"),
            ["--hand", *"Th 4c 9d Qs".split(), "--pone", "--opponent", "reading", "10", "5"],
        ),
        (
            dict(hand="2h 3c 9d Ks", played="5 J", seat=3, players=3),
            ["--hand", *"2h 3c 9d Ks".split(), "--seat", "3", "--players", "3", "5", "J"],
        ),
        (
            dict(hand="2h 3c 4d 6s", played="10 K", seat=3, players=3, opponent="reading"),
            ["--hand", *"2h 3c 4d 6s".split(), "--seat", "3", "--players", "3"]
            + ["--opponent", "reading", "10", "K"],
        ),
    ],
)
def test_play_advice_is_crib_play(kwargs, args):
    got = crib_core.play(**kwargs)
    want = cli("play", *args)
    assert texts(got.hand) == want["hand"] and got.seat == want["seat"]
    assert got.count == want["count"]
    assert (got.holdings, got.samples) == (want.get("holdings"), want.get("samples"))
    assert (str(got.best) if got.best else "go") == want["best"]
    for g, w in zip(got.options, want["options"], strict=True):
        assert (str(g.card), g.now, g.reasons) == (w["card"], w["now"], w["reasons"])
        for field in ("mine", "theirs", "net", "se", "gap_se"):
            assert near(getattr(g, field), w.get(field)), field


@pytest.mark.parametrize("seat,board", [(1, True), (2, True), (2, False)])
def test_a_deal_is_graded_as_crib_review_grades_it(seat, board):
    hands = ["5h 5c Jd Ks 2h 3s", "4c 4d 6h 6s 7c 8d"]
    throws = ["2h 3s", "7c 8d"]
    play = "K 6 5 4 5 go 6 J 4"
    got = crib_core.review_deal(hands, throws, "5s", play, seat=seat, board=board)
    args = ["review", "--seat", str(seat)] + ([] if board else ["--no-board"])
    args += ["--", "-p", *hands[0].split(), "--pone-throw", *throws[0].split()]
    args += ["-d", *hands[1].split(), "--dealer-throw", *throws[1].split(), "-s", "5s", *play.split()]
    want = cli(*args)["decisions"]
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert (g.kind, g.label) == (w["kind"], w["label"])
        assert near(g.cost, w["cost"]) and near(g.loss, w["loss"])
        assert near(g.cost_p_win, w["cost_p_win"])
        # The reasons as objects are the command's causes, kind by kind and point by point.
        assert [r.kind for r in g.reasons] == [c["kind"] for c in w["causes"]]
        for r, c in zip(g.reasons, w["causes"], strict=True):
            if "points" in c:
                assert near(r.points, c["points"])
            for name in ("holds", "best_holds", "better", "worse", "of", "count", "best_count"):
                if name in c:
                    assert getattr(r, name) == c[name]


@pytest.mark.parametrize("scores,game", [(None, 121), ([100, 110], 121), ([50, 55], 61)])
def test_a_deal_counts_as_crib_deal_counts_it(scores, game):
    hands, crib, starter = ["2h 3h 4h 5h", "Kc Qc Jc 10c"], "6d 6c 6h 6s", "Js"
    play = "2 K 3 Q 4 J 5 10"
    got = crib_core.count_deal(hands, crib, starter, play, scores=scores, game=game)
    args = ["--pone", *hands[0].split(), "--dealer", *hands[1].split(), "--crib", *crib.split()]
    args += ["--starter", starter, "--game", str(game), *play.split()]
    if scores:
        args += ["--scores", f"dealer={scores[1]},pone={scores[0]}"]
    want = cli("deal", *args)
    assert got.start_scores == want["start_scores"] and got.final_scores == want["final_scores"]
    assert got.winning_seats == want["winning_seats"] and got.skunk == want["skunk"]
    for events, key in ((got.events, "events"), (got.uncounted, "uncounted")):
        mine = [
            {
                "phase": e.phase,
                "player": e.player,
                "seat": e.seat,
                "card": str(e.card) if e.card else None,
                "points": e.points,
                "reasons": e.reasons,
                **({"scores": e.scores} if e.scores is not None else {}),
            }
            for e in events
        ]
        assert mine == want[key]


@pytest.mark.parametrize("you,opponent,dealer,game", [(100, 110, True, 121), (0, 0, False, 121), (40, 50, False, 61)])
def test_the_odds_are_crib_odds(you, opponent, dealer, game):
    got = crib_core.odds([you, opponent], dealer=dealer, game=game)
    role = "--dealer" if dealer else "--pone"
    want = cli("odds", str(you), str(opponent), role, "--game", str(game))
    for field in ("p_win", "p_skunk_win", "p_skunked", "p_double_skunk_win", "p_double_skunked"):
        assert near(getattr(got, field), want[field]), field
    assert abs(got.expected_you - want["expected"]["you"]) <= 0.005
    assert abs(got.expected_opponent - want["expected"]["opponent"]) <= 0.005


@pytest.mark.parametrize("you,opponent,dealer,game,need", [(90, 100, True, 121, (2, 1)), (40, 20, False, 61, (3, 3))])
def test_the_odds_of_a_match_are_crib_odds(you, opponent, dealer, game, need):
    got = crib_core.odds([you, opponent], dealer=dealer, game=game, match_need=need)
    role = "--dealer" if dealer else "--pone"
    want = cli("odds", str(you), str(opponent), role, "--game", str(game), "--match-need", "%d-%d" % need)
    assert got.match_need == want["match_need"] and near(got.p_match, want["p_match"])
    plain = crib_core.odds([you, opponent], dealer=dealer, game=game)
    assert plain.match_need is None and plain.p_match is None
    with pytest.raises(ValueError, match="two players"):
        crib_core.odds([1, 2, 3], players=3, match_need=need)


def test_the_odds_of_three_are_crib_odds():
    got = crib_core.odds([50, 60, 70], players=3)
    want = cli("odds", "--players", "3", "50", "60", "70")
    assert all(near(g, w) for g, w in zip(got.win, want["win"], strict=True))
    assert got.p_win is None


def test_with_no_card_to_play_the_advice_is_go():
    got = crib_core.play("10h Jc Qd Kh", "10h 5 Jc 5", seat=1)
    want = cli("play", "--hand", *"10h Jc Qd Kh".split(), "--pone", "10h", "5", "Jc", "5")
    assert got.best is None and got.options == [] and want["best"] == "go"


def test_long_questions_run_beside_other_threads():
    answers = [None] * 4

    def ask(i):
        answers[i] = crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer").best.net

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(answers)) == 1 and answers[0] is not None


def test_every_function_and_class_has_a_docstring_whose_examples_hold():
    names = [n for n in dir(crib_core) if not n.startswith("_")]
    assert {"score", "peg", "discard", "play", "count_deal", "odds", "parse_cards"} <= set(names)
    failures = 0
    for name in names:
        thing = getattr(crib_core, name)
        assert thing.__doc__, name
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        for test in doctest.DocTestFinder(recurse=False).find(thing, name, globs={"crib_core": crib_core}):
            failures += runner.run(test).failed
    assert failures == 0


def test_results_print_as_their_fields():
    text = repr(crib_core.score("5h 5c 5s Jd 5d").points)
    assert text == "Points(fifteens=16, pairs=12, runs=0, flush=0, nobs=1)"
    assert repr(crib_core.peg("4 6").plays[0]).startswith("PlayEvent(event='card', player='pone'")
    advice = crib_core.play("5h 6c 7d 8s", seat=1, starter="2c", scores=(110, 112))
    text = repr(advice)
    assert "samples=None" in text and "board=PlayBoard(scores={'you': 110, 'opponent': 112}" in text
    assert "match_need=None, draws=None" in repr(crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer"))


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: crib_core.odds([-1, 2], dealer=True), "score -1: a score is a whole number"),
        (lambda: crib_core.odds([1, 2], dealer=True, game=-5), "61 or to 121, not -5"),
        (lambda: crib_core.odds([1, 2], dealer=True, players=-2), "2, 3 or 4 players, not -2"),
        (lambda: crib_core.odds([90, 100], dealer=True, match_need=(-1, 1)), "1 or more each"),
        (lambda: crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer", scores=(-1, 2)), "score -1"),
        (lambda: crib_core.discard("5h Jd 5c 5s 4d", role="pone", players=3, seat=-1), "seat -1"),
        (lambda: crib_core.peg("4 6", players=-1), "2, 3 or 4 players, not -1"),
        (lambda: crib_core.play("5h 6c 7d 8s", seat=-1), "seat -1"),
        (lambda: crib_core.play("5h 6c 7d 8s", seat=1, starter="2c", scores=[5, -3]), "score -3"),
        (lambda: crib_core.count_deal([], [], "5h", "", scores=[-1, 0]), "players"),
    ],
)
def test_bad_numbers_are_value_errors_in_cribs_words(call, words):
    # A negative number was an OverflowError in PyO3's words, which `except ValueError` misses.
    with pytest.raises(ValueError, match=words):
        call()
