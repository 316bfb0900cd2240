"""The rules fixed in engine 1.2.0 (issue 31): each test builds the situation, quotes the rule,
checks the current reading, and checks that a 1.1.0 state still plays the old one (so matches
played under 1.1.0 replay). Readings: docs/rules/arackhan-wars.md."""

from __future__ import annotations

from engines.arackhan_wars.state import INITIATIVE, PENDING
from tests.engines.arackhan.akw_scene import scene

OLD = "1.1.0"


# -- 1. a group attack in the Initiative sequence ------------------------------------------------
GROUP_IN_INITIATIVE = [
    (0, "Banshee", "3,3"),  # Initiative
    (0, "Lightning Bird", "2,2"),  # Initiative, Flight
    (0, "Hexacarias", "4,2"),  # no Initiative
    (
        0,
        "Lightning Dragon",
        "3,1",
    ),  # Initiative, but "Cannot attack during the Initiative sequence"
    (1, "Yeti@target", "3,2"),
]


def test_a_group_in_the_initiative_sequence_takes_only_initiative_attackers() -> None:
    """ "During the Initiative sequence, only cards with the Initiative attribute can be
    activated"; the Lightning Dragon "Cannot attack during the Initiative sequence". Once a
    group is opened there, only the Lightning Bird may join (so the engine joins it and strikes:
    no choice is left); Hexacarias and the Dragon never join nor strike."""
    s = scene(GROUP_IN_INITIATIVE, factions=("Nakka", "Whitelands"), phase=INITIATIVE)
    groups = [a for a in s.legal() if a.startswith(f"group {s.c('target')} ")]
    assert sorted(groups) == sorted(
        [f"group {s.c('target')} {s.c(x)}" for x in ("Banshee", "Lightning Bird")]
    ), "a group is opened by a card with Initiative"
    events = s.play(f"group {s.c('target')} {s.c('Banshee')}")
    struck = [e for e in events if e["type"] == "attack"]
    assert len(struck) == 1, "the only join and the strike were forced"
    assert sorted(struck[0]["with"]) == sorted([s.c("Banshee"), s.c("Lightning Bird")])
    assert s.st.active[s["Hexacarias"]] and s.st.active[s["Lightning Dragon"]]

    old = scene(
        GROUP_IN_INITIATIVE, factions=("Nakka", "Whitelands"), phase=INITIATIVE, version=OLD
    )
    old.play(f"group {old.c('target')} {old.c('Banshee')}")
    assert old.st.phase == PENDING
    joins = set(old.legal())
    assert {f"join {old.c('Hexacarias')}", f"join {old.c('Lightning Dragon')}"} <= joins, (
        "1.1.0 read the phase (PENDING) and let any card join"
    )
