"""The protocol plumbing the games' engines share, so that each ``engines/<game>/game.py`` keeps
only what is its own.

- :class:`WiredGame`: a :class:`~engines.base.Game` whose information and playouts are answered by
  the game's modules (``observer``: ``observation``, ``determinize``, ``zones``; ``playouts``:
  ``guided_playout``), with the set-up checks the games share (seat count, one deck per seat).
- :class:`TurnGame`: a :class:`WiredGame` whose state says ``over`` and ``to_act`` and whose
  rules list the legal actions as strings: turns, validation and playing wired to the game's
  ``legal``, ``play`` and ``why_illegal``.
- :class:`VersionedGame`: one shared engine per rules version a game keeps
  (:class:`~engines.engine_versions.EngineVersions`), for :meth:`~engines.base.Game.at_version`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, TypeAlias

from engines.base import JSON, Action, BadSetup, Event, Game, IllegalAction, UnknownEngineVersion
from engines.engine_versions import EngineVersions

Decks: TypeAlias = Sequence[JSON] | None
"""The decks :meth:`~engines.base.Game.new_game` takes: one per seat, or None (the game's own)."""
Options: TypeAlias = dict[str, Any] | None
"""A match's options (None: none)."""


class WiredGame(Game):
    """An engine whose observation, determinization, zones and guided playouts are functions
    of the game's modules (``observer`` and ``playouts``, like ``presentation``)."""

    observer: ClassVar[Any]
    """The module with ``observation(state, seat)``, ``determinize(state, seat, rng)`` and
    ``zones(state)`` (``engines/<game>/observe.py``)."""
    playouts: ClassVar[Any]
    """The module with ``guided_playout(state, rng)`` (``engines/<game>/playout.py``)."""

    # -- setting up ----------------------------------------------------------------------
    def check_seats(self, n_seats: object, players: str) -> None:
        """Raise :class:`BadSetup` unless ``n_seats`` is an ``int`` from ``min_seats`` to
        ``max_seats``; ``players`` says who plays the game ("Akhedena is played by 2 to 4
        players"), the refusal adds ", not N"."""
        if isinstance(n_seats, bool) or not isinstance(n_seats, int):
            raise BadSetup(f"n_seats must be an int, not {n_seats!r}")
        if not self.min_seats <= n_seats <= self.max_seats:
            raise BadSetup(f"{players}, not {n_seats}")

    def seat_decks(
        self, decks: Sequence[JSON], n_seats: int, each: str, counted: str, rules: bool = True
    ) -> list[JSON]:
        """``decks`` as a list of one legal deck per seat; :class:`BadSetup` otherwise: "need one
        ``each`` per seat: N seats, M ``counted``", or seat by seat the first construction rule
        broken (``[rule id] message`` when ``rules``, else the message alone)."""
        chosen = list(decks)
        if len(chosen) != n_seats:
            raise BadSetup(f"need one {each} per seat: {n_seats} seats, {len(chosen)} {counted}")
        for seat, deck in enumerate(chosen):
            problems = self.validate_deck(deck)
            if problems:
                rule = f"[{problems[0].rule}] " if rules else ""
                raise BadSetup(f"seat {seat}: {rule}{problems[0].message}")
        return chosen

    # -- information ---------------------------------------------------------------------
    def observation(self, state: Any, seat: int | None) -> dict[str, Any]:
        return self.observer.observation(state, seat)  # type: ignore[no-any-return]

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.observer.determinize(state, seat, rng)

    def zones(self, state: Any) -> dict[str, list[str]]:
        return self.observer.zones(state)  # type: ignore[no-any-return]

    # -- bots' helpers -------------------------------------------------------------------
    def guided_playout(self, state: Any, rng: random.Random) -> None:
        """Play to the end (in place) with the game's rules of thumb (``playouts``)."""
        self.playouts.guided_playout(state, rng)


class TurnGame(WiredGame):
    """An engine whose state has ``over`` and ``to_act`` (the seat to act) and ``copy()``, and
    whose rules list the legal actions (strings) of the seat to act. The game names its rules'
    functions as static class attributes:

    - ``legal(state)``: the legal actions of the seat to act;
    - ``play(state, action, events)``: play a legal action, appending its events to ``events``
      (``None``: no events, the bots' fast path);
    - ``why_illegal(state, seat, action)``: the sentence refusing an action that is not legal.
    """

    legal: ClassVar[Callable[[Any], Sequence[Action]]]
    play: ClassVar[Callable[[Any, Action, list[Event] | None], None]]
    why_illegal: ClassVar[Callable[[Any, int, Any], str]]

    # -- playing -------------------------------------------------------------------------
    def to_act(self, state: Any) -> int | None:
        """The seat to act (``None`` once the game is over)."""
        return None if state.over else state.to_act  # type: ignore[no-any-return]

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (empty when it is not that seat's turn)."""
        if state.over or seat != state.to_act:
            return []
        return list(self.legal(state))

    def apply(self, state: Any, action: Action, seat: int | None = None) -> list[Event]:
        """Validate and play ``action``; raise :class:`IllegalAction` leaving state untouched."""
        if state.over:
            raise IllegalAction(action, "the game is over", seat)
        if seat is None:
            seat = state.to_act
        elif seat != state.to_act:
            raise IllegalAction(action, f"it is seat {state.to_act}'s turn, not yours", seat)
        if not isinstance(action, str) or action not in self.legal(state):
            raise IllegalAction(action, self.why_illegal(state, seat, action), seat)
        events: list[Event] = []
        self.play(state, action, events)
        return events

    def apply_fast(self, state: Any, action: Action) -> None:
        """Play a legal action without validation or events."""
        self.play(state, action, None)

    def is_over(self, state: Any) -> bool:
        return state.over  # type: ignore[no-any-return]

    def clone(self, state: Any) -> Any:
        return state.copy()

    # -- bots' helpers -------------------------------------------------------------------
    def random_playout(self, state: Any, rng: random.Random) -> None:
        """The generic loop without its protocol overhead (same choices for the same rng)."""
        legal, play, choice = self.legal, self.play, rng.choice
        while not state.over:
            play(state, choice(legal(state)), None)


class VersionedGame(Game):
    """A game that keeps older rules versions beside its current one: ``Engine()`` plays the
    current rules, ``Engine("1.0.0")`` (or ``GAME.at_version("1.0.0")``) the rules that version
    played, so matches recorded under it replay exactly; the first engine of each version is the
    shared one :meth:`at_version` answers with.

    A game names its versions where it subclasses this one:
    ``class Engine(VersionedGame, versions=VERSIONS, current=CURRENT)``: ``VERSIONS`` every
    version kept, oldest first, as names or as a mapping of each name to its rules (what the
    engine's ``rules`` holds; names alone: the name), ``current`` (default: the newest) the one
    new matches play. They become the class's ``versions`` and ``version``.
    """

    rulebooks: ClassVar[Mapping[str, Any]]
    """The rules of each version the game keeps, oldest first."""
    shared: ClassVar[EngineVersions[Any]]
    """The engine of each version the game keeps (one table per game)."""
    rules: Any
    """The rules of this engine's version."""

    def __init_subclass__(
        cls,
        versions: Iterable[str] | Mapping[str, Any] = (),
        current: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        if versions:
            if isinstance(versions, Mapping):
                cls.rulebooks = dict(versions)
            else:
                cls.rulebooks = {name: name for name in versions}
            cls.versions = tuple(cls.rulebooks)
            cls.version = cls.versions[-1] if current is None else current
            cls.shared = EngineVersions(cls.slug, cls.versions, cls)

    def __init__(self, version: str | None = None) -> None:
        version = type(self).version if version is None else version
        self.rules = self.rules_for(version)
        self.version = version  # type: ignore[misc]  # per instance: one engine per version
        self.shared.keep(self)

    def rules_for(self, version: str) -> Any:
        """The rules ``version`` plays; :class:`UnknownEngineVersion` for one the game does not
        keep."""
        rules = self.rulebooks.get(version) if isinstance(version, str) else None
        if rules is None:
            raise UnknownEngineVersion(self.slug, version, self.versions)
        return rules

    def at_version(self, version: str) -> Game:
        """The engine playing the rules of ``version`` (one shared instance per version)."""
        return self if version == self.version else self.shared.get(version)


def tie_break(
    keys: Sequence[Sequence[Any]], leaders: Sequence[int], sentences: Sequence[str]
) -> str:
    """How first place was decided, for a result's reason: ``sentences[0]`` when one of
    ``leaders`` (the seats, or sides, level on the first key) leads alone, ``sentences[i]`` when
    key ``i`` of ``keys`` (per seat) is the first to tell the leaders apart, the last sentence
    when every key ties."""
    if len(leaders) == 1:
        return sentences[0]
    for i in range(1, len(sentences) - 1):
        if len({keys[s][i] for s in leaders}) > 1:
            return sentences[i]
    return sentences[-1]
