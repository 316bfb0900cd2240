"""A rule-of-thumb bot that reads only its observation and the legal actions."""

from __future__ import annotations

from typing import Any

from engines.base import Action, Game
from engines.bots.base import Bot

from .cards import (
    ACT_KINDS,
    ACT_STRENGTH,
    ACT_TYPE,
    ACTION_INDEX,
    DR,
    DRAGON,
    LABEL_KIND,
    N_RANKS,
    PH,
    T_DRAGON,
    T_EXTRA,
    T_LONE_WIZARD,
    T_NORMAL,
    T_PHANTOM,
    T_WARLORD,
    WL,
    WZ,
)


def card_kind(card_id: str) -> int:
    """The kind of a card id such as ``"0:K#1"``."""
    return LABEL_KIND[card_id.split(":", 1)[1].split("#", 1)[0]]


def _cost(aid: int) -> float:
    """How much a play spends from the hand (lower is cheaper)."""
    cost = 0.0
    for k in ACT_KINDS[aid]:
        if k < N_RANKS:
            cost += 1 + k
        elif k == WZ:
            cost += 9
        elif k == PH:
            cost += 12
        elif k == DR:
            cost += 40
    return cost


class HeuristicBot(Bot):
    """Wins battles cheaply, guards its Warlords and springs the Phantom and Dragon well.

    As responder it lays its Warlords only when it already holds a winning answer; as leader it
    lays them only behind a Phantom (which cannot lose outside a War) or a Dragon when the
    other Dragon cannot be in the opponent's hand.
    """

    kind = "heuristic"

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        obs = game.observation(state, seat)
        ids = [ACTION_INDEX[a] for a in legal]
        plays = [a for a in ids if ACT_TYPE[a] not in (T_WARLORD, T_EXTRA)]
        can_warlord = any(ACT_TYPE[a] == T_WARLORD for a in ids)
        can_extra = any(ACT_TYPE[a] == T_EXTRA for a in ids)
        danger = self._dragon_danger(obs, seat)
        if can_extra and (danger < 0.2 or not plays):
            return "extra"
        if not plays:  # e.g. a Wizard beside a Warlord: only laying the Warlord is left
            return "warlord"
        if obs["phase"] == "respond":
            choice = self._respond(obs, plays, can_warlord)
        else:
            choice = self._lead(obs, plays, can_warlord, danger)
        return legal[ids.index(choice)] if isinstance(choice, int) else choice

    # -- reading the table -----------------------------------------------------------------
    @staticmethod
    def _dragon_danger(obs: dict[str, Any], seat: int) -> float:
        """Rough chance that a Dragon sits in the opponent's hand."""
        seen = 0
        for card in obs["hand"]:
            seen += card_kind(card) == DR
        for p in obs["players"]:
            for card in p["troop"] + p["field"]:
                seen += card_kind(card) == DR
        unseen = 2 - seen
        if unseen <= 0:
            return 0.0
        opp = obs["players"][1 - seat]
        me = obs["players"][seat]
        hidden = opp["hand"] + opp["army"] + me["army"] + opp["war_cards"] + me["war_cards"]
        if not hidden or not opp["hand"]:
            return 0.0
        return min(1.0, unseen * opp["hand"] / hidden)

    # -- decisions -------------------------------------------------------------------------
    @staticmethod
    def _strength(aid: int, leading: bool, in_war: bool) -> int:
        typ = ACT_TYPE[aid]
        if typ == T_PHANTOM:
            return DRAGON + 1 if leading and not in_war else 0
        if typ == T_LONE_WIZARD:
            return 0
        return ACT_STRENGTH[aid]

    def _respond(self, obs: dict[str, Any], plays: list[int], can_warlord: bool) -> int | str:
        lead = obs["lead_strength"]
        field_has_warlord = any(card_kind(c) == WL for p in obs["players"] for c in p["field"])
        winners = [a for a in plays if self._strength(a, False, False) > lead]
        normal_winners = [a for a in winners if ACT_TYPE[a] == T_NORMAL]
        if normal_winners or winners:
            dragon_worth = field_has_warlord or lead >= 200 or obs["war"] > 0
            if normal_winners:
                pick = min(normal_winners, key=lambda a: (_cost(a), a))
            elif dragon_worth:
                pick = winners[0]
            else:
                pick = -1
            if pick >= 0:
                if can_warlord:
                    return "warlord"
                return pick
        ties = [a for a in plays if lead and self._strength(a, False, False) == lead]
        if ties:
            rest_strong = any(
                ACT_TYPE[a] == T_DRAGON or (ACT_TYPE[a] == T_NORMAL and ACT_STRENGTH[a] >= 107)
                for a in plays
                if a not in ties
            )
            if rest_strong:
                return min(ties, key=_cost)
        return self._dump(plays)

    @staticmethod
    def _dump(plays: list[int]) -> int:
        """The cheapest play to lose with: a low single, never the Dragon if avoidable."""

        def key(a: int) -> tuple[int, float]:
            typ = ACT_TYPE[a]
            if typ == T_NORMAL and len(ACT_KINDS[a]) == 1:
                return (0, _cost(a))
            if typ == T_LONE_WIZARD:
                return (1, 0)
            if typ == T_NORMAL:
                return (2, _cost(a))
            if typ == T_PHANTOM:
                return (3, _cost(a))
            return (4, _cost(a))

        return min(plays, key=key)

    def _lead(
        self, obs: dict[str, Any], plays: list[int], can_warlord: bool, danger: float
    ) -> int | str:
        in_war = obs["war"] > 0
        phantoms = [a for a in plays if ACT_TYPE[a] == T_PHANTOM]
        if phantoms and not in_war:
            if can_warlord:
                return "warlord"
            return max(phantoms, key=lambda a: len(ACT_KINDS[a]))
        dragons = [a for a in plays if ACT_TYPE[a] == T_DRAGON]
        if dragons and danger == 0.0:
            if can_warlord:
                return "warlord"
            return dragons[0]
        normal = [a for a in plays if ACT_TYPE[a] == T_NORMAL]
        if obs["warlords_laid"] and normal:
            return max(normal, key=lambda a: ACT_STRENGTH[a])
        triples = [a for a in normal if ACT_STRENGTH[a] >= 300]
        if triples:
            return min(triples, key=_cost)
        if in_war and normal:
            return max(normal, key=lambda a: (ACT_STRENGTH[a], -_cost(a)))
        pairs = [a for a in normal if 200 <= ACT_STRENGTH[a] < 300 and WZ not in ACT_KINDS[a]]
        if pairs:
            return min(pairs, key=_cost)
        if normal:
            return self._dump(normal)
        if phantoms:
            return phantoms[0]
        return self._dump(plays)
