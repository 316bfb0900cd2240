"""Event mode (rulebook "Event Mode", "Event Phase"): one test per rule."""

from __future__ import annotations

from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.modes import sets
from tests.engines.arackhan.akw_modes import EVENTS, STRATEGY, start, until


def _named(kind: str, name: str) -> int:
    return next(c.id for c in sets.shipped_set(kind) if c.name == name)


def test_setup_shuffles_the_pile_of_23_event_cards() -> None:
    """ "gather the pack of twenty-three Event cards ... shuffle them ... the Event pile"."""
    st = start(1, 2, EVENTS)
    m = st.modes
    assert len(m.event_pile) + 1 == 23 and m.event is not None
    assert sorted(m.event_pile + [m.event]) == list(range(1, 24))


def test_each_round_the_first_player_reveals_the_top_event_before_the_draw() -> None:
    """ "Each round, during the Event phase, which precedes the Draw phase, the first card of
    the Event pile is revealed by the player beginning the round"."""
    st = start(2, 2, EVENTS)
    top = st.modes.event_pile[-1]
    events = until(st, lambda s: s.round == 2)
    shown = [e for e in events if e["type"] == "event-revealed"]
    assert shown[-1]["event_id"] == top == st.modes.event and shown[-1]["seat"] == st.first


def test_an_event_lasts_until_it_is_discarded_in_the_end_phase() -> None:
    """ "Its consequences are immediate and last until the card is discarded, during the End of
    round phase"."""
    st = start(3, 2, EVENTS)
    first = st.modes.event
    until(st, lambda s: s.phase == "turn")
    assert st.modes.event == first and st.round == 1
    until(st, lambda s: s.round == 2)
    assert st.modes.event_discard == [first] and st.modes.event != first


def test_an_events_consequences_are_immediate() -> None:
    """Good Harvest (starter set): "Each player draws 1 card", when it is revealed."""
    st = start(4, 2, EVENTS)
    m = st.modes
    harvest = _named("events", "Good Harvest")
    m.event_pile.remove(harvest)
    m.event_pile.append(harvest)  # the Event of round 2
    until(st, lambda s: s.phase == "turn" and s.round == 1)
    before = [len(d) for d in st.draw]
    until(st, lambda s: s.round == 2)
    assert st.modes.event == harvest
    # 1 drawn by the Event plus 2 in the Draw phase: every draw pile is 3 cards shorter
    assert [len(d) for d in st.draw] == [max(0, n - 3) for n in before]


def test_event_cards_take_precedence_over_all_others() -> None:
    """ "in case different card types contradict each other, no matter the game mode, Event
    cards take precedence over all others": Storm Winds takes Flight away even from a card a
    Strategy card gives it to."""
    st = start(5, 4, {**STRATEGY, **EVENTS})
    until(st, lambda s: s.phase in ("initiative", "turn") and s.on_battlefield())
    m = st.modes
    m.in_play.append((0, _named("strategy", "Night Crossing")))  # allies gain Flight
    m.event = None
    st.version += 1
    stats = compute(st)
    allied = [
        i for i in stats.info if st.friends(st.control[i], 0) and stats.info[i].kind == "creature"
    ]
    assert allied and all("flight" in stats.attrs[i] for i in allied)
    m.event = _named("events", "Storm Winds")
    st.version += 1
    stats = compute(st)
    assert not any("flight" in stats.attrs[i] for i in stats.info)
