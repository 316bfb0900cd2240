"""A rule-of-thumb bot: places cards where they threaten and are safe, attacks when it gains
points, moves towards enemies it can beat, and passes otherwise. It reads its observation and
the legal actions, and tries its few best-looking attacks and card actions on a determinized copy
of the game before choosing."""

from __future__ import annotations

import random
from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import CREATURE, LAND, SPELL
from engines.arackhan_wars.effects import compute
from engines.arackhan_wars.info import info
from engines.arackhan_wars.modes import bot as mode_bot
from engines.arackhan_wars.rounds import legal as legal_now
from engines.arackhan_wars.rounds import play, side_scores
from engines.base import Action, Game
from engines.bots.base import Bot

TRY_BEST = 4
"""Activation actions tried on a copy per decision (the best estimates)."""


def _near_enemy(st: Any, seat: int, where: str) -> bool:
    space = board.BY_NAME[where]
    return any(
        (j := st.board[n]) >= 0 and not st.friends(st.control[j], seat)
        for n in board.ADJACENT[space]
    )


def _margin(st: Any, seat: int) -> float:
    pts = side_scores(st)
    rivals = [p for s, p in enumerate(pts) if not st.friends(s, seat)]
    return pts[seat] - max(rivals)


class HeuristicBot(Bot):
    """Values board presence (points on the battlefield), attacks that gain points, and safe
    placements next to enemies it can beat."""

    kind = "heuristic"

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        obs = game.observation(state, seat)
        phase = obs["phase"]
        if phase == "choose":
            return f"first {seat}"
        if phase == "mulligan":
            return self._mulligan(obs, seat, legal)
        if phase == "place":
            return self._place(obs, seat, legal, state)
        if "deciding" in obs.get("modes", {}):
            return mode_bot.choose(state, seat, legal)
        if obs.get("pending", {}).get("kind") == "group attack":
            return group_step(state, legal, self.rng)
        return self._activate(game, state, seat, legal)

    def rank(self, game: Game, state: Any, seat: int, legal: list[Action]) -> list[Action]:
        """Placements by their placement score, activation actions by their estimate (as
        :meth:`choose` sees them, without its random tie-break); other steps as listed."""
        obs = game.observation(state, seat)
        if obs["phase"] == "place":
            scored = self.placement_scores(obs, seat, legal, state)
        elif obs["phase"] in ("initiative", "turn"):
            scored = _activation_estimates(obs, seat, legal)
        else:
            return list(legal)
        score = dict((a, g) for g, a in scored)
        return sorted(legal, key=lambda a: -score.get(a, 0.0))

    # -- mulligan: put back astral spells beyond two -----------------------------------------
    def _mulligan(self, obs: dict[str, Any], seat: int, legal: list[str]) -> str:
        hand = obs["players"][seat]["hand"]
        aside = set(obs["players"][seat]["mulligan_aside"] or ())
        spells = [h for h in hand if info(h["card_id"]).kind == SPELL and h["card"] not in aside]
        if len(spells) > 3:
            worst = min(spells, key=lambda h: info(h["card_id"]).value)
            action = f"mulligan {worst['card']}"
            if action in legal:
                return action
        return "keep"

    # -- placement -----------------------------------------------------------------------------
    def _place(self, obs: dict[str, Any], seat: int, legal: list[str], state: Any = None) -> str:
        best, best_score = legal[0], float("-inf")
        for score, action in self.placement_scores(obs, seat, legal, state):
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    def placement_scores(
        self, obs: dict[str, Any], seat: int, legal: list[str], state: Any = None
    ) -> list[tuple[float, str]]:
        """Each placement in ``legal`` with its score (threat, safety, value on the field; with
        ``state`` in Objective mode, progress towards the open objectives)."""
        cells = {board.BY_NAME[c["space"]]: c for c in obs["battlefield"]}
        ids = {h["card"]: h["card_id"] for h in obs["players"][seat]["hand"]}
        last_round = obs["round"] >= obs["rounds"] - 1
        friendly = _friendly(obs, seat)
        objectives = state is not None and state.modes is not None and state.modes.objectives
        out = []
        for action in legal:
            _, who, where = action.split()
            ci = info(ids[who])
            score = self._placement_score(ci, where, cells, friendly, last_round)
            if objectives:
                score += mode_bot.placement_bonus(state, seat, ci, where)
            out.append((score, action))
        return out

    @staticmethod
    def _placement_score(
        ci: Any, where: str, cells: dict[int, Any], friendly: set[int], late: bool
    ) -> float:
        if where == "astral":
            return 3.0 + ci.value * 0.2
        space = board.BY_NAME[where]
        score = 0.0
        attack = ci.attack or 0
        defence = ci.defence if ci.defence is not None else 0
        if ci.kind in (CREATURE, LAND):
            score += ci.value * (0.6 if late else 0.4)
        for n in board.ADJACENT[space]:
            cell = cells.get(n)
            if cell is None:
                continue
            if cell["controller"] in friendly:
                score += 0.8
                continue
            their_def = cell.get("defence")
            their_att = cell.get("attack")
            value = info(cell["card_id"]).value if cell.get("card_id") else 4
            if their_def is not None and attack > their_def:
                score += value * 0.5
            if ci.kind in (CREATURE, LAND) and their_att is not None and their_att > defence:
                score -= ci.value * 0.4
            if ci.kind == SPELL:
                score += 1.0
        return score

    # -- activation: estimate attacks from the observation, try the best few on a copy ---------
    def _activate(self, game: Game, state: Any, seat: int, legal: list[str]) -> str:
        obs = game.observation(state, seat)
        scored = _activation_estimates(obs, seat, legal)
        scored.sort(key=lambda x: -x[0])
        tries = [a for g, a in scored[:TRY_BEST] if g > 0]
        if not tries:
            for fallback in ("done", "pass"):
                if fallback in legal:
                    return fallback
            return legal[0]
        sim = game.determinize(state, seat, random.Random(self.rng.getrandbits(64)))
        base = _margin(sim, seat)
        best, best_gain = None, 0.0
        for action in tries:
            if action.startswith("move"):
                gain = dict((a, g) for g, a in scored)[action] * 0.5
            else:
                branch = game.clone(sim)
                play(branch, action, None, auto=False)
                while branch.pending is not None and "target" in branch.pending.data:
                    play(branch, group_step(branch, legal_now(branch), self.rng), None, False)
                gain = _margin(branch, seat) - base
                if action.startswith("act"):
                    gain = max(gain, 0.1)  # an action is better used than wasted
            gain += self.rng.random() * 0.01
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best
        for fallback in ("done", "pass"):
            if fallback in legal:
                return fallback
        return tries[0]


def _activation_estimates(
    obs: dict[str, Any], seat: int, legal: list[str]
) -> list[tuple[float, str]]:
    """The estimated gain of each attack, group opening, move and card action in ``legal``."""
    cards = {c["card"]: c for c in obs["battlefield"]}
    for player in obs["players"]:
        cards.update((c["card"], c) for c in player["astral"])
    scored: list[tuple[float, str]] = []
    able: dict[str, set[str]] = {}  # target -> every card that may attack it (1.1.0)
    for action in legal:
        words = action.split()
        if words[0] in ("attack", "group") and "+" not in words[2]:
            able.setdefault(words[1], set()).add(words[2])
    for action in legal:
        head = action.split()[0]
        if head == "attack":
            _, target, group = action.split()
            scored.append((_attack_estimate(cards, target, group.split("+")), action))
        elif head == "group":
            _, target, _ = action.split()
            scored.append((_attack_estimate(cards, target, sorted(able[target])), action))
        elif head == "move":
            _, who, where = action.split()
            scored.append((_move_estimate(cards, _friendly(obs, seat), who, where), action))
        elif head == "act":
            scored.append((0.5, action))
    return scored


def group_step(st: Any, legal: list[str], rng: random.Random) -> str:
    """Inside a group attack under way: strike once the group beats the target's Defence (and
    may strike), else add the strongest attacker that may join."""
    stats = compute(st)
    p = st.pending
    total = sum(stats.attack[a] or 0 for a in p.data["group"])
    defence = stats.defence[p.data["target"]] or 0
    if "strike" in legal and total > defence:
        return "strike"
    joins = [a for a in legal if a.startswith("join ")]
    if not joins:
        return "strike"
    return max(joins, key=lambda a: (stats.attack[int(a.split()[1][1:])] or 0, rng.random()))


def _value(card: dict[str, Any]) -> int:
    return info(card["card_id"]).value if card.get("card_id") is not None else 4


def _attack_estimate(cards: dict[str, Any], target: str, group: list[str]) -> float:
    t = cards.get(target)
    if t is None:
        return 0.0
    total = sum((cards[a].get("attack") or 0) for a in group if a in cards)
    if total <= (t.get("defence") or 0):
        return -1.0
    gain = _value(t) * (2.0 if t.get("kind") == LAND else 1.0)
    if "regeneration" in t.get("attributes", ()) and t.get("active"):
        gain *= 0.3
    return gain - 0.3 * len(group)


def _friendly(obs: dict[str, Any], seat: int) -> set[int]:
    """The seats on ``seat``'s side (itself, and its partner in 2v2)."""
    sides = obs["sides"]
    return {s for s, side in enumerate(sides) if side == sides[seat]}


def _move_estimate(cards: dict[str, Any], friendly: set[int], who: str, where: str) -> float:
    me = cards.get(who)
    if me is None:
        return 0.0
    attack = me.get("attack") or 0
    space = board.BY_NAME[where]
    best = 0.0
    by_space = {board.BY_NAME[c["space"]]: c for c in cards.values() if "space" in c}
    for n in board.ADJACENT[space]:
        t = by_space.get(n)
        if t is None or t["controller"] in friendly or t.get("defence") is None:
            continue
        if attack > t["defence"]:
            best = max(best, _value(t) * 0.8 - 0.5)
    return best
