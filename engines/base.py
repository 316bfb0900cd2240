"""The engine protocol every game implements.

An engine is pure Python: no Django, no database, no I/O. Everything it needs comes in as plain
data (seed, number of seats, decks, options) and everything it gives back is plain data
(events, observations, results) that ``json.dumps`` accepts.

Vocabulary
----------
- **seat**: an ``int`` from 0 to ``n_seats - 1``.
- **action**: a short ``str`` such as ``"raid 3"`` or ``"play 10,W"``. Strings are hashable, cheap
  to compare and are their own save format: the action list of a match *is* its record.
- **state**: an engine-specific object. :meth:`Game.apply` changes it in place; use
  :meth:`Game.clone` to branch. All randomness lives in the state's :class:`random.Random`,
  seeded from the match seed, so the same seed, decks and actions give the same game.
- **event**: a JSON dict describing what an action did (``{"type": "raid", ...}``). An event that
  carries hidden information has ``"seen_by": [seats]``; an event without it is public.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

Action = str
Event = dict[str, Any]
JSON = Any


class IllegalAction(ValueError):
    """An action that the rules do not allow; the state was left untouched.

    ``action`` is what was tried, ``seat`` who tried it and ``reason`` a sentence saying why
    the rules forbid it.
    """

    def __init__(self, action: Action, reason: str, seat: int | None = None) -> None:
        self.action = action
        self.reason = reason
        self.seat = seat
        who = f"seat {seat}: " if seat is not None else ""
        super().__init__(f"{who}illegal action {action!r}: {reason}")


class UnknownEngineVersion(LookupError):
    """The game does not keep the rules of that engine version (the message names those it
    keeps)."""

    def __init__(self, slug: str, version: object, known: Sequence[str]) -> None:
        self.slug = slug
        self.version = version
        self.known = tuple(known)
        super().__init__(slug, version)

    def __str__(self) -> str:
        return (
            f"{self.slug} has no engine version {self.version!r} (it plays {', '.join(self.known)})"
        )


class BadSetup(ValueError):
    """The seats, decks or options given to :meth:`Game.new_game` are not valid for this game."""


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``ranks[i]`` is seat *i*'s placing (0 = first; equal ranks are ties), ``scores[i]`` its
    score in the game's own units, and ``reason`` a short sentence (how the game ended and which
    tie-break decided it).
    """

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "reason": self.reason,
            "details": self.details,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        return cls(
            ranks=tuple(data["ranks"]),
            scores=tuple(data["scores"]),
            reason=data.get("reason", ""),
            details=data.get("details", {}),
        )

    @property
    def winners(self) -> list[int]:
        """Seats ranked first."""
        return [seat for seat, rank in enumerate(self.ranks) if rank == 0]


@dataclass(frozen=True)
class DeckViolation:
    """One broken construction rule: a stable rule id, the cards involved and a sentence."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()
    count: int | None = None
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "message": self.message,
            "cards": list(self.cards),
            "count": self.count,
            "line": self.line,
        }


def canonical_json(data: JSON) -> str:
    """The one JSON spelling of ``data`` used for digests: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def digest_of(data: JSON) -> str:
    """A short stable hash (16 hex digits of SHA-256) of ``data``'s canonical JSON."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()[:16]


def derive_seed(seed: int, *labels: str | int) -> int:
    """A 64-bit seed derived from ``seed`` and labels, stable on every platform.

    Use it to give independent random streams to parts of a game (or to bots) from one
    match seed.
    """
    text = ":".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


class Game(ABC):
    """One game's rules engine. Subclasses are stateless; all game data lives in the state."""

    slug: ClassVar[str]
    """Registry key, e.g. ``"khan-of-khans"``."""
    name: ClassVar[str]
    version: ClassVar[str]
    """Engine version; bump it whenever a rule change could change a recorded game."""
    versions: ClassVar[tuple[str, ...]] = ()
    """Every engine version this engine can play, oldest first (empty: only ``version``)."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    uses_decks: ClassVar[bool] = False
    """True when each seat brings a deck (or army list, or Khan choice) of its own."""
    secret_decks: ClassVar[bool] = False
    """True when the other seats' decks are secret, so :meth:`determinize` deals their unseen
    cards from the catalogue: a determinized copy keeps how many cards lie in each place, not
    which (Akhedena's army lists)."""
    matchup_kind: ClassVar[str] = ""
    """What matchup statistics compare a seat by, as the game says it (``"faction"``,
    ``"Khan"``, ``"Hero"``, ``"army"``); empty when the game names nothing (see
    :meth:`matchup_keys`)."""

    # -- versions ------------------------------------------------------------------------
    def at_version(self, version: str) -> Game:
        """The engine playing the rules of ``version`` (matches recorded under an older
        version replay under it); raises :class:`UnknownEngineVersion` when this game does
        not keep that version. The default keeps only the current one."""
        if version == self.version:
            return self
        raise UnknownEngineVersion(self.slug, version, self.versions or (self.version,))

    def matchup_keys(
        self,
        seed: int,
        n_seats: int,
        decks: Sequence[JSON] | None,
        options: dict[str, Any] | None = None,
    ) -> list[str] | None:
        """What each seat of a match set up from ``seed``, ``decks`` and ``options`` plays, by
        the name people know it under (a faction, a Khan, a Hero, an army), seat by seat; decks
        dealt from the seed are named too. None when the game names nothing."""
        return None

    # -- setting up ----------------------------------------------------------------------
    @abstractmethod
    def new_game(
        self,
        seed: int,
        n_seats: int,
        decks: Sequence[JSON] | None = None,
        options: dict[str, Any] | None = None,
    ) -> Any:
        """A fresh game for ``n_seats`` seats; all randomness comes from ``seed``.

        Raises :class:`BadSetup` naming the problem when the seats, decks or options are wrong.
        """

    def default_decks(self, n_seats: int) -> list[JSON] | None:
        """The decks (starter decks, Khan choices...) used when a caller gives none."""
        return None

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        """Every construction rule ``deck`` breaks (an empty list for a legal deck)."""
        return []

    # -- playing -------------------------------------------------------------------------
    @abstractmethod
    def to_act(self, state: Any) -> int | None:
        """The seat that must act now, or ``None`` once the game is over."""

    @abstractmethod
    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not that seat's turn)."""

    @abstractmethod
    def apply(self, state: Any, action: Action, seat: int | None = None) -> list[Event]:
        """Play ``action`` for ``seat`` (default: the seat to act), changing ``state`` in place.

        Raises :class:`IllegalAction` with a reason, leaving ``state`` untouched, when the rules
        forbid it. Returns the events the action caused.
        """

    def apply_fast(self, state: Any, action: Action) -> None:
        """Play an action known to be legal (taken from :meth:`legal_actions`), no events.

        Bots' playouts use this; engines override it with a path that skips validation and
        event building. The default simply calls :meth:`apply`.
        """
        self.apply(state, action)

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: Any) -> Result:
        """Ranks and scores of a finished game (raises ``ValueError`` before the end)."""

    # -- information ---------------------------------------------------------------------
    @abstractmethod
    def observation(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator, public information only)."""

    @abstractmethod
    def canonical(self, state: Any) -> JSON:
        """The full state as plain JSON data (everything, hidden cards included)."""

    def digest(self, state: Any) -> str:
        """A stable hash of the canonical state."""
        return digest_of(self.canonical(state))

    @abstractmethod
    def clone(self, state: Any) -> Any:
        """An independent copy of ``state`` (its random generator included)."""

    @abstractmethod
    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy of ``state`` in which everything ``seat`` cannot see is re-dealt at random.

        The copy agrees with ``seat``'s observation (same visible cards, same counts) and its
        own random generator is reseeded from ``rng``, so searching it cannot learn the real
        hidden cards or future draws. Information-set search bots call this.
        """

    def zones(self, state: Any) -> dict[str, list[str]]:
        """Every card of the game by the place it is in (``{"deck:3": [...], "herd:0": [...]}``).

        Card ids are unique within a game (``"raid100#4"``), so tests can check that cards are
        conserved: each card is in exactly one place, none appears or vanishes.
        """
        raise NotImplementedError

    # -- bots' helpers -------------------------------------------------------------------
    def random_playout(self, state: Any, rng: random.Random) -> None:
        """Play uniformly random legal actions until the game ends (in place).

        Search bots and benchmarks call this; engines may override it with a faster loop that
        must make the same choices as this one for the same ``rng``.
        """
        while not self.is_over(state):
            seat = self.to_act(state)
            self.apply_fast(state, rng.choice(self.legal_actions(state, seat)))

    def guided_playout(self, state: Any, rng: random.Random) -> None:
        """Play to the end (in place) with the game's cheap rules of thumb, for search bots'
        simulations; games without any fall back to :meth:`random_playout`."""
        self.random_playout(state, rng)

    def heuristic_value(self, state: Any, seat: int) -> float:
        """A cheap estimate in [0, 1] of how well ``seat`` is doing (used by bots)."""
        if self.is_over(state):
            result = self.result(state)
            worst = max(result.ranks) or 1
            return 1.0 - result.ranks[seat] / worst
        return 0.5

    # -- for people: words, faces and where on the board an action is chosen ------------
    score_label: ClassVar[str] = "points"
    presentation: ClassVar[Any] = None
    """The game's presentation module (``engines/<game>/present.py``), if it has one: each of
    the six methods below that the module defines as a function of the same name and
    arguments (without ``self``) is answered by it; the defaults below stand in for the rest."""
    """What a score counts, for people ("cows", "points", "Victory Points")."""

    def describe_action(
        self,
        state: Any,
        action: Action,
        viewer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """A sentence for ``action`` as ``viewer`` may read it (``None``: a spectator).

        Cards by their names, but never a card ``viewer`` cannot see; seats by ``names`` when
        given (see :func:`seat_name`). Default: the action itself.
        """
        if (present := getattr(self.presentation, "describe_action", None)) is not None:
            return present(state, action, viewer, names)
        return action

    def describe_move(
        self,
        before: Any,
        action: Action,
        events: list[Event],
        viewer: int | None = None,
        names: Sequence[str] | None = None,
    ) -> str:
        """The move log's sentence for ``action``, played on ``before`` and giving ``events``:
        what was chosen and what it revealed, as ``viewer`` may know it."""
        if (present := getattr(self.presentation, "describe_move", None)) is not None:
            return present(before, action, events, viewer, names)
        return self.describe_action(before, action, viewer, names)

    def action_path(self, state: Any, action: Action, viewer: int | None = None) -> list[Any]:
        """The board elements a person clicks, in order, to choose ``action``.

        Each step is the key of an element the game's board draws (``"deck:3"``,
        ``"hand:c17"``, ``"space:3,2"``) or a list of keys clicked in any order (cards played
        together). ``[]``: the action is a button. A ``viewer`` other than the seat to act gets
        only the keys it may see (the move log highlights them), never a hidden card's.
        """
        if (present := getattr(self.presentation, "action_path", None)) is not None:
            return present(state, action, viewer)
        return []

    def describe_result(self, result: Result, names: Sequence[str] | None = None) -> str:
        """How the game ended, for people (seats by ``names``); default: the recorded reason."""
        if (present := getattr(self.presentation, "describe_result", None)) is not None:
            return present(result, names)
        return result.reason

    def card_faces(self, observation: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """What each card (or Khan, Hero, piece) named in ``observation`` shows a person, by id:
        ``{"name": ..., "kind": ..., "text": ..., "stats": [[label, value], ...]}``."""
        if (present := getattr(self.presentation, "card_faces", None)) is not None:
            return present(observation)
        return {}

    def describe_options(self, options: dict[str, Any] | None) -> list[str]:
        """The optional rules a match's ``options`` switch on, for people ("Event mode");
        default: none named."""
        if (present := getattr(self.presentation, "describe_options", None)) is not None:
            return present(options or {})
        return []


def visible_events(events: list[Event], viewer: int | None) -> list[Event]:
    """The events ``viewer`` sees (``None``: a spectator): public ones, and private ones shown
    to ``viewer``; a private event replaces the public one of the same type just before it (its
    public twin, which hides the card)."""
    out: list[Event] = []
    for event in events:
        seen_by = event.get("seen_by")
        if seen_by is None:
            out.append(event)
        elif viewer in seen_by:
            if out and out[-1].get("type") == event.get("type") and "seen_by" not in out[-1]:
                out[-1] = event
            else:
                out.append(event)
    return out


def seat_name(names: Sequence[str] | None, seat: int) -> str:
    """How a sentence names ``seat``: its entry in ``names``, else ``"seat N"`` (the protocol's
    0-based number, as in the engines' error messages)."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"
