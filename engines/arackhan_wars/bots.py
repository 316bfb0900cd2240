"""A rule-of-thumb bot: places cards where they threaten and are safe, attacks when it gains
points, and passes otherwise. It reads its observation, the legal actions and a determinized
copy of the game (to try attacks and moves before choosing)."""

from __future__ import annotations

import random
from typing import Any

from engines.arackhan_wars import board
from engines.arackhan_wars.abilities import CREATURE, LAND, SPELL
from engines.arackhan_wars.info import info
from engines.arackhan_wars.rounds import legal, play, scores
from engines.base import Action, Game
from engines.bots.base import Bot

MAX_TRIES = 40
"""Activation actions tried per decision (sampled when there are more)."""


def _near_enemy(st: Any, seat: int, where: str) -> bool:
    space = board.BY_NAME[where]
    return any((j := st.board[n]) >= 0 and st.control[j] != seat for n in board.ADJACENT[space])


def _margin(st: Any, seat: int) -> float:
    pts = scores(st)
    return pts[seat] - max(p for s, p in enumerate(pts) if s != seat)


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
            return self._place(obs, seat, legal)
        return self._activate(game, state, seat, legal)

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
    def _place(self, obs: dict[str, Any], seat: int, legal: list[str]) -> str:
        cells = {board.BY_NAME[c["space"]]: c for c in obs["battlefield"]}
        ids = {h["card"]: h["card_id"] for h in obs["players"][seat]["hand"]}
        last_round = obs["round"] >= 8
        best, best_score = legal[0], float("-inf")
        for action in legal:
            _, who, where = action.split()
            ci = info(ids[who])
            score = self._placement_score(ci, where, cells, seat, last_round)
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _placement_score(
        ci: Any, where: str, cells: dict[int, Any], seat: int, late: bool
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
            if cell["controller"] == seat:
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

    # -- activation: try the options on a determinized copy --------------------------------
    def _activate(self, game: Game, state: Any, seat: int, legal: list[str]) -> str:
        sim = game.determinize(state, seat, random.Random(self.rng.getrandbits(64)))
        base = _margin(sim, seat)
        options = [a for a in legal if a not in ("pass", "done")]
        if len(options) > MAX_TRIES:
            attacks = [a for a in options if a.startswith("attack")]
            rest = [a for a in options if not a.startswith("attack")]
            options = attacks[:MAX_TRIES] + self.rng.sample(
                rest, max(0, min(len(rest), MAX_TRIES - len(attacks[:MAX_TRIES])))
            )
        best, best_gain = None, 0.0
        for action in options:
            if action.startswith("move") and not _near_enemy(sim, seat, action.split()[2]):
                continue  # a move only pays when it leads to an attack
            branch = game.clone(sim)
            play(branch, action, None, auto=False)
            gain = _margin(branch, seat) - base
            if action.startswith("move") and gain <= 0:
                gain = self._after_move(game, branch, seat, action, base)
            if action.startswith("act") and gain <= 0:
                gain = 0.1 * self.rng.random()  # actions are used now rather than wasted
            gain += self.rng.random() * 0.01
            if gain > best_gain:
                best, best_gain = action, gain
        if best is not None:
            return best
        for fallback in ("done", "pass"):
            if fallback in legal:
                return fallback
        return options[0] if options else legal[0]

    @staticmethod
    def _after_move(game: Game, branch: Any, seat: int, move: str, base: float) -> float:
        """The best gain of an attack by the card just moved (discounted)."""
        if game.to_act(branch) != seat:
            return 0.0
        card = move.split()[1]
        best = 0.0
        for action in legal(branch):
            if action.startswith("attack") and card in action.split()[2].split("+"):
                after = game.clone(branch)
                play(after, action, None, auto=False)
                best = max(best, 0.8 * (_margin(after, seat) - base))
        return best
