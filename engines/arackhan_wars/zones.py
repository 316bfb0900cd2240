"""Moving cards between places: destroying, discarding, drawing."""

from __future__ import annotations

from engines.arackhan_wars.state import State


def destroy(st: State, i: int, under: int | None = None) -> None:
    """Destroy ``i``: to its owner's discard pile (or under card ``under``), with any cards
    kept under it."""
    kept = st.under.pop(i, [])
    st.remove_from_play(i)
    if under is not None:
        st.under.setdefault(under, []).append(i)
    else:
        st.discard[st.owner[i]].append(i)
    for j in kept:
        st.discard[st.owner[j]].append(j)
    st.version += 1


def discard_spell(st: State, i: int) -> None:
    """Discard spell ``i`` from the battlefield or astral plane."""
    st.remove_from_play(i)
    st.discard[st.owner[i]].append(i)
    st.version += 1


def draw(st: State, seat: int, n: int) -> int:
    """Draw up to ``n`` cards; returns how many were drawn."""
    k = 0
    while k < n and st.draw[seat]:
        st.hand[seat].append(st.draw[seat].pop())
        k += 1
    st.version += 1
    return k
