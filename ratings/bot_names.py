"""Bots named by strength, as a person choosing an opponent reads them.

The site's bots come in three kinds (the bot factory's specs, :mod:`engines.bots.factory`):
``random``, ``heuristic`` and ``search``. Wherever a person picks a bot (the play page, a
ladder's challenge form, the queue's bot offer) it is named by its kind in words, "Heuristic
bot", never by its spec or user name, with one line on how strong that kind is
(:data:`KINDS`). A second account of the same kind (``…-heuristic-bot-2``, to fill a table of
four) is "Heuristic bot 2"; a bot a person owns keeps its own name with its kind after it
("Ana's engine (Search bot)").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BotKind:
    """A kind of bot in words: its name and how strong it is, in one line."""

    name: str
    strength: str


#: The kinds, weakest first.
KINDS: dict[str, BotKind] = {
    "random": BotKind(
        "Random bot", "plays any legal move at random — the easiest, to learn the rules against"
    ),
    "heuristic": BotKind(
        "Heuristic bot",
        "plays by a player's rules of thumb, a move at a time — a fair game for a new player",
    ),
    "search": BotKind(
        "Search bot",
        "plays out many possible games before each move — the strongest, a test for a good player",
    ),
}

_CONVENTION = re.compile(r"-(random|heuristic|search)-bot(?:-(\d+))?$")
_COPY = re.compile(r"-bot-(\d+)$")


def spec_of(player: Any) -> str:
    """The bot spec of a bot account, without its game: its profile's, or its user name's
    ``<game>-<kind>-bot`` (``""`` when neither says one). Reads ``player.bot_profile``: select
    it with the account to keep a list of bots to one query."""
    from ratings.bots import profile_of

    profile = profile_of(player)
    if profile is not None:
        return profile.spec
    found = _CONVENTION.search(player.username)
    return found.group(1) if found else ""


def kind_of(spec: str) -> str | None:
    """The kind of a spec (``"search:400,c=0.5"`` is ``"search"``), or ``None``."""
    head = spec.split(",")[0].split(":")[0].strip()
    return head if head in KINDS else None


def bot_name(player: Any) -> str:
    """A bot account as a person choosing an opponent reads it: "Heuristic bot", "Random bot
    2", "Ana's engine (Search bot)"; its public name when its kind is none of :data:`KINDS`."""
    spec = spec_of(player)
    kind = kind_of(spec)
    if kind is None:
        return player.public_name
    name = KINDS[kind].name
    style = spec.split(",")[0].partition(":")[2]
    if kind == "heuristic" and style:
        name = f"{name} ({style.replace('-', ' ')})"
    from ratings.bots import profile_of

    profile = profile_of(player)
    if profile is not None and profile.owner_id:
        return f"{player.public_name} ({name})"
    copy = _COPY.search(player.username)
    return f"{name} {copy.group(1)}" if copy else name


def strength_lines(bots: Iterable[Any]) -> list[str]:
    """One line per kind among ``bots``, weakest first: "Random bot: plays any legal move at
    random — …"."""
    present = {kind_of(spec_of(b)) for b in bots}
    return [f"{k.name}: {k.strength}." for key, k in KINDS.items() if key in present]


def strength_text(bots: Iterable[Any]) -> str:
    """The lines of :func:`strength_lines` as one help text."""
    return " ".join(strength_lines(bots))
