"""Group attacks built step by step (1.1.0): the groups ``group``/``join``/``strike`` can reach
are exactly the valid groups, the ones 1.0.0 listed whole."""

from __future__ import annotations

from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.arackhan_wars import GAME
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.group_attack import candidates
from engines.arackhan_wars.reach import group_ok
from engines.arackhan_wars.state import PENDING
from tests.engines.arackhan.akw_scene import scene

TARGETS = ["Yeti", "Carnivorous Plant", "Swamp Troll", "Nemesio (Nakka)", "rooted Yeti"]
"""What is attacked: no group rule, only in groups (two), at most one creature, Eternal
Roots' creature groups or spells."""
ATTACKERS = [
    "Swamp Ogre",
    "White Plains Mercenary",
    "Senior Mercenary",
    "Colossus Rat",
    "Ratman",
    "Scuttle Jaw",
]
"""Seat 0's possible attackers: plain, cannot group, leads Mercenaries, groups only with Rats."""
RANGED = ["Nakka Archer", "Fire Lightning", "Ballista"]
"""Cards that reach the target from two spaces away (a creature and an attack spell)."""
NEAR = ["3,1", "4,2", "3,3", "2,2"]
FAR = ["5,2", "1,2", "3,4"]
SPELLS = [None, "Lost in the Forest", "The Fog"]
"""Seat 1's effect on seat 0's creatures: none, attack only in groups, lone adjacent attacks."""


def _scene(target: str, near: list[str | None], far: list[str | None], spell: str | None):
    cards: list[tuple[int, str, str]] = []
    slots = list(NEAR)
    if target == "rooted Yeti":
        cards.append((1, "Eternal Roots", slots.pop(0)))
        target = "Yeti"
    cards.append((1, f"{target}@target", "3,2"))
    for k, (name, space) in enumerate(zip(near, slots, strict=False)):
        if name:
            cards.append((0, f"{name}@n{k}", space))
    for k, (name, space) in enumerate(zip(far, FAR, strict=True)):
        if name:
            cards.append((0, f"{name}@f{k}", space))
    if spell:
        cards.append((1, spell, "astral"))
    return scene(cards, factions=("Grey Order", "Blight"))


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    target=st.sampled_from(TARGETS),
    near=st.lists(st.one_of(st.none(), st.sampled_from(ATTACKERS)), min_size=4, max_size=4),
    far=st.lists(st.one_of(st.none(), st.sampled_from(RANGED)), min_size=3, max_size=3),
    spell=st.sampled_from(SPELLS),
)
def test_stepwise_groups_are_exactly_the_valid_groups(
    target: str, near: list[str | None], far: list[str | None], spell: str | None
) -> None:
    """Group Attack: "they can simultaneously activate any number of allied cards that can
    attack it": every valid set of attackers (brute force over the candidates) can be built
    step by step, no other set can be struck, and 1.0.0 listed the very same sets."""
    s = _scene(target, near, far, spell)
    stats = compute(s.st)
    t = s["target"]
    able = candidates(s.st, stats, 0, t)
    valid = {
        frozenset(g)
        for k in range(1, len(able) + 1)
        for g in combinations(able, k)
        if group_ok(s.st, stats, g, t)
    }
    assert s.attack_groups("target") == valid
    old = _scene(target, near, far, spell)
    old.st.rules = GAME.at_version("1.0.0").rules
    old.st.version += 1
    assert old.attack_groups("target") == valid


def test_a_group_under_way_is_never_stuck_and_its_forced_steps_are_automatic() -> None:
    """Every ``join`` leads to a group that can still strike; a step that leaves no choice (the
    one card that may still join, or ``strike``) is played by the engine, which launches the
    attack once, deactivates every attacker and gives the turn back."""
    s = _scene("Carnivorous Plant", ["Swamp Ogre", "Scuttle Jaw", "Ratman", None], [None] * 3, None)
    assert not any(a.startswith(f"attack {s.c('target')} ") for a in s.legal()), "only groups"
    s.play(f"group {s.c('target')} {s.c('n0')}")
    assert s.st.phase == PENDING
    assert sorted(s.legal()) == sorted([f"join {s.c('n1')}", f"join {s.c('n2')}"])
    s.play(f"join {s.c('n1')}")
    assert s.legal() == [f"join {s.c('n2')}", "strike"]
    s.play("strike")
    assert s.destroyed("target"), "2 + 1 = 3 > 1"
    assert s.st.phase != PENDING and not s.st.active[s["n0"]] and not s.st.active[s["n1"]]
    assert s.st.active[s["n2"]], "the Ratman stayed out"
    t = _scene("Carnivorous Plant", ["Swamp Ogre", "Scuttle Jaw", None, None], [None] * 3, None)
    t.play(f"group {t.c('target')} {t.c('n0')}")
    assert t.st.phase != PENDING and t.destroyed("target"), "join and strike were forced"
