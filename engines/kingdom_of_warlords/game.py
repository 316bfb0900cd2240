"""The :class:`KingdomOfWarlords` engine: the protocol of :mod:`engines.base` over the rules."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from engines.base import JSON, Action, BadSetup, DeckViolation, Event, IllegalAction, Result
from engines.protocol import Decks, Options, VersionedGame, WiredGame

from . import observe, playout, present, rules
from .cards import (
    ACT_KINDS,
    ACT_TYPE,
    ACTION_INDEX,
    ACTIONS,
    ARMY_SIZE,
    DR,
    DRAGON,
    KIND,
    KIND_LABELS,
    KIND_NAMES,
    LABEL_KIND,
    PH,
    PLAY_PW,
    PLAY_W,
    STANDARD_ARMY,
    T_EXTRA,
    T_WARLORD,
    WL,
    WZ,
    YIELD,
    normalise,
)
from .legal import legal_ids
from .state import OVER, RESPOND, KowState

_STANDARD_COUNTS = Counter(STANDARD_ARMY)


VERSIONS = ("1.0.0", "1.1.0")
"""Every engine version kept, oldest first. 1.1.0: a seat with nothing it may play yields
(``yield``) where 1.0.0 ended its play on its own (see docs/rules/kingdom-of-warlords.md)."""


class KingdomOfWarlords(VersionedGame, WiredGame, versions=VERSIONS):
    """Kingdom of Warlords (Red Games): two armies of 27, battles, Wars and four Warlords.

    One instance per rules version: ``KingdomOfWarlords()`` plays the current rules,
    ``GAME.at_version("1.0.0")`` the rules that version played, so its matches replay exactly.
    """

    slug: ClassVar[str] = "kingdom-of-warlords"
    name: ClassVar[str] = "Kingdom of Warlords"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    uses_decks: ClassVar[bool] = True

    observer: ClassVar[Any] = observe
    playouts: ClassVar[Any] = playout

    # -- setting up ------------------------------------------------------------------------
    matchup_kind: ClassVar[str] = "army"

    def matchup_keys(
        self, seed: int, n_seats: int, decks: Decks, options: Options = None
    ) -> list[str] | None:
        """Each seat's army: every legal army is the standard one (in some order)."""
        chosen = self.default_decks(n_seats) if decks is None else list(decks)
        return ["Standard army" if Counter(d) == _STANDARD_COUNTS else "Own army" for d in chosen]

    def default_decks(self, n_seats: int) -> list[JSON] | None:
        """The standard 27-card army for each seat."""
        return [list(STANDARD_ARMY) for _ in range(n_seats)]

    def validate_deck(
        self, deck: JSON, options: dict[str, Any] | None = None
    ) -> list[DeckViolation]:
        """An army must be the 27 standard cards (labels 4..10, J, Q, K, A, WL, W, P, D)."""
        if not isinstance(deck, list | tuple) or not all(isinstance(x, str) for x in deck):
            return [DeckViolation("deck-format", "an army is a list of card labels")]
        out: list[DeckViolation] = []
        unknown = tuple(sorted({x for x in deck if x not in LABEL_KIND}))
        if unknown:
            out.append(
                DeckViolation("unknown-card", f"unknown card labels: {', '.join(unknown)}", unknown)
            )
        if len(deck) != ARMY_SIZE:
            out.append(
                DeckViolation(
                    "deck-size", f"an army has {ARMY_SIZE} cards, not {len(deck)}", count=len(deck)
                )
            )
        counts = Counter(x for x in deck if x in LABEL_KIND)
        wrong = []
        for label in KIND_LABELS:
            if counts[label] != _STANDARD_COUNTS[label]:
                wrong.append(label)
        if wrong:
            detail = ", ".join(
                f"{KIND_NAMES[LABEL_KIND[x]]} {counts[x]} (needs {_STANDARD_COUNTS[x]})"
                for x in wrong
            )
            out.append(
                DeckViolation(
                    "army-composition",
                    "an army is 2 of each rank 4..Assassin, 2 Warlords, 1 Wizard, 1 Phantom and "
                    f"1 Dragon: {detail}",
                    tuple(wrong),
                )
            )
        return out

    def new_game(
        self, seed: int, n_seats: int, decks: Decks = None, options: Options = None
    ) -> KowState:
        """Shuffle both armies from ``seed``, draw for first player, take first hands.

        Option ``max_battles`` (default 500) is the battle cap.
        """
        if n_seats != 2:
            raise BadSetup(f"Kingdom of Warlords is for 2 players, not {n_seats}")
        if decks is not None:
            if len(decks) != 2:
                raise BadSetup(f"need 2 armies, got {len(decks)}")
            for seat, deck in enumerate(decks):
                problems = self.validate_deck(deck)
                if problems:
                    raise BadSetup(f"seat {seat}'s army: " + "; ".join(v.message for v in problems))
        cap = rules.DEFAULT_CAP
        for key, value in (options or {}).items():
            if key != "max_battles":
                raise BadSetup(f"unknown option {key!r} (known: max_battles)")
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise BadSetup("max_battles must be a positive integer")
            cap = value
        return rules.new_state(seed, cap, yields=self.version != "1.0.0")

    # -- playing ---------------------------------------------------------------------------
    def to_act(self, state: KowState) -> int | None:
        return None if state.phase == OVER else state.actor

    def legal_actions(self, state: KowState, seat: int) -> list[Action]:
        if state.phase == OVER or seat != state.actor:
            return []
        return [ACTIONS[i] for i in legal_ids(state)]

    def apply(self, state: KowState, action: Action, seat: int | None = None) -> list[Event]:
        if seat is None:
            seat = self.to_act(state)
        tidy = normalise(action) if isinstance(action, str) else action
        aid = ACTION_INDEX.get(tidy) if isinstance(tidy, str) else None
        if aid is None or seat != state.actor or aid not in legal_ids(state):
            raise IllegalAction(action, self.why_illegal(state, tidy, seat), seat)
        ev: list[Event] = []
        rules.apply_id(state, aid, ev)
        return ev

    def apply_fast(self, state: KowState, action: Action) -> None:
        rules.apply_id(state, ACTION_INDEX[action], None)

    def why_illegal(self, state: KowState, action: Any, seat: int | None) -> str:
        """A sentence saying why ``action`` is not allowed for ``seat`` now."""
        if state.phase == OVER:
            return "the game is over"
        if seat != state.actor:
            return f"it is seat {state.actor}'s turn, not seat {seat}'s"
        if not isinstance(action, str):
            return "an action is a string"
        aid = ACTION_INDEX.get(action)
        p = state.actor
        hand_kinds = Counter(KIND[c] for c in state.hand[p])
        if aid is None:
            if not action.startswith("play "):
                return (
                    "unknown action: use 'play <cards>' (e.g. 'play 9,W'), 'warlord', 'extra' "
                    "or 'yield'"
                )
            labels = [x.strip() for x in action[5:].split(",")]
            bad = [x for x in labels if x not in LABEL_KIND]
            if bad:
                return f"unknown card label(s) {', '.join(bad)}: use 4..10, J, Q, K, A, W, P, D"
            kinds = [LABEL_KIND[x] for x in labels]
            if WL in kinds:
                return (
                    "a Warlord is never played alone or inside a play: use 'warlord' to lay it "
                    "and draw 2, then play a card alongside it"
                )
            if WZ in kinds and (DR in kinds):
                return "a Wizard cannot be combined with a Dragon"
            if DR in kinds or PH in kinds:
                return "a Dragon is played alone and a Phantom alone or with the Wizard"
            if len(kinds) > 3:
                return "a play is at most three cards (a triple)"
            if kinds.count(WZ) > 1:
                return "there is only one Wizard to a play"
            return "the cards of a double or triple must share one rank (the Wizard may stand in)"
        legal = legal_ids(state)
        if state.phase == RESPOND and state.lead_str == DRAGON:
            if YIELD in legal:
                return "the only answer to a Dragon is another Dragon and you hold none: yield"
            return "the only answer to a Dragon is another Dragon: you must play your Dragon"
        if YIELD in legal:
            return "you have nothing to play beside your Warlord: yield"
        if aid == YIELD:
            return "you may yield only when you hold nothing you may play"
        typ = ACT_TYPE[aid]
        if typ == T_EXTRA:
            if not state.bonus[p]:
                return "the extra (4th) hand card needs the Triple advantage: play a Triple first"
            if state.extra_used[p]:
                return "you already took the extra card for this hand"
            if len(state.hand[p]) > 3:
                return "a hand holds at most 4 cards with the Triple advantage"
            return "your army and troop pile are empty"
        if typ == T_WARLORD:
            if not hand_kinds[WL]:
                return "you hold no Warlord"
            return "at most two Warlords go into one play"
        need = Counter(ACT_KINDS[aid])
        missing = [KIND_NAMES[k] for k, n in need.items() if hand_kinds[k] < n]
        if missing:
            return f"you do not hold the cards for {action!r} (short of: {', '.join(missing)})"
        if aid == PLAY_W:
            return "a Wizard must be played with another card; alone only when nothing but Wizards is left"
        if aid == PLAY_PW and state.war:
            return "in a War the Phantom takes a single stand-in card: Phantom+Wizard not allowed"
        return "not a legal play now"

    def is_over(self, state: KowState) -> bool:
        return state.phase == OVER

    def result(self, state: KowState) -> Result:
        if state.phase != OVER:
            raise ValueError("the game is not over")
        w = state.winner
        ranks = (0, 0) if w == 2 else ((0, 1) if w == 0 else (1, 0))
        warlords = [rules.warlords_held(state, p) for p in (0, 1)]
        cards = [rules.holdings(state, p) for p in (0, 1)]
        return Result(
            ranks=ranks,
            scores=(float(warlords[0]), float(warlords[1])),
            reason=state.reason,
            details={"warlords": warlords, "cards": cards, "battles": state.battles},
        )

    # -- information -----------------------------------------------------------------------
    def canonical(self, state: KowState) -> JSON:
        return state.canonical()

    def clone(self, state: KowState) -> KowState:
        return state.clone()

    # -- bots' helpers ---------------------------------------------------------------------
    def random_playout(self, state: KowState, rng: random.Random) -> None:
        """The generic loop's choices (``rng.choice`` over the same ordered list), made fast."""
        legal = legal_ids
        apply_id = rules.apply_id
        choice = rng.choice
        while state.phase != OVER:
            apply_id(state, choice(legal(state)), None)

    def heuristic_value(self, state: KowState, seat: int) -> float:
        return observe.heuristic_value(state, seat)

    # -- for people ----------------------------------------------------------------------
    score_label: ClassVar[str] = present.SCORE_LABEL

    presentation: ClassVar[Any] = present  # labels, the move log, paths, faces, result


__all__ = ["KingdomOfWarlords"]
