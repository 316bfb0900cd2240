"""Re-dealing what a seat cannot see, and the hidden-information property built on it.

Each game's test folder has a ``*_redeal.py`` module with one function, ``hidden_groups(state,
viewer)``, written from the rulebook's account of what is face down (not from the engine's own
``determinize``): the places of the cards ``viewer`` cannot see, in groups whose cards may change
places with each other without ``viewer`` being able to tell (another seat's hand and draw pile,
the order of a deck, the face-down cards of one back...). :func:`redeal` shuffles the cards within
each group of a copy of the state, keeping its random generator, so the two states differ only
in what ``viewer`` cannot see.

:func:`check_point` then checks, at one moment of a game, for every seat and for a spectator:
the re-dealt state looks the same (observation, card faces, whose turn, the legal actions with
their words and board paths); and the action about to be played, applied to both (with every
step the engine then takes on its own until someone must choose again), gives the same
observation, events, move-log sentence and board path. Cards that the action itself shows to the
viewer are kept in place in the re-dealt copy (the viewer is *meant* to learn them), as are, when
the viewer is not the seat acting, the cards the seat acting can see (so that the action means
the same in both).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import Event, Game, IllegalAction, visible_events

Slot = tuple[Any, int, Hashable]
"""One hidden place: ``(container, index, key)``; ``container[index]`` holds the card and ``key``
names the card (or the card instance) across moves, to tell which cards an action shows."""

Groups = list[list[Slot]]
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


@dataclass(frozen=True)
class HiddenCase:
    """One game (or mode of a game) under the property: how to set it up and what is hidden."""

    name: str
    game: Game
    new_game: Callable[[int], Any]
    """A fresh game from a seed."""
    hidden_groups: Callable[[Any, int | None], Groups]
    """The groups of places whose cards the viewer cannot tell apart (see the module doc)."""
    refresh: Callable[[Any], None] = lambda state: None
    """Drops caches derived from the cards after they were moved by hand."""
    partly_shown: Callable[[Any, Any, int | None], set[Hashable]] = lambda a, b, v: set()
    """Cards still face down to the viewer after a step that told it something about them
    (the Sable Nation's Raid! card is a Raid! card): kept in place like the cards shown."""
    n_seats: Callable[[Any], int] = lambda state: state.n
    """How many seats play ``state``."""
    max_plies: int = 600


def hidden_keys(case: HiddenCase, state: Any, viewer: int | None) -> set[Hashable]:
    """The keys of every card ``viewer`` cannot see in ``state``."""
    return {key for group in case.hidden_groups(state, viewer) for _, _, key in group}


def redeal(
    case: HiddenCase,
    state: Any,
    viewer: int | None,
    rng: random.Random,
    keep: Collection[Hashable] = (),
) -> Any:
    """A copy of ``state`` (same random generator) in which every card ``viewer`` cannot see,
    but those keyed in ``keep``, is re-dealt at random within its group."""
    copy = case.game.clone(state)
    for group in case.hidden_groups(copy, viewer):
        free = [(box, i) for box, i, key in group if key not in keep]
        cards = [box[i] for box, i in free]
        rng.shuffle(cards)
        for (box, i), card in zip(free, cards, strict=True):
            box[i] = card
    case.refresh(copy)
    return copy


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data, sort_keys=True, default=repr))


def view(game: Game, state: Any, viewer: int | None, names: Sequence[str]) -> Any:
    """Everything the platform shows ``viewer`` of ``state``: the observation, its card faces,
    whose turn it is, the result once over, and, on the viewer's turn, each legal action with
    its label and board path."""
    obs = game.observation(state, viewer)
    seat = game.to_act(state)
    out: dict[str, Any] = {"obs": obs, "faces": game.card_faces(obs), "to_act": seat}
    if game.is_over(state):
        out["result"] = game.result(state).to_json()
    elif viewer is not None and viewer == seat:
        out["legal"] = [
            [a, game.describe_action(state, a, viewer, names), game.action_path(state, a, viewer)]
            for a in game.legal_actions(state, viewer)
        ]
    return _plain(out)


def _move(
    game: Game,
    before: Any,
    action: str,
    events: list[Event],
    viewer: int | None,
    names: Sequence[str],
) -> Any:
    return _plain(
        {
            "events": visible_events(events, viewer),
            "log": game.describe_move(before, action, events, viewer, names),
            "path": game.action_path(before, action, viewer),
        }
    )


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two plain JSON values first differ, and how (for an assertion's message)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
    return f"{path or 'value'}: {str(a)[:300]} != {str(b)[:300]}"


def refusals(game: Game, state: Any, seat: int | None, tries: Sequence[str]) -> list[str]:
    """Why each of ``tries`` that ``seat`` may not play now is refused (the sentence a player
    reads in the 4xx answer)."""
    legal = set(game.legal_actions(state, seat)) if seat is not None else set()
    out = []
    for action in tries:
        if action in legal:
            continue
        try:
            game.apply(game.clone(state), action, seat)
        except IllegalAction as refused:
            out.append(f"{action}: {refused.reason}")
        else:
            out.append(f"{action}: played, though not listed as legal")
    return out


def check_point(
    case: HiddenCase, state: Any, action: str, rng: random.Random, tries: Sequence[str] = ()
) -> int:
    """Check the property at ``state``, about to play ``action`` (see the module doc), and that
    the seat to act is refused each of ``tries`` with the same reason whatever it cannot see;
    returns how many cards were re-dealt to a new place, over every viewer."""
    game = case.game
    n = case.n_seats(state)
    names = NAMES[:n]
    actor = game.to_act(state)
    after = game.clone(state)
    events = game.apply(after, action, actor)
    moved = 0
    for viewer in [None, *range(n)]:
        seen = view(game, state, viewer, names)
        copy = redeal(case, state, viewer, rng)
        moved += _moved(case, state, copy, viewer)
        now = view(game, copy, viewer, names)
        assert now == seen, f"{viewer=} sees the re-deal: {first_difference(seen, now)}"
        if viewer == actor:
            want, got = refusals(game, state, actor, tries), refusals(game, copy, actor, tries)
            assert got == want, f"seat {actor} is refused otherwise: {first_difference(want, got)}"
        hidden = hidden_keys(case, state, viewer)
        keep = (hidden - hidden_keys(case, after, viewer)) | (
            hidden - hidden_keys(case, state, actor)
        )
        keep |= case.partly_shown(state, after, viewer)
        copy = redeal(case, state, viewer, rng, keep)
        assert game.legal_actions(copy, actor) == game.legal_actions(state, actor), (
            f"the legal actions of seat {actor} depend on cards hidden from it and {viewer=}"
        )
        copy_after = game.clone(copy)
        copy_events = game.apply(copy_after, action, actor)
        want = _move(game, state, action, events, viewer, names)
        got = _move(game, copy, action, copy_events, viewer, names)
        assert got == want, (
            f"{viewer=} reads {action!r} (seat {actor}) differently after a re-deal: "
            + first_difference(want, got)
        )
        want, got = view(game, after, viewer, names), view(game, copy_after, viewer, names)
        assert got == want, (
            f"{viewer=} sees the re-deal after {action!r} (seat {actor}): "
            + first_difference(want, got)
        )
    return moved


def _moved(case: HiddenCase, state: Any, copy: Any, viewer: int | None) -> int:
    a = [box[i] for group in case.hidden_groups(state, viewer) for box, i, _ in group]
    b = [box[i] for group in case.hidden_groups(copy, viewer) for box, i, _ in group]
    return sum(1 for x, y in zip(a, b, strict=False) if x != y)


def play_and_check(
    case: HiddenCase, seed: int, first: int, gap: int, most: int = 6
) -> tuple[int, int]:
    """A random game from ``seed`` (actions drawn from a generator seeded with it), checked at
    ply ``first`` and every ``gap`` plies after, ``most`` times at most, and at its last ply;
    returns (points checked, cards re-dealt)."""
    game = case.game
    rng = random.Random(seed)
    state = case.new_game(seed)
    checked = moved = 0
    seen: dict[str, None] = {}
    for ply in range(case.max_plies):
        if game.is_over(state):
            break
        seat = game.to_act(state)
        legal = game.legal_actions(state, seat)
        seen.update(dict.fromkeys(legal))
        action = rng.choice(legal)
        before, state = state, game.clone(state)
        game.apply(state, action, seat)
        due = ply >= first and (ply - first) % gap == 0 and checked < most
        if due or game.is_over(state):
            try:
                check_rng = random.Random(rng.getrandbits(32))
                tries = check_rng.sample(list(seen), min(8, len(seen)))
                moved += check_point(case, before, action, check_rng, tries)
            except AssertionError as failed:
                raise AssertionError(f"{case.name}, seed {seed}, ply {ply}: {failed}") from None
            checked += 1
    return checked, moved
