"""Exact, fast cribbage from Python: crib's library (crib-core) as typed Python.

Cards are given as text ("5h", "10s" or "Ts", "Jd", "5♥", a rank alone where suits cannot
matter), as one string split on spaces, or as a sequence of texts and Cards. Bad input raises
ValueError with crib's own message.
"""

from collections.abc import Iterable, Sequence
from typing import Any, Literal, Optional, SupportsIndex, Union

__version__: str

class Card:
    """A playing card: a rank from 1 (ace) to 13 (king), and a suit unless only the rank was given."""

    def __init__(self, text: str) -> None: ...
    @property
    def rank(self) -> int: ...
    @property
    def suit(self) -> Optional[Literal["h", "d", "c", "s"]]: ...
    @property
    def value(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

Cards = Union[str, Sequence[Union[str, Card]]]

def parse_cards(cards: Cards, /) -> list[Card]: ...

class Item:
    kind: Literal["fifteen", "pair", "run", "flush", "nobs"]
    cards: list[Card]
    points: int

class Points:
    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int

class Score:
    hand: list[Card]
    starter: Card
    crib: bool
    items: list[Item]
    points: Points
    total: int
    said: str
    suits_known: bool

def score(cards: Cards, starter: Union[str, Card, None] = None, *, crib: bool = False) -> Score: ...
def score_total(cards: Cards, starter: Union[str, Card, None] = None, *, crib: bool = False) -> int: ...
def score_many(hands: Iterable[Cards], *, crib: bool = False) -> list[int]: ...

class PlayEvent:
    event: Literal["card", "go", "go point", "last card"]
    player: str
    card: Optional[Card]
    count: int
    points: int
    reasons: list[str]
    sequence: int

class Peg:
    players: int
    plays: list[PlayEvent]
    totals: dict[str, int]
    complete: bool

def peg(plays: Cards, *, players: int = 2) -> Peg: ...

class DiscardChoice:
    keep: list[Card]
    throw: list[Card]
    hand_mean: float
    hand_min: int
    hand_max: int
    crib_mean: float
    peg_mean: Optional[float]
    peg_opp_mean: Optional[float]
    net: float
    p_win: Optional[float]
    p_win_se: Optional[float]
    gap_se: Optional[float]

class Discard:
    players: int
    role: Literal["dealer", "partner-deals", "pone"]
    seat: int
    crib_model: Literal["expert", "uniform"]
    play_model: Literal["engine", "none"]
    game: Optional[int]
    match_need: Optional[dict[str, int]]
    draws: Optional[int]
    changes_advice: Optional[bool]
    choices: list[DiscardChoice]
    @property
    def best(self) -> DiscardChoice: ...

def discard(
    dealt: Cards,
    *,
    role: Literal["dealer", "partner-deals", "pone"],
    players: int = 2,
    seat: Optional[int] = None,
    crib_model: Literal["expert", "uniform"] = "expert",
    play_model: Literal["engine", "none"] = "engine",
    scores: Optional[Sequence[int]] = None,
    game: int = 121,
    match_need: Optional[tuple[int, int]] = None,
) -> Discard: ...

class PlayOption:
    card: Card
    now: int
    reasons: list[str]
    mine: float
    theirs: float
    net: float
    se: Optional[float]
    gap_se: Optional[float]

class BoardOption:
    card: Card
    p_win: float
    p_win_se: float
    gap_se: float

class PlayBoard:
    scores: Union[dict[str, int], list[int]]
    game: int
    match_need: Optional[dict[str, int]]
    samples: int
    options: list[BoardOption]
    best: Card
    points_best: Card
    changes_advice: bool
    gain: float

class PlayAdvice:
    hand: list[Card]
    players: int
    seat: int
    count: int
    options: list[PlayOption]
    best: Optional[Card]
    holdings: Optional[int]
    samples: Optional[int]
    opponent: Literal["uniform", "expert", "reading"]
    board: Optional[PlayBoard]

def play(
    hand: Cards,
    played: Optional[Cards] = None,
    *,
    seat: Optional[int] = None,
    dealer: bool = False,
    players: int = 2,
    starter: Union[str, Card, None] = None,
    thrown: Optional[Cards] = None,
    opponent: Literal["uniform", "expert", "reading"] = "uniform",
    scores: Optional[Sequence[int]] = None,
    game: int = 121,
    match_need: Optional[tuple[int, int]] = None,
) -> PlayAdvice: ...

Scores = Union[dict[str, int], list[int]]

class BoardPeg:
    phase: str
    player: str
    seat: int
    card: Optional[Card]
    points: int
    reasons: list[str]
    scores: Optional[Scores]

class DealCount:
    players: int
    game: int
    start_scores: Scores
    events: list[BoardPeg]
    winning_seats: list[int]
    final_scores: Scores
    skunk: Optional[Literal["skunk", "double skunk"]]
    uncounted: list[BoardPeg]

def count_deal(
    hands: Sequence[Cards],
    crib: Cards,
    starter: Union[str, Card],
    play: Cards,
    *,
    scores: Optional[Sequence[int]] = None,
    game: int = 121,
) -> DealCount: ...

class Odds:
    game: int
    p_win: Optional[float]
    p_skunk_win: Optional[float]
    p_skunked: Optional[float]
    p_double_skunk_win: Optional[float]
    p_double_skunked: Optional[float]
    expected_you: Optional[float]
    expected_opponent: Optional[float]
    win: Optional[list[float]]
    match_need: Optional[dict[str, int]]
    p_match: Optional[float]

def odds(
    scores: Sequence[int],
    *,
    dealer: Optional[bool] = None,
    players: int = 2,
    game: int = 121,
    match_need: Optional[tuple[int, int]] = None,
) -> Odds: ...

class Reason:
    """Why a decision cost what it did, as data: `kind` says which fields it fills."""

    kind: Literal["crib", "hand", "play", "now", "rest", "count"]
    points: Optional[float]
    whose: Optional[Literal["yours", "opponent", "dealer"]]
    shape: Optional[Literal["pair", "fifteen", "five", "sequence"]]
    shape_cards: Optional[list[Card]]
    shape_rank: Optional[str]
    kept: Optional[list[Card]]
    worth: Optional[float]
    best_kept: Optional[list[Card]]
    best_worth: Optional[float]
    best: Optional[Card]
    best_now: Optional[int]
    scores: Optional[list[str]]
    rule: Optional[Literal["five led", "five left", "21 left", "pairing", "run", "lead"]]
    card: Optional[Card]
    claimed: Optional[int]
    holds: Optional[int]

class Graded:
    """One decision graded, as `crib review --json` gives it."""

    kind: Literal["discard", "play", "count"]
    chosen: Union[list[Card], Card, int]
    best: Union[list[Card], Card, int]
    cost: float
    cost_p_win: Optional[float]
    loss: float
    label: Optional[Literal["inaccuracy", "mistake", "blunder"]]
    fault: Optional[str]
    reasons: list[Reason]

def review_deal(
    hands: Sequence[Cards],
    throws: Sequence[Cards],
    starter: Union[str, Card],
    play: Cards,
    *,
    seat: int,
    crib_card: Optional[Union[str, Card]] = None,
    scores: Optional[Sequence[int]] = None,
    game: int = 121,
    board: bool = True,
) -> list[Graded]: ...

class GameSteps:
    """One game stepped a card at a time (crib_core.env's moves)."""

    CARDS: list[str]
    OBSERVATION_SIZE: int
    PLAY_ORDER_SIZE: int
    LEVELS: list[str]
    players: int
    game: int
    deals: int
    def __init__(
        self, players: SupportsIndex = 2, game: SupportsIndex = 121, seed: SupportsIndex = 0
    ) -> None: ...
    def to_act(self) -> Optional[tuple[int, Literal["throw", "play"], int]]: ...
    def legal(self) -> list[int]: ...
    def mask(self) -> bytearray: ...
    def act(self, card: SupportsIndex) -> bool: ...
    def choice(self, level: str) -> Optional[int]: ...
    def scores(self) -> list[int]: ...
    def side_of(self, player: SupportsIndex) -> int: ...
    def seat_of(self, player: SupportsIndex) -> int: ...
    def last_deal(self) -> list[int]: ...
    def over(self) -> Optional[tuple[int, list[int], Optional[Literal["skunk", "double skunk"]]]]: ...
    def dealer(self) -> int: ...
    def settled(self) -> Optional[dict[str, Any]]: ...
    def copy(
        self, resample_for: Optional[SupportsIndex] = None, seed: SupportsIndex = 0
    ) -> GameSteps: ...
    def observation(self, player: SupportsIndex, version: int = 0) -> bytearray: ...
    def view(self, player: SupportsIndex) -> dict[str, Any]: ...

class GameBatch:
    """n games stepped at once in Rust (crib_core.env.vector's games)."""

    observations: Any
    last_seen: Any
    masks: Any
    to_act: Any
    rewards: Any
    settled: Any
    deal_points: Any
    winners: Any
    def __init__(
        self,
        n: SupportsIndex,
        levels: Sequence[Optional[str]],
        game: SupportsIndex = 121,
        version: int = 1,
        reward: Literal["game", "points"] = "game",
        watch: Optional[int] = None,
    ) -> None: ...
    def __len__(self) -> int: ...
    def reset(
        self, games: Sequence[int], seeds: Sequence[int], stream: Optional[int] = None
    ) -> None: ...
    def step(self, actions: Any) -> None: ...

def match_seed(seed: SupportsIndex, group: SupportsIndex = 0) -> int: ...
def request_observation(
    request: dict[str, Any], chosen: Optional[Sequence[Union[str, Card]]] = None, version: int = 1
) -> bytearray: ...
