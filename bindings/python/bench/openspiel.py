"""crib's environment beside OpenSpiel's cribbage: the same random games played in both, deal
by deal, every deal whose points differ explained; then how fast each plays.

    pip install ./bindings/python open_spiel   # OpenSpiel is not a dependency of crib_core
    python bindings/python/bench/openspiel.py [GAMES]

Each game (two players, to 121: OpenSpiel's only game) is played in crib first, its players
choosing at random (seeded); then each of its deals is given to OpenSpiel move for move: the
same cards dealt to the same players, the same throws, the same starter and the same cards
played (OpenSpiel's passes answered for it). The points each player scored in the deal are
compared, and a difference is put down to what the two count differently, checked by crib: a
crib of four cards of one suit whose starter is of another (the rules count a flush in the crib
only with the starter), the deal in which the game ends (crib stops at 121, in the rules'
order), or else listed as unexplained. A game is followed to its first
difference: after it the scores, and so where the game ends, are no longer the same.
"""

import random
import statistics
import sys
import time

import pyspiel

import crib_core


def spiel_name(text):
    """A card as OpenSpiel prints it: 10h is TH."""
    return text.replace("10", "T").upper()


def spiel_card(text):
    """A card as OpenSpiel numbers it: suit by suit (clubs, diamonds, hearts, spades), ace first."""
    card = crib_core.Card(text)
    return 13 * "cdhs".index(card.suit) + card.rank - 1


def spiel_scores(state):
    line = next(l for l in str(state).splitlines() if l.startswith("Scores:"))
    return [int(x) for x in line.split()[1:]]


def choose(state, name):
    """Apply the legal action OpenSpiel names `name`; False if there is none."""
    player = state.current_player()
    for action in state.legal_actions():
        if state.action_to_string(player, action) == name:
            state.apply_action(action)
            return True
    return False


def throw_action(state, cards):
    """The throw of `cards`, in whichever order OpenSpiel names them."""
    player, want = state.current_player(), sorted(spiel_name(c) for c in cards)
    for action in state.legal_actions():
        named = state.action_to_string(player, action).split()[1:]
        if sorted(named) == want:
            return action
    return None


def replay(state, deal, spiel_of):
    """Give OpenSpiel one deal of crib's (as GameSteps.settled() gives it, its players numbered
    by OpenSpiel as `spiel_of` says): False as soon as OpenSpiel refuses a move crib made."""
    n = len(deal["dealt"])
    seat_of = {spiel_of[(deal["dealer"] + 1 + seat) % n]: seat for seat in range(n)}
    for spiel_player in range(n):  # OpenSpiel deals player 0's cards first, then player 1's
        for card in deal["dealt"][seat_of[spiel_player]]:
            state.apply_action(spiel_card(card))
    for _ in range(n):  # the throws, in OpenSpiel's order
        action = throw_action(state, deal["throws"][seat_of[state.current_player()]])
        if action is None:
            return False
        state.apply_action(action)
    state.apply_action(spiel_card(deal["starter"]))
    cards = [t for t in deal["play"].split() if t != "go"]
    while not state.is_chance_node() and not state.is_terminal():
        if choose(state, "Pass"):  # OpenSpiel asks a player with no card that fits to pass
            continue
        if not cards or not choose(state, "Choose " + spiel_name(cards.pop(0))):
            return False
    return True


def crib_flush(deal):
    """A crib of four cards of one suit, the starter of another: 4 points OpenSpiel counts."""
    suits = {crib_core.Card(c).suit for c in deal["crib"].split()}
    return len(suits) == 1 and crib_core.Card(deal["starter"]).suit not in suits


def compare(games):
    game = pyspiel.load_game("cribbage")
    deals = differ = unexplained = flushes = 0
    examples = []
    for number in range(games):
        rng = random.Random(number)
        steps = crib_core.GameSteps(players=2, game=121, seed=number)
        played = []
        while steps.over() is None:
            if steps.act(rng.choice(steps.legal())):
                played.append((steps.settled(), steps.last_deal()))
        first = played[0][0]["dealer"]
        spiel_of = {player: (player - first) % 2 for player in range(2)}
        state = game.new_initial_state()
        for deal, points in played:
            before = spiel_scores(state)
            if not replay(state, deal, spiel_of):
                unexplained += 1
                examples.append(("refused a move", number, deal))
                break
            after = spiel_scores(state)
            theirs = [after[spiel_of[p]] - before[spiel_of[p]] for p in range(2)]
            deals += 1
            flushes += crib_flush(deal)
            if theirs == points:
                continue
            differ += 1
            dealer = deal["dealer"]
            gap = [t - p for t, p in zip(theirs, points)]
            if crib_flush(deal) and gap[dealer] == 4 and gap[1 - dealer] == 0:
                reason = "four-card crib flush"
            elif deal is played[-1][0] and max(steps.scores()) == 121:
                # crib stops at the hole, in the rules' order (the play, the pone's hand, the
                # dealer's, the crib); OpenSpiel counts the rest of the deal.
                reason = "the game's last deal: OpenSpiel counts on past 121"
            else:
                reason = "unexplained"
                unexplained += 1
            examples.append((reason, number, deal, points, theirs))
            break
    return deals, differ, unexplained, flushes, examples


def speed(games):
    """Random games a second, and moves a second, in each (one core, Python)."""
    rows = []
    rng = random.Random(0)
    start, moves = time.perf_counter(), 0
    for number in range(games):
        steps = crib_core.GameSteps(players=2, game=121, seed=number)
        while steps.over() is None:
            steps.act(rng.choice(steps.legal()))
            moves += 1
    seconds = time.perf_counter() - start
    rows.append(("crib_core.GameSteps", games / seconds, moves / seconds))
    game = pyspiel.load_game("cribbage")
    start, moves = time.perf_counter(), 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
    seconds = time.perf_counter() - start
    rows.append(("pyspiel cribbage", games / seconds, moves / seconds))
    return rows


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    deals, differ, unexplained, flushes, examples = compare(games)
    print(f"{games} random games, {deals} deals compared ({flushes} with a crib of one suit and a"
          f" starter of another); {differ} games reached a deal that differs, {unexplained}"
          " unexplained:")
    reasons = {}
    for example in examples:
        reasons[example[0]] = reasons.get(example[0], 0) + 1
    for reason, count in sorted(reasons.items()):
        print(f"  {reason}: {count}")
    for example in examples[:5]:
        print("  e.g.", example)
    for name, per_game, per_move in speed(min(games, 500)):
        print(f"{name:20} {per_game:8.0f} games/s {per_move:9.0f} moves/s")


if __name__ == "__main__":
    main()
