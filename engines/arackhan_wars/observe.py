"""What each seat may see (observation), the full state as JSON (canonical), card places
(zones) and re-dealing what a seat cannot see (determinize).

Hidden: the cards in other seats' hands and in every draw pile, and face-down placements until
the reveal (their space, or the astral plane, is public; the card is not).
"""

from __future__ import annotations

import hashlib
import random
from array import array
from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import view as mode_view
from engines.arackhan_wars.rounds import legal, scores
from engines.arackhan_wars.state import State


def _card(st: State, i: int, seat: int | None, stats: Any) -> dict[str, Any]:
    shown = st.face_up[i] or st.owner[i] == seat or st.over
    out: dict[str, Any] = {
        "card": f"c{i}",
        "owner": st.owner[i],
        "controller": st.control[i],
        "face_up": st.face_up[i],
        "card_id": st.ctype[i] if shown else None,
    }
    if st.face_up[i]:
        ci = info(st.ctype[i])
        out.update(
            name=ci.name,
            kind=ci.kind,
            active=st.active[i],
            moved=st.moved[i],
            attack=stats.attack[i],
            defence=stats.defence[i],
            attributes=sorted(stats.attrs[i]),
            flags=sorted(f for f in stats.flags[i] if f != "swap"),
        )
        if st.extra_tokens[i]:
            out["extra_tokens"] = st.extra_tokens[i]
        if i in st.under:
            out["under"] = [f"c{j}" for j in st.under[i]]
    return out


def _listed(st: State, cards: list[int]) -> list[dict[str, Any]]:
    return [{"card": f"c{i}", "card_id": st.ctype[i]} for i in cards]


def observation(st: State, seat: int | None) -> dict[str, Any]:
    """Public information plus ``seat``'s own hand, placements and mulligan."""
    stats = compute(st)
    spaces = []
    for s, i in enumerate(st.board):
        if i >= 0:
            spaces.append({"space": board.NAMES[s], **_card(st, i, seat, stats)})
    players = []
    for t in range(st.n):
        mine = t == seat
        players.append(
            {
                "hand": _listed(st, sorted(st.hand[t])) if mine else None,
                "hand_size": len(st.hand[t]),
                "draw_pile": len(st.draw[t]),
                "discard": _listed(st, st.discard[t]),
                "astral": [_card(st, i, seat, stats) for i in st.astral[t]],
                "mulligan_aside": [f"c{i}" for i in st.mulliganed]
                if mine and st.to_act == t
                else None,
            }
        )
    to_act = st.to_act
    obs: dict[str, Any] = {
        "game": "arackhan-wars",
        "seat": seat,
        "n_seats": st.n,
        "round": st.round,
        "rounds": st.rounds,
        "sides": list(st.team),
        "phase": st.phase,
        "first": st.first,
        "order": list(st.order),
        "chooser": st.chooser,
        "to_act": to_act,
        "battlefield": spaces,
        "players": players,
        "under": {f"c{k}": _listed(st, v) for k, v in sorted(st.under.items())},
        "scores": scores(st),
        "over": st.over,
    }
    if st.modes is not None:
        obs["modes"] = mode_view.view(st, seat)
    if st.pending is not None and st.pending.card >= 0:
        obs["pending"] = {
            "seat": st.pending.seat,
            "card": f"c{st.pending.card}",
            "left": st.pending.left,
        }
        if "target" in st.pending.data:
            obs["pending"].update(
                kind="group attack",
                target=f"c{st.pending.data['target']}",
                group=[f"c{a}" for a in st.pending.data["group"]],
            )
    if seat is not None and seat == to_act:
        obs["legal"] = list(legal(st))
    return obs


def _rng_digest(st: State) -> str:
    """A short stable fingerprint of the random generator's state (platform independent)."""
    words = st.rng.getstate()[1]
    return hashlib.sha256(array("Q", words).tobytes()).hexdigest()[:16]


def canonical(st: State) -> dict[str, Any]:
    """Everything, hidden cards included, as plain JSON."""
    return {
        "n": st.n,
        "rng": _rng_digest(st),
        "ctype": st.ctype,
        "hand": st.hand,
        "draw": st.draw,
        "discard": st.discard,
        "astral": st.astral,
        "board": st.board,
        "face_up": st.face_up,
        "control": st.control,
        "active": st.active,
        "moved": st.moved,
        "extra_tokens": st.extra_tokens,
        "under": {str(k): v for k, v in sorted(st.under.items())},
        "temp": {
            str(k): {a: list(b) if isinstance(b, tuple) else b for a, b in sorted(v.items())}
            for k, v in sorted(st.temp.items())
        },
        "round": st.round,
        "first": st.first,
        "order": st.order,
        "phase": st.phase,
        "step": st.step,
        "placed": st.placed,
        "chooser": st.chooser,
        "mulliganed": st.mulliganed,
        "pending": _pending(st),
        "team": st.team,
        "rounds": st.rounds,
        "over": st.over,
        "end_reason": st.end_reason,
    } | ({"modes": st.modes.canonical()} if st.modes is not None else {})


def _pending(st: State) -> dict[str, Any] | None:
    p = st.pending
    if p is None:
        return None
    out = {
        "seat": p.seat,
        "card": p.card,
        "kind": p.kind,
        "left": p.left,
        "eligible": p.data.get("eligible"),
    }
    if "target" in p.data:  # a group attack under way (1.1.0; 1.0.0 digests never have it)
        out["target"] = p.data["target"]
        out["group"] = list(p.data["group"])
    return out


def zones(st: State) -> dict[str, list[str]]:
    """Every card instance by place."""
    out: dict[str, list[str]] = {}
    for s in range(st.n):
        out[f"hand:{s}"] = [f"c{i}" for i in st.hand[s]]
        out[f"draw:{s}"] = [f"c{i}" for i in st.draw[s]]
        out[f"discard:{s}"] = [f"c{i}" for i in st.discard[s]]
        out[f"astral:{s}"] = [f"c{i}" for i in st.astral[s]]
    out["battlefield"] = [f"c{i}" for i in st.board if i >= 0]
    for k, v in sorted(st.under.items()):
        out[f"under:c{k}"] = [f"c{i}" for i in v]
    return out


def determinize(st: State, seat: int, rng: random.Random) -> State:
    """A copy where other seats' hidden cards (hands, draw piles, face-down placements) are
    re-dealt among themselves and every draw pile's order is reshuffled."""
    copy = st.copy()
    copy.rng = random.Random(rng.getrandbits(64))
    for t in range(st.n):
        if t == seat:
            hidden_slots = list(copy.draw[t])
            types = [copy.ctype[i] for i in hidden_slots]
            rng.shuffle(types)
            for i, c in zip(hidden_slots, types, strict=True):
                copy.ctype[i] = c
            continue
        face_down = [i for i in copy.in_play() if copy.owner[i] == t and not copy.face_up[i]]
        loose = copy.hand[t] + copy.draw[t]
        pool = [copy.ctype[i] for i in face_down + loose]
        rng.shuffle(pool)
        astral_down = [i for i in face_down if copy.where[i] < 0]
        field_down = [i for i in face_down if copy.where[i] >= 0]
        for slots, want_astral in ((astral_down, True), (field_down, False)):
            for i in slots:
                k = next(
                    k
                    for k, c in enumerate(pool)
                    if (info(c).kind == "spell" and info(c).astral) == want_astral
                )
                copy.ctype[i] = pool.pop(k)
        for i, c in zip(loose, pool, strict=True):
            copy.ctype[i] = c
    if copy.modes is not None:
        mode_view.determinize(copy, seat, rng)
    copy.version += 1
    return copy
