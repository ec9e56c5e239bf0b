"""A bot kit: a Python object that throws and plays becomes an engine for ``crib match``.

``serve(bot)`` answers crib's engine protocol (docs/engine.md) on standard input and output,
one JSON request a line and one answer a line, flushed. ``bot.throw(view)`` gets a throw
request (a dict: ``dealt``, ``seat``, ``role``, ``scores`` …) and returns the cards it throws;
``bot.play(view)`` gets a play request (``hand``, ``thrown``, ``starter``, ``sequence``,
``count``, ``legal`` …) and returns the card it plays. Cards may be returned as text (``"5h"``)
or as ``crib_core.Card``. The bot's optional attributes ``name``, ``version``, ``players`` and
``games`` fill in the hello (its class name, ``"1"``, 2 to 4 players, games to 61 and 121,
unless told).

A bot that raises answers that request with ``{"error": ...}`` (the referee forfeits the game
and starts the engine afresh) and its traceback goes to standard error, where ``crib match``
keeps its last lines for the forfeit's reason. Only the standard library is needed.

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
        return {"throw": [str(card) for card in bot.throw(request)]}
    if ask == "play":
        return {"card": str(bot.play(request))}
    return {"error": f'ask {ask!r}: a request asks "hello", "throw" or "play"'}


def serve(
    bot: Any, *, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None
) -> None:
    """Answer crib's engine protocol for ``bot`` until standard input ends."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
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
                traceback.print_exc(file=sys.stderr)
                reply = {"error": f"{type(error).__name__}: {error}"}
            stdout.write(json.dumps(reply) + "\n")
            stdout.flush()
    except (BrokenPipeError, KeyboardInterrupt):
        # The referee has gone (or stopped the match): nothing more to answer, and nothing
        # left to flush into a closed pipe as Python exits.
        if stdout is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
