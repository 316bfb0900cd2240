"""Cards with nothing but printed numbers and attributes: the engine reads them and they fight
by the attribute rules (one test per card)."""

from __future__ import annotations

import pytest

from engines.arackhan_wars.abilities import VANILLA
from engines.arackhan_wars.cards import definitions
from engines.arackhan_wars.info import info
from engines.arackhan_wars.state import INITIATIVE
from tests.engines.arackhan.akw_scene import scene

VANILLA_IDS = sorted(cid for cid, d in definitions().items() if d is VANILLA)


def label(cid: int) -> str:
    ci = info(cid)
    return f"{ci.name} ({_faction(cid)})"


def _faction(cid: int) -> str:
    from engines.arackhan_wars.catalogue import shipped_catalogue

    return shipped_catalogue().card(cid).faction


def test_there_are_vanilla_cards_of_every_kind() -> None:
    kinds = {info(cid).kind for cid in VANILLA_IDS}
    assert kinds == {"creature", "spell"}
    assert len(VANILLA_IDS) > 40


@pytest.mark.parametrize("cid", VANILLA_IDS, ids=[info(c).name for c in VANILLA_IDS])
def test_vanilla_card_fights_by_its_numbers_and_attributes(cid: int) -> None:
    ci = info(cid)
    reach = max(1, ci.ranged)
    target_space = f"{1 + reach},2"
    cards = [(0, label(cid) + "@me", "1,2"), (1, "Scuttle Jaw@target", target_space)]
    if reach > 1:
        cards.append((1, "Scuttle Jaw@stepping", "2,1"))  # keeps the line from being empty
    if "omnistrike" in ci.attributes:
        cards.append((1, "Scuttle Jaw@side", "1,1"))
    if "perforation" in ci.attributes:
        cards.append((1, "Scuttle Jaw@behind", "3,2"))
    phase = INITIATIVE if "initiative" in ci.attributes else "turn"
    s = scene(cards, phase=phase, factions=(_faction(cid), "Blight"))
    swarm_bonus = 0
    assert s.attack("me") == (ci.attack + swarm_bonus if ci.attack is not None else None)
    assert s.defence("me") == ci.defence
    assert s.attrs("me") == set(ci.attributes)
    attack = f"attack {s.c('target')} {s.c('me')}"
    assert attack in s.legal(), f"{ci.name} reaches distance {reach}"
    if ci.kind == "creature" and reach == 1:
        assert f"attack {s.c('target')} {s.c('me')}" in s.legal()
    if "movement" in ci.attributes:
        far = f"move {s.c('me')} 1,{2 + ci.movement + 1}"
        assert not any(a == far for a in s.legal())
        assert any(a.startswith(f"move {s.c('me')} ") for a in s.legal())
    if "flight" in ci.attributes:
        assert f"move {s.c('me')} 6,4" in s.legal(), "Flight: anywhere next to a card"
    s.play(attack)
    if (ci.attack or 0) > 0:
        assert s.destroyed("target"), "Attack > 0 beats Defence 0"
    else:
        assert not s.destroyed("target"), "0 is not greater than 0"
    if "omnistrike" in ci.attributes:
        assert s.destroyed("side") == ((ci.attack or 0) > 0)
    if "perforation" in ci.attributes:
        assert s.destroyed("behind") == ((ci.attack or 0) > 1)
    if ci.kind == "spell":
        assert s.destroyed("me"), "an attack spell is discarded after attacking"
    else:
        assert not s.st.active[s["me"]], "the attacker is deactivated"
