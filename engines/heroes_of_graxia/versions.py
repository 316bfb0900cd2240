"""The rules versions the engine plays, side by side (docs/matches.md "Engine versions").

Every reading that changed between versions is one flag of :class:`Rules`, derived from the
version and carried by the game state, so a match recorded under 1.0.0 replays exactly under
1.0.0 while new matches play the current rules. The version is not part of the state digest.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True, slots=True)
class Rules:
    """The readings a rules version plays (``False``: the 1.0.0 reading)."""

    version: str = "1.0.0"
    vp_without_hand: bool = False
    """Victory Points count the Loot Pile, Player Deck, Discard Pile and Legion only: the cards
    in hand (and a combat's cards in play, back in the Discard Pile by the end) do not."""
    reshuffle_when_depleted: bool = False
    """The Discard Pile becomes the new Player Deck as soon as the deck is depleted, not when a
    later draw needs a card (a card bought afterwards stays in the Discard Pile)."""
    hidden_new_hand: bool = False
    """After a lost Hero the new hand is chosen out of sight: while choosing, the other seats see
    only how many cards the Discard Pile holds, never which are taken."""
    no_hidden_pass: bool = False
    """A combat's play, Mercenary and Spell steps wait for the seat's own pass even when its hand
    holds nothing it may play: passing for it would tell the others what its hand lacks."""


_FIXES = {f.name: True for f in fields(Rules) if f.name != "version"}

VERSIONS: dict[str, Rules] = {
    "1.0.0": Rules(),
    "1.1.0": replace(Rules(), version="1.1.0", **_FIXES),
}
"""Every rules version the engine plays, oldest first."""

CURRENT = "1.1.0"


def rules_for(version: str) -> Rules:
    """The rules of ``version`` (KeyError for a version the engine does not keep)."""
    return VERSIONS[version]
