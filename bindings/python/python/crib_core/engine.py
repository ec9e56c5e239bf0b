"""A bot kit: a Python object that throws and plays becomes an engine for ``crib match``.

``serve(bot)`` answers crib's engine protocol (docs/engine.md) on standard input and output,
one JSON request a line and one answer a line, flushed. ``bot.throw(view)`` gets a throw
request (a dict: ``dealt``, ``seat``, ``role``, ``scores`` …) and returns the cards it throws;
``bot.play(view)`` gets a play request (``hand``, ``thrown``, ``starter``, ``sequence``,
``count``, ``legal`` …) and returns the card it plays. Cards may be returned as text (``"5h"``)
or as ``crib_core.Card``. The bot's optional attributes ``name``, ``version``, ``players`` and
``games`` fill in the hello (its class name, ``"1"``, 2 to 4 players, games to 61 and 121,
unless told).

A card may also be a string of cards (``"8d Qs"``, or ``"8d,Qs"``) for a throw. While it serves,
the bot's ``print`` goes to standard error: standard output is the protocol's alone.

A bot that raises, or returns ``None`` or something that is not cards, answers that request
with ``{"error": ...}`` naming what went wrong and, for an exception, where (its last frame:
file, line and function); the referee forfeits the game with that reason and starts the engine
afresh. The whole traceback goes to standard error. Only the standard library is needed.

    import crib_core.engine

    class First:
        def throw(self, view):
            return view["dealt"][: 2 if view["players"] == 2 else 1]

        def play(self, view):
            return view["legal"][0]

    crib_core.engine.serve(First())

docs/python.md has a complete bot that plays well (``bindings/python/examples/bot.py``).
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from typing import Any, Optional, TextIO

__all__ = ["PROTOCOL", "answer", "serve"]

#: The version of crib's engine protocol spoken.
PROTOCOL = 1


def _hello(bot: Any) -> dict:
    return {
        "name": getattr(bot, "name", type(bot).__name__),
        "version": str(getattr(bot, "version", "1")),
        "protocol": PROTOCOL,
        "players": list(getattr(bot, "players", [2, 3, 4])),
        "games": list(getattr(bot, "games", [61, 121])),
    }


def answer(bot: Any, request: dict) -> dict:
    """The answer of ``bot`` to one request (a dict), as ``serve`` writes it.

    >>> class First:
    ...     def throw(self, view): return view["dealt"][:2]
    ...     def play(self, view): return view["legal"][0]
    >>> answer(First(), {"ask": "throw", "dealt": ["5h", "5c", "5s", "Jd", "2c", "9h"]})
    {'throw': ['5h', '5c']}
    >>> answer(First(), {"ask": "play", "legal": ["10h", "Kd"]})
    {'card': '10h'}
    >>> answer(First(), {"ask": "hello", "protocol": 1})["protocol"]
    1
    """
    ask = request.get("ask")
    if ask == "hello":
        if request.get("protocol", PROTOCOL) != PROTOCOL:
            return {"error": f"protocol {request.get('protocol')!r}: this bot speaks {PROTOCOL}"}
        return _hello(bot)
    if ask == "throw":
        return {"throw": _cards(bot.throw(request), "throw")}
    if ask == "play":
        return {"card": _card(bot.play(request))}
    return {"error": f'ask {ask!r}: a request asks "hello", "throw" or "play"'}


class BotError(ValueError):
    """What a bot returned that is not an answer, in words."""


def _card(card: Any) -> str:
    """A card the bot played, as text: a ``Card`` or a string of one card."""
    if card is None:
        raise BotError("the bot's play returned None: it must return the card it plays")
    text = str(card).strip()
    if isinstance(card, (str, bytes)) and len(text.replace(",", " ").split()) != 1:
        raise BotError(f"the bot's play returned {card!r}: it must return one card")
    return text


def _cards(cards: Any, what: str) -> list:
    """The cards the bot threw, as text: a list of cards, or a string of them (``"8d Qs"``)."""
    if cards is None:
        raise BotError(f"the bot's {what} returned None: it must return the cards it throws")
    if isinstance(cards, bytes):
        cards = cards.decode("utf-8", "replace")
    if isinstance(cards, str):
        return cards.replace(",", " ").split()
    try:
        listed = list(cards)
    except TypeError:
        raise BotError(
            f"the bot's {what} returned {cards!r}: it must return the cards it throws"
        ) from None
    if any(card is None for card in listed):
        raise BotError(f"the bot's {what} returned {listed!r}: None is not a card")
    return [str(card).strip() for card in listed]


def _reason(error: BaseException) -> str:
    """An exception as the referee is told it: its type and words, and where it was raised."""
    text = f"{type(error).__name__}: {error}"
    frames = traceback.extract_tb(error.__traceback__)
    if frames and not isinstance(error, BotError):
        last = frames[-1]
        text += f" (at {os.path.basename(last.filename)}:{last.lineno}, in {last.name})"
    return text


def serve(
    bot: Any, *, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None
) -> None:
    """Answer crib's engine protocol for ``bot`` until standard input ends."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    # The bot's print goes to standard error: standard output is the protocol's.
    printed = sys.stdout
    sys.stdout = sys.stderr
    try:
        _serve(bot, stdin, stdout, stdout is printed)
    finally:
        sys.stdout = printed


def _serve(bot: Any, stdin: TextIO, stdout: TextIO, standard: bool) -> None:
    """``serve``'s loop; ``standard`` when ``stdout`` is the process's standard output."""
    try:
        for line in stdin:
            text = line.strip().lstrip("\ufeff")
            if not text or text.startswith("#"):
                continue
            try:
                request = json.loads(text)
                if not isinstance(request, dict):
                    raise ValueError("a request is a JSON object")
                reply = answer(bot, request)
            except Exception as error:  # the referee is told, and the game goes on
                if not isinstance(error, BotError):
                    traceback.print_exc(file=sys.stderr)
                reply = {"error": _reason(error)}
            stdout.write(json.dumps(reply) + "\n")
            stdout.flush()
    except (BrokenPipeError, KeyboardInterrupt):
        # The referee has gone (or stopped the match): nothing more to answer, and nothing
        # left to flush into a closed pipe as Python exits.
        if standard:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stdout.fileno())
