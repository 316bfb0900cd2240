"""What playing an action does: dealing, playing an action (:func:`apply_id`), battles, Wars and
the end of the game. What may be played is :mod:`.legal`, moving cards between army, troop pile
and hand :mod:`.piles`.

Every function works on a :class:`KowState` in place. ``ev`` is a list to append events to, or
``None`` on the fast path (no events built).
"""

from __future__ import annotations

import random

from .cards import (
    ACT_KINDS,
    ACT_STRENGTH,
    ACT_TRIPLE,
    ACT_TYPE,
    ACTIONS,
    ARMY_SIZE,
    CARD_IDS,
    DR,
    DRAGON,
    KIND,
    LOST,
    N_RANKS,
    T_EXTRA,
    T_PHANTOM,
    T_WARLORD,
    WARLORD_IDS,
    WL,
    YIELD,
    single_strength,
    strength_text,
)
from .legal import legal_ids
from .piles import Events, card_ids, draw, refill, take_top
from .state import LEAD, OVER, RESPOND, KowState

DEFAULT_CAP = 500
WAR_CARDS = 3
DRAGON_WAR_CARDS = 5


# -- setting up ------------------------------------------------------------------------------
def new_state(seed: int, cap: int = DEFAULT_CAP, yields: bool = True) -> KowState:
    """A dealt game: shuffled armies, first player drawn, first hands taken (``yields``: engine
    1.1.0's readings, see :data:`cards.YIELD`)."""
    s = KowState()
    s.yields = yields
    s.rng = rng = random.Random(seed)
    s.cap = cap
    a0 = list(range(ARMY_SIZE))
    a1 = list(range(ARMY_SIZE, 2 * ARMY_SIZE))
    rng.shuffle(a0)
    rng.shuffle(a1)
    s.army = [a0, a1]
    s.grp = [0] * ARMY_SIZE + [1] * ARMY_SIZE
    decide_first_player(s)
    start_battle(s, None)
    return s


def draw_value(card: int) -> int:
    """A card's value in the draw for first player: its rank, -1 for unranked specialty cards."""
    k = KIND[card]
    return k if k < N_RANKS else -1


def decide_first_player(s: KowState) -> None:
    """Both players turn up army cards until the values differ; the higher goes first.

    The turned-up cards go back and both armies are reshuffled, so the draw reveals nothing
    about the order of the armies.
    """
    a0, a1 = s.army
    i = 0
    leader = 0
    while i < min(len(a0), len(a1)):
        i += 1
        v0, v1 = draw_value(a0[-i]), draw_value(a1[-i])
        if v0 != v1:
            leader = 0 if v0 > v1 else 1
            break
    s.first_draw = [a0[len(a0) - i :][::-1], a1[len(a1) - i :][::-1]]
    s.rng.shuffle(a0)
    s.rng.shuffle(a1)
    s.leader = s.actor = leader


def _stuck(s: KowState) -> bool:
    """True when the seat to act cannot play and the engine ends its play for it: an empty hand
    (public) from 1.1.0 on; before, any hand without a legal play."""
    return not s.hand[s.actor] if s.yields else not legal_ids(s)


# -- playing ---------------------------------------------------------------------------------
def apply_id(s: KowState, aid: int, ev: Events) -> None:
    """Play action ``aid`` (known legal) for the seat to act."""
    p = s.actor
    typ = ACT_TYPE[aid]
    hand = s.hand[p]
    if aid == YIELD:
        dragon = s.phase == RESPOND and s.lead_str == DRAGON
        if ev is not None:
            ev.append({"type": "yield", "seat": p, "to_dragon": dragon})
        if dragon:
            resolve(s, 1 - p, p, ev, "dragon")
        else:
            finish_play(s, LOST, ev)
        return
    if typ == T_EXTRA:
        s.extra_used[p] = True
        if ev is not None:
            ev.append({"type": "extra", "seat": p})
        draw(s, p, 1, ev)
        if _stuck(s):
            finish_play(s, LOST, ev)
        return
    up = s.up[p]
    if typ == T_WARLORD:
        for i, c in enumerate(hand):
            if KIND[c] == WL:
                del hand[i]
                up.append(c)
                s.grp[c] = -1
                break
        s.wl_laid += 1
        if ev is not None:
            ev.append({"type": "warlord", "seat": p, "card": CARD_IDS[up[-1]]})
        draw(s, p, 2, ev)
        if _stuck(s):
            # Nothing left to play alongside: the Warlord stands alone and loses.
            finish_play(s, LOST, ev)
        return
    played = []
    for k in ACT_KINDS[aid]:
        for i, c in enumerate(hand):
            if KIND[c] == k:
                del hand[i]
                played.append(c)
                break
    grp = s.grp
    for c in played:
        grp[c] = -1
    up.extend(played)
    if ACT_TRIPLE[aid]:
        s.bonus[p] = True
    if ev is not None:
        ev.append({"type": "play", "seat": p, "action": ACTIONS[aid], "cards": card_ids(played)})
    leading = s.phase == LEAD
    if leading:
        s.lead_aid = aid
    if typ == T_PHANTOM:
        if not leading:
            strength = LOST
        elif not s.war:
            opp = 1 - p
            taken = []
            for _ in range(len(ACT_KINDS[aid])):
                c = take_top(s, opp, ev)
                if c < 0:
                    break
                grp[c] = -1
                taken.append(c)
            up.extend(taken)
            if ev is not None:
                ev.append({"type": "surrender", "seat": opp, "cards": card_ids(taken)})
            resolve(s, p, -1, ev, "phantom")
            return
        else:
            c = take_top(s, 1 - p, ev)
            if c < 0:
                strength = LOST
            else:
                grp[c] = -1
                up.append(c)
                strength = single_strength(KIND[c])
            if ev is not None:
                ev.append(
                    {
                        "type": "stand_in",
                        "seat": 1 - p,
                        "card": CARD_IDS[c] if c >= 0 else None,
                        "counts_as": strength_text(strength),
                    }
                )
    else:
        strength = ACT_STRENGTH[aid]
    finish_play(s, strength, ev)


def finish_play(s: KowState, strength: int, ev: Events) -> None:
    """The seat to act has completed its play with ``strength``: move the battle on."""
    p = s.actor
    s.wl_laid = 0
    if s.phase == LEAD:
        s.lead_str = strength
        opp = 1 - p
        hand = s.hand[opp]
        if strength == DRAGON and not (hand if s.yields else any(KIND[c] == DR for c in hand)):
            resolve(s, p, opp, ev, "dragon")
            return
        s.phase = RESPOND
        s.actor = opp
        if not s.hand[opp]:
            finish_play(s, LOST, ev)
        return
    a = s.lead_str
    leader = s.leader
    if strength == DRAGON:
        if a == DRAGON:
            war(s, DRAGON_WAR_CARDS, ev)
        else:
            resolve(s, p, leader, ev, "dragon")
    elif strength == a and a != LOST:
        war(s, WAR_CARDS, ev)
    elif strength > a:
        resolve(s, p, -1, ev, "higher")
    else:
        resolve(s, leader, -1, ev, "higher" if a != LOST or strength != LOST else "both lost")


def war(s: KowState, n: int, ev: Events) -> None:
    """Equal plays: each player lays ``n`` war cards face down, empty hands take 3, play again."""
    s.war += 1
    if n == DRAGON_WAR_CARDS:
        s.dragon_war = True
    leader = s.leader
    placed = [0, 0]
    for p in (leader, 1 - leader):
        down = s.down[p]
        for _ in range(n):
            c = take_top(s, p, ev)
            if c < 0:
                break
            down.append(c)
            placed[p] += 1
    if ev is not None:
        ev.append({"type": "war", "dragon": n == DRAGON_WAR_CARDS, "war_cards": placed})
    for p in (leader, 1 - leader):
        if not s.hand[p] and (s.army[p] or s.troop[p]):
            refill(s, p, ev)
    s.phase = LEAD
    s.actor = leader
    s.wl_laid = 0
    s.lead_str = LOST
    s.lead_aid = -1
    if not s.hand[leader]:
        finish_play(s, LOST, ev)


def holdings(s: KowState, p: int) -> int:
    """Cards ``p`` holds: hand, army and troop pile."""
    return len(s.hand[p]) + len(s.army[p]) + len(s.troop[p])


def warlords_held(s: KowState, p: int) -> int:
    """Warlords in ``p``'s hand, army and troop pile."""
    return sum(1 for pile in (s.hand[p], s.army[p], s.troop[p]) for c in pile if c in WARLORD_IDS)


def resolve(s: KowState, w: int, capture: int, ev: Events, how: str) -> None:
    """``w`` wins the battle: the battlefield (and with a Dragon the other hand) to its troops."""
    up, down = s.up, s.down
    won = up[0] + up[1] + down[0] + down[1]
    captured: list[int] = []
    if capture >= 0:
        captured = s.hand[capture]
        won += captured
        s.hand[capture] = []
    grp = s.grp
    for c in won:
        grp[c] = -1
    s.troop[w].extend(won)
    s.up = [[], []]
    s.down = [[], []]
    s.leader = w
    s.battles += 1
    s.war = 0
    s.dragon_war = False
    s.lead_str = LOST
    s.lead_aid = -1
    s.wl_laid = 0
    s.last = (w, len(won), how)
    if ev is not None:
        ev.append(
            {
                "type": "battle",
                "winner": w,
                "how": how,
                "cards": card_ids(won),
                "captured_hand": card_ids(captured),
                "battle": s.battles,
            }
        )
    loser = 1 - w
    lh, la, lt = s.hand[loser], s.army[loser], s.troop[loser]
    # The battlefield is empty now, so the loser holding no Warlord means the winner holds all
    # four. (A player left with no cards at all holds no Warlord either: it has lost too.)
    if WARLORD_IDS.isdisjoint(lh) and WARLORD_IDS.isdisjoint(la) and WARLORD_IDS.isdisjoint(lt):
        reason = f"seat {w} holds all four Warlords"
        if not (lh or la or lt):
            reason += f" (seat {loser} has no cards left)"
        end(s, w, reason, ev)
    elif s.battles >= s.cap:
        end_by_cap(s, ev)
    else:
        start_battle(s, ev)


def start_battle(s: KowState, ev: Events) -> None:
    """A new battle: empty hands are refilled, the leader plays first."""
    for p in (s.leader, 1 - s.leader):
        if not s.hand[p]:
            refill(s, p, ev)
    s.phase = LEAD
    s.actor = s.leader


def end(s: KowState, winner: int, reason: str, ev: Events) -> None:
    """Finish the game (``winner`` 2 for a draw)."""
    s.phase = OVER
    s.winner = winner
    s.reason = reason
    s.actor = -1
    if ev is not None:
        ev.append({"type": "game_over", "winner": winner if winner < 2 else None, "reason": reason})


def end_by_cap(s: KowState, ev: Events) -> None:
    """The battle cap is reached: most Warlords held wins, then most cards held, else a draw."""
    w = [warlords_held(s, 0), warlords_held(s, 1)]
    h = [holdings(s, 0), holdings(s, 1)]
    base = f"battle cap of {s.cap} reached"
    if w[0] != w[1]:
        winner = 0 if w[0] > w[1] else 1
        end(
            s,
            winner,
            f"{base}: seat {winner} holds more Warlords ({w[winner]} to {w[1 - winner]})",
            ev,
        )
    elif h[0] != h[1]:
        winner = 0 if h[0] > h[1] else 1
        end(
            s,
            winner,
            f"{base}: Warlords level, seat {winner} holds more cards ({h[winner]} to {h[1 - winner]})",
            ev,
        )
    else:
        end(s, 2, f"{base}: Warlords and cards level, a draw", ev)
