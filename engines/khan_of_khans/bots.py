"""A push-your-luck heuristic bot that reads only its observation and legal actions."""

from __future__ import annotations

from typing import Any

from engines.base import Action, Game
from engines.bots.base import Bot
from engines.khan_of_khans.cards import (
    BLESSING,
    CARD_IDS,
    CHAMPION,
    DECK_SIZE,
    KIND,
    MAGIC,
    N_DECKS,
    RAID,
    STAMPEDE,
    VALUE,
)

_CARD_OF_ID = {cid: c for c, cid in enumerate(CARD_IDS)}
CHAMPION_WORTH = 25
"""What a Tribal Champion is worth to a seat without one (cows)."""
BLESSING_WORTH = 35
"""What drawing a Waha's Blessing is worth (cows)."""


def _visible_ids(obs: dict[str, Any]) -> list[str]:
    """Every card id shown face up (or as 'L3:?') anywhere outside the decks."""
    out = list(obs["box"])
    pending = obs["pending"]
    if pending and pending["type"] == "blessing":
        out.append(pending["card"])
    for p in obs["players"]:
        out += p["herd"]
        out += p["kept_blessings"] + p["used_blessings"]
        if p["champion"]:
            out.append(p["champion"])
        for c in p["corrals"]:
            out += c["cards"]
            if c["sneaked"]:
                out.append(c["sneaked"])
    return out


class _Deck:
    """What a seat can infer about one Location deck's next card."""

    __slots__ = ("count", "p", "mean_raid")

    def __init__(self, count: int, p: list[float], mean_raid: float) -> None:
        self.count = count
        self.p = p  # probability of each kind: BLESSING, STAMPEDE, CHAMPION, MAGIC, RAID
        self.mean_raid = mean_raid


def _decks(obs: dict[str, Any]) -> list[_Deck]:
    seen: list[set[int]] = [set() for _ in range(N_DECKS)]
    hidden = [0] * N_DECKS
    for cid in _visible_ids(obs):
        c = _CARD_OF_ID.get(cid)
        if c is None:  # a face-down Sable card "L3:?"
            hidden[int(cid[1 : cid.index(":")])] += 1
        else:
            seen[c // DECK_SIZE].add(c)
    out = []
    for d, info in enumerate(obs["decks"]):
        p = [0.0] * 5
        if info["count"] == 0:
            out.append(_Deck(0, p, 0.0))
            continue
        if info["top"]:
            c = _CARD_OF_ID[info["top"]]
            p[KIND[c]] = 1.0
            out.append(_Deck(info["count"], p, float(VALUE[c])))
            continue
        pool = [c for c in range(d * DECK_SIZE, (d + 1) * DECK_SIZE) if c not in seen[d]]
        raids = [VALUE[c] for c in pool if KIND[c] == RAID]
        n_raid = max(0.0, len(raids) - hidden[d])
        total = len(pool) - hidden[d]
        for c in pool:
            if KIND[c] != RAID:
                p[KIND[c]] += 1.0 / total
        p[RAID] = n_raid / total
        mean = sum(raids) / len(raids) if raids else 0.0
        out.append(_Deck(info["count"], p, mean))
    return out


def _card_gain(kind: int, value: float, herd: int, top: int, champ: bool, bison: bool) -> float:
    """Immediate change in the seat's fortunes if it turns over a card of ``kind``."""
    if kind == RAID:
        return value
    if kind == STAMPEDE:
        return -top
    if kind == MAGIC:
        return -CHAMPION_WORTH if champ else -herd
    if kind == CHAMPION:
        if not champ:
            return CHAMPION_WORTH if herd else 10.0
        return -(top if bison else herd) - CHAMPION_WORTH
    return BLESSING_WORTH  # BLESSING


class HeuristicBot(Bot):
    """Raids the safest rich deck, corrals when the Herd is worth the risk, steals big cards."""

    kind = "heuristic"

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        obs = game.observation(state, seat)
        me = obs["players"][seat]
        herd_vals = [VALUE[_CARD_OF_ID[c]] for c in me["herd"]]
        herd = sum(herd_vals)
        top = max(herd_vals, default=0)
        champ = me["champion"] is not None
        bison = me["khan"] == "bison-riders"
        decks = _decks(obs)
        pending = obs["pending"]
        legal_set = set(legal)

        def ev(d: int) -> float:
            k = decks[d]
            return sum(
                k.p[kind] * _card_gain(kind, k.mean_raid, herd, top, champ, bison)
                for kind in (BLESSING, STAMPEDE, CHAMPION, MAGIC, RAID)
            )

        if pending and pending["type"] == "impala":
            best = max(pending["revealed"], key=lambda d: ev(int(d)))
            return f"choose {best}"
        if pending and pending["type"] == "blessing":
            steal = self._best_steal(obs, seat, legal, "give")
            if steal and steal[0] >= 50:
                return steal[1]
            return "keep"
        steal = self._best_steal(obs, seat, legal, "bless")
        if steal and steal[0] >= 100:
            return steal[1]
        sneaks = [a for a in legal if a.startswith("sneak ")]
        if sneaks:
            best_sneak = max(sneaks, key=lambda a: int(a.split()[1]))
            if int(best_sneak.split()[1]) >= 50:
                return best_sneak
        raids = [a for a in legal if a.startswith("raid ")]
        impalas = [a for a in legal if a.startswith("impala ")]
        if impalas:
            unknown = [d for d in range(N_DECKS) if decks[d].count and not obs["decks"][d]["top"]]
            unknown.sort(key=lambda d: -ev(d))
            pick = ",".join(map(str, sorted(unknown[:3])))
            if f"impala {pick}" in legal_set:
                return f"impala {pick}"
        best_raid = max(raids, key=lambda a: (ev(int(a.split()[1])), self.rng.random()))
        best_ev = ev(int(best_raid.split()[1]))
        if "corral" in legal_set:
            tiles = me["open_corrals"]
            left = obs["cards_left"]
            my_turns = left / obs["n_seats"]
            target = 100 if tiles > 1 or my_turns < 4 else 180
            if best_ev < 0 or herd >= target + 10 * max(0.0, my_turns / tiles - 6):
                return "corral"
        if steal and steal[0] >= 50 and best_ev < 15:
            return steal[1]
        return best_raid

    @staticmethod
    def _best_steal(
        obs: dict[str, Any], seat: int, legal: list[str], verb: str
    ) -> tuple[float, str] | None:
        """The (value, action) of the richest steal with ``verb`` ('give' or 'bless')."""
        best: tuple[float, str] | None = None
        for a in legal:
            parts = a.split()
            if parts[0] != verb:
                continue
            if len(parts) == 3:
                value = float(parts[2])
            else:  # a face-down Sable Herd: expect an average card
                value = 55.0 if len(obs["players"][int(parts[1])]["herd"]) >= 2 else 40.0
            if best is None or value > best[0]:
                best = (value, a)
        return best
