"""The turn around the table: drawing, mulligans, the start and end of a turn, the lost Hero's
new hand, and the two endings."""

from __future__ import annotations

from typing import Any, Final

from engines.heroes_of_graxia.legion import heal, passive_sum
from engines.heroes_of_graxia.state import MAIN, MULLIGAN, OVER, PICK, State

HAND_SIZE: Final = 5
ACTIONS_PER_TURN: Final = 2


def prestige_goal(n: int) -> int:
    """Prestige that ends the game: 15 with 2-4 players, 20 with 5-6."""
    return 15 if n <= 4 else 20


def draw(st: State, s: int, k: int, events: list[dict[str, Any]] | None) -> int:
    """Seat ``s`` draws up to ``k`` cards; returns how many it drew.

    "When his Player Deck is depleted, he then shuffles his Discard Pile into a new Player
    Deck": the reshuffle follows the draw that empties the deck (rules 1.1.0), so a card bought
    afterwards stays in the Discard Pile; rules 1.0.0 reshuffled only when a draw needed a card.
    A deck that ran out while the Discard Pile was empty is reshuffled at the next draw."""
    deck = st.deck[s]
    hand = st.hand[s]
    if 0 < k < len(deck):  # the deck outlasts the draw: no reshuffle, the top k in order
        hand += deck[: -k - 1 : -1]
        del deck[-k:]
        got = k
    else:
        got = 0
        for _ in range(k):
            if not deck and not _reshuffle(st, s, events):
                break
            hand.append(deck.pop())
            got += 1
            if not deck and st.r.reshuffle_when_depleted:
                _reshuffle(st, s, events)
    if events is not None and got:
        ids = st.t.ID
        events.append({"type": "draw", "seat": s, "count": got})
        events.append(
            {"type": "drew", "seat": s, "cards": [ids[c] for c in hand[-got:]], "seen_by": [s]}
        )
    return got


def _reshuffle(st: State, s: int, events: list[dict[str, Any]] | None) -> bool:
    """Shuffle seat ``s``'s Discard Pile into its (empty) Player Deck; False when the pile is
    empty too."""
    disc = st.disc[s]
    if not disc:
        return False
    deck = st.deck[s]
    deck.extend(disc)
    disc.clear()
    st.own_rng().shuffle(deck)
    if events is not None:
        events.append({"type": "reshuffle", "seat": s, "cards": len(deck)})
    return True


def discard_hand(st: State, s: int) -> None:
    st.disc[s].extend(st.hand[s])
    st.hand[s].clear()


# -- mulligans ---------------------------------------------------------------------------
def mulligan(st: State, redraw: bool, events: list[dict[str, Any]] | None) -> None:
    """The seat deciding keeps its hand, or discards it and draws one card fewer (5 -> 4 -> 3,
    the three are kept)."""
    s = st.mq[0]
    if redraw:
        if events is not None:
            events.append(
                {"type": "redraw", "seat": s, "discarded": [st.t.ID[c] for c in st.hand[s]]}
            )
        discard_hand(st, s)
        draw(st, s, HAND_SIZE - 3 + st.mull, events)  # 4 cards, then 3
        st.mull -= 1
        return
    if events is not None:
        events.append({"type": "keep", "seat": s})
    st.mq.pop(0)
    st.mull = 2
    if st.mq:
        st.to_act = st.mq[0]
        return
    if st.started:
        st.safe[st.cur] = False  # "not eligible ... until after his next turn"
        begin_turn(st, (st.cur + 1) % st.n, events)
    else:
        st.started = True
        begin_turn(st, st.first, events)


# -- turns -----------------------------------------------------------------------------
def begin_turn(st: State, p: int, events: list[dict[str, Any]] | None) -> None:
    """Seat ``p``'s turn starts: the lost Hero's new hand, the lone Hero's free heal, mending
    Specials and Gold from the Legion."""
    st.cur = p
    st.to_act = p
    if p == st.first:
        st.rounds += 1
        if st.max_rounds and st.rounds > st.max_rounds:
            finish(st, f"the platform's limit of {st.max_rounds} rounds was reached", events)
            return
    st.turns += 1
    st.ap = ACTIONS_PER_TURN
    st.attacked = False
    st.gold = st.mgold = 0
    st.gave.clear()
    if events is not None:
        events.append({"type": "turn", "seat": p, "round": st.rounds})
    if st.hero[p] not in st.legion[p]:
        _hero_lost(st, p, events)
        return
    _turn_specials(st, p, events)


def _hero_lost(st: State, p: int, events: list[dict[str, Any]] | None) -> None:
    """No Hero at the start of the turn: hand and deck go to the Discard Pile, the player
    chooses a third of it (rounded up, the Hero included) as the new hand."""
    disc = st.disc[p]
    disc.extend(st.hand[p])
    disc.extend(st.deck[p])
    st.hand[p].clear()
    st.deck[p].clear()
    k = -(-len(disc) // 3)
    hero = st.hero[p]
    disc.remove(hero)
    st.hand[p].append(hero)
    st.pick = k - 1
    st.phase = PICK
    if events is not None:
        events.append({"type": "hero-lost", "seat": p, "new_hand": k})
    settle_pick(st, events)


def settle_pick(st: State, events: list[dict[str, Any]] | None) -> None:
    """Finish the new hand once nothing is left to choose (take all that remain, or none)."""
    p = st.cur
    disc = st.disc[p]
    if st.pick >= len(disc):
        st.hand[p].extend(disc)
        disc.clear()
        st.pick = 0
    if st.pick > 0:
        return
    deck = st.deck[p]
    deck.extend(disc)
    disc.clear()
    st.own_rng().shuffle(deck)
    hero = st.hero[p]
    st.hand[p].remove(hero)
    st.legion[p].append(hero)
    st.wounds[hero] = 0
    st.ap = len(st.hand[p]) + 1
    if events is not None:
        events.append({"type": "hero-returns", "seat": p, "actions": st.ap})
    _turn_specials(st, p, events)


def take(st: State, c: int, events: list[dict[str, Any]] | None) -> None:
    p = st.cur
    st.disc[p].remove(c)
    st.hand[p].append(c)
    st.pick -= 1
    if events is not None:
        events.append({"type": "take", "seat": p, "card": st.t.ID[c], "seen_by": [p]})
    settle_pick(st, events)


def _turn_specials(st: State, p: int, events: list[dict[str, Any]] | None) -> None:
    t = st.t
    leg = st.legion[p]
    hero = st.hero[p]
    if leg == [hero] and st.wounds[hero]:
        healed = heal(st, hero, st.wounds[hero])
        if events is not None:
            events.append({"type": "lone-hero-healed", "seat": p, "healed": healed})
    for u in leg:
        base = 3 * u
        mend = t.MEND[u] + sum(t.MEND[e] for e in st.eq[base : base + 3] if e >= 0)
        if mend and st.wounds[u]:
            healed = heal(st, u, mend)
            if events is not None:
                events.append({"type": "mended", "seat": p, "card": t.ID[u], "healed": healed})
    give_gold(st, p, events)
    st.phase = MAIN
    st.to_act = p


def give_gold(st: State, p: int, events: list[dict[str, Any]] | None) -> None:
    """Every card of the Legion with a ``gold`` Special that has not given its Gold this turn
    gives it now (at the start of the turn, or as soon as it is placed)."""
    t = st.t
    got = 0
    for u in st.legion[p]:
        base = 3 * u
        for c in (u, st.eq[base], st.eq[base + 1], st.eq[base + 2]):
            if c >= 0 and t.GOLD[c] and c not in st.gave:
                st.gave.add(c)
                got += t.GOLD[c]
    if got:
        st.gold += got
        if events is not None:
            events.append({"type": "legion-gold", "seat": p, "gold": got})


def end_turn(st: State, events: list[dict[str, Any]] | None) -> None:
    """Discard the hand, draw five, then the mulligan decision."""
    p = st.cur
    if events is not None:
        events.append(
            {"type": "end-turn", "seat": p, "discarded": [st.t.ID[c] for c in st.hand[p]]}
        )
    discard_hand(st, p)
    draw(st, p, HAND_SIZE, events)
    st.gold = st.mgold = 0
    st.ap = 0
    st.phase = MULLIGAN
    st.mq = [p]
    st.mull = 2
    st.to_act = p


# -- the end ---------------------------------------------------------------------------
def check_prestige(st: State, events: list[dict[str, Any]] | None) -> bool:
    """End the game when a Loot Pile holds the Prestige goal; True if it ended."""
    goal = prestige_goal(st.n)
    best = max(st.prestige)
    if best >= goal:
        who = [s for s in range(st.n) if st.prestige[s] >= goal]
        finish(st, f"seat {', '.join(map(str, who))} reached {goal} Prestige", events)
        return True
    return False


def finish(st: State, reason: str, events: list[dict[str, Any]] | None) -> None:
    st.over = True
    st.phase = OVER
    st.end_reason = reason
    st.to_act = -1
    if events is not None:
        events.append({"type": "game-over", "reason": reason})


def defend_draws(st: State, s: int) -> int:
    """Cards the attacked seat draws: up to a hand of five, plus ``defend_draw`` Specials."""
    return max(0, HAND_SIZE - len(st.hand[s])) + passive_sum(st, s, st.t.DDRAW)
