"""A complete bot for `crib match`: it throws what crib advises and plays the card that pegs
most now (on a tie, the first in its hand).

    crib match crib:greedy bot --engine bot='python3 bindings/python/examples/bot.py'
"""

import crib_core
import crib_core.engine


def role(view):
    """The seat's role as crib_core.discard names it."""
    if view["role"] == "dealer":
        return "dealer"
    if view["players"] == 4 and view["seat"] == 2:
        return "partner-deals"  # the dealer's partner throws to their own side's crib
    return "pone"


class Pegger:
    name = "pegger"
    version = "1"

    def throw(self, view):
        seat = view["seat"] if view["players"] > 2 else None
        advice = crib_core.discard(
            view["dealt"], role=role(view), players=view["players"], seat=seat
        )
        return advice.best.throw

    def play(self, view):
        def pegged(card):
            return crib_core.peg(view["sequence"] + [card], players=view["players"]).plays[-1].points

        return max(view["legal"], key=pegged)


if __name__ == "__main__":
    crib_core.engine.serve(Pegger())
