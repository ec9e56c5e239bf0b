#!/usr/bin/env python3
"""A cribbage engine speaking crib's engine protocol (version 1), standard library only.

It plays crib's `greedy` level, written from the protocol's description alone: it keeps the
four cards whose hand scores most over every starter it cannot see (the crib ignored; on a tie
the first throw in the order of the cards dealt) and plays the card that scores most now (the
lowest rank on a tie, the first such card of its hand). `crib match` must give exactly the
games of `crib:greedy` with it.

    python3 greedy.py [--misbehave HOW]   (crash, illegal, illegal-once, garbage, hang, flood,
                                         error, old, bom, twice, number, rank, mute)

--misbehave makes it fail at its third decision, for testing a referee:
crash writes a traceback to its standard error and exits, illegal throws cards it does not hold
(from its third decision on; illegal-once at its first throw from then alone), garbage answers text that is not
JSON, hang never answers, flood prints a line of a megabyte, error answers {"error": ...}; old
says hello for protocol 0, and bom starts its hello with a byte-order mark (and plays well);
twice gives a key twice, number answers a card as a number, rank a card as its rank alone, and
mute never says hello.
"""

import itertools
import json
import sys

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
SUITS = "hdcs"


def rank(card):
    text = card[:-1]
    return RANKS[text] if text in RANKS else int(text)


def value(r):
    return min(r, 10)


def deck():
    names = ["A"] + [str(n) for n in range(2, 11)] + ["J", "Q", "K"]
    return [n + s for n in names for s in SUITS]


def same(a, b):
    """Two names of one card (10h and Th)."""
    return rank(a) == rank(b) and a[-1] == b[-1]


def score_hand(hand, starter):
    """The points of a hand of four with the starter (a hand, not a crib)."""
    cards = hand + [starter]
    ranks = [rank(c) for c in cards]
    points = 0
    for k in range(2, 6):
        for combo in itertools.combinations(ranks, k):
            if sum(value(r) for r in combo) == 15:
                points += 2
    for a, b in itertools.combinations(ranks, 2):
        if a == b:
            points += 2
    for length in (5, 4, 3):
        runs = 0
        for combo in itertools.combinations(ranks, length):
            s = sorted(combo)
            if all(s[i + 1] == s[i] + 1 for i in range(length - 1)):
                runs += 1
        if runs:
            points += runs * length
            break
    suits = [c[-1] for c in hand]
    if len(set(suits)) == 1:
        points += 5 if starter[-1] == suits[0] else 4
    for c in hand:
        if rank(c) == 11 and c[-1] == starter[-1]:
            points += 1
    return points


def greedy_throw(dealt, size):
    unseen = [c for c in deck() if not any(same(c, d) for d in dealt)]
    best, best_total = None, -1
    for throw in itertools.combinations(range(len(dealt)), size):
        keep = [dealt[i] for i in range(len(dealt)) if i not in throw]
        total = sum(score_hand(keep, s) for s in unseen)
        if total > best_total:
            best, best_total = [dealt[i] for i in throw], total
    return best


def play_points(on_count, r):
    """What a card of rank r scores on the cards of the count: fifteen, 31, pairs, runs."""
    ranks = on_count + [r]
    total = sum(value(x) for x in ranks)
    points = 2 if total in (15, 31) else 0
    same_rank = 1
    for x in reversed(ranks[:-1]):
        if x != r:
            break
        same_rank += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same_rank]
    for length in range(len(ranks), 2, -1):
        tail = sorted(ranks[-length:])
        if all(tail[i + 1] == tail[i] + 1 for i in range(length - 1)):
            points += length
            break
    return points


def greedy_card(request):
    players = request.get("players", 2)
    cards = [t for t in request["sequence"] if t != "go"]
    # The cards on the count now: the last ones, back to where they add up to the count.
    on_count, total = [], 0
    for card in reversed(cards):
        if total == request["count"]:
            break
        total += value(rank(card))
        on_count.insert(0, rank(card))
    mine_left = sum(1 for c in request["hand"] if not any(same(c, p) for p in cards))
    others_left = 4 * players - len(cards) - mine_left
    best, best_points = None, -1
    for r in sorted({rank(c) for c in request["legal"]}):
        points = play_points(on_count, r)
        if mine_left == 1 and others_left == 0 and request["count"] + value(r) != 31:
            points += 1
        if points > best_points:
            card = next(c for c in request["hand"] if rank(c) == r and c in request["legal"])
            best, best_points = card, points
    return best


def main():
    misbehave = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--misbehave" else None
    decisions = 0
    erred = False
    for line in sys.stdin:
        request = json.loads(line)
        ask = request["ask"]
        if ask == "hello":
            if misbehave == "mute":
                while True:
                    pass
            protocol = 0 if misbehave == "old" else 1
            answer = {"name": "greedy.py", "version": "1", "protocol": protocol,
                      "players": [2, 3, 4], "games": [61, 121]}
            if misbehave == "bom":
                print("\ufeff" + json.dumps(answer), flush=True)
                continue
        else:
            decisions += 1
            if misbehave and decisions == 3:
                if misbehave == "crash":
                    print("Traceback (most recent call last):", file=sys.stderr)
                    print('  File "greedy.py", line 140, in main', file=sys.stderr)
                    print("ValueError: out of cards", file=sys.stderr, flush=True)
                    sys.exit(3)
                if misbehave == "hang":
                    while True:
                        pass
                if misbehave == "garbage":
                    print("I would play the five", flush=True)
                    continue
                if misbehave == "flood":
                    print("x" * (1 << 20), flush=True)
                    continue
                if misbehave == "error":
                    print(json.dumps({"error": "out of ideas"}), flush=True)
                    continue
                if misbehave == "twice":
                    print('{"card": "go", "card": "go"}', flush=True)
                    continue
                if misbehave in ("number", "rank") and ask == "play":
                    card = greedy_card(request)
                    answer = {"card": rank(card) if misbehave == "number" else card[:-1]}
                    print(json.dumps(answer), flush=True)
                    continue
            if ask == "throw":
                size = 2 if request.get("players", 2) == 2 else 1
                answer = {"throw": greedy_throw(request["dealt"], size)}
                once = misbehave == "illegal-once" and not erred
                if decisions >= 3 and (misbehave == "illegal" or once):
                    erred = True
                    answer = {"throw": ["Ks", "Kh"] if "Ks" not in request["dealt"] else ["2h", "3h"]}
            else:
                answer = {"card": greedy_card(request)}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
