"""Rule-of-thumb bots that read only their seat's observation and legal actions.

:class:`HeuristicBot` builds its Legion (Armies, Henchman, Equipment on the Hero, who falls
last), fights the Monster it can beat for the best value after its expected losses, attacks a
Legion when the Prestige it expects beats the risk, sells what is left in its hand at the end of
the turn (the hand is discarded anyway) and buys the best value per Gold. Two one-sided styles
for the balance study share all of it: :class:`LegionAttackerBot` ignores Monsters and attacks a
Legion every turn it can, :class:`MonsterHunterBot` never attacks a Legion.
"""

from __future__ import annotations

from typing import Any

from engines.base import Action, Game
from engines.bots.base import Bot
from engines.heroes_of_graxia.reading import Board, card_worth, effects, rewards


class HeuristicBot(Bot):
    """The balanced rule-of-thumb player (see the module docstring)."""

    kind = "heuristic"
    style = "balanced"

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        b = Board(game.observation(state, seat), seat)
        phase = b.obs["phase"]
        pick = {
            "mulligan": self._mulligan,
            "main": self._main,
            "heal": self._heal,
            "new-hand": self._take,
            "hire": self._hire,
            "spells": self._monster_spells,
            "clash": self._clash,
            "wounds": self._wound,
            "lose-monster": self._lose,
        }[phase]
        action = pick(b, legal)
        return action if action in legal else legal[0]

    # -- small decisions --------------------------------------------------------------------
    def _mulligan(self, b: Board, legal: list[str]) -> str:
        useful = b.hand_cards("Unit") + b.hand_cards("Equipment")
        return "keep" if useful or "redraw" not in legal else "redraw"

    def _take(self, b: Board, legal: list[str]) -> str:
        return max(legal, key=lambda a: card_worth(b.card(a.split()[1]), self.style))

    def _lose(self, b: Board, legal: list[str]) -> str:
        return min(legal, key=lambda a: b.card(a.split()[1])["trophy"])

    def _wound(self, b: Board, legal: list[str]) -> str:
        units = {u["id"]: u for u in b.units()}

        def key(action: str) -> tuple[float, ...]:
            u = units[action.split()[1]]
            left = u["health"] - u["wounds"]
            hero = b.card(u["card"])["classification"] == "Hero"
            if left > 1:  # no loss: the Unit with the most Health to spare
                return (1, left, hero)
            return (0, -b.prestige_of(u), -left)  # a loss: the cheapest Unit

        return max(legal, key=key)

    def _heal(self, b: Board, legal: list[str]) -> str:
        """Mend the Unit closest to falling until none is in danger, selling the cheapest
        cards for the Gold."""
        units = {u["id"]: u for u in b.units()}
        hero_id = b.me["hero"]["id"]

        def danger(u: dict[str, Any]) -> int:
            left = u["health"] - u["wounds"]
            return (4 if u["id"] == hero_id else 1) - left

        worst = max((u for u in units.values() if u["wounds"]), key=danger, default=None)
        if worst is None or (danger(worst) < 0 and sum(u["wounds"] for u in units.values()) < 4):
            return "done"
        mend = f"mend {worst['id']}"
        if mend in legal:
            return mend
        sells = [a for a in legal if a.startswith("sell ")]
        if sells:
            return min(sells, key=lambda a: card_worth(b.card(a.split()[1]), self.style))
        return "done"

    # -- combat -----------------------------------------------------------------------------
    def _hire(self, b: Board, legal: list[str]) -> str:
        hires = [a for a in legal if a.startswith("hire ")]
        return hires[0] if hires else "ready"

    def _monster_spells(self, b: Board, legal: list[str]) -> str:
        monster = b.card(b.obs["combat"]["monster"]["card"])
        attack = b.me["totals"]["attack_vs_monster"]
        defense = b.me["totals"]["defense_vs_monster"]
        casts = [a for a in legal if a.startswith("cast ")]
        if not casts:
            return "resolve"

        def gain(action: str) -> tuple[int, int]:
            fx = effects(b.card(action.split()[1]))
            a = fx.get("attack", 0) + fx.get("wound", 0)
            if "double_attack" in fx and len(action.split()) == 3:
                a += next((u["attack"] for u in b.units() if u["id"] == action.split()[2]), 0)
            return a, fx.get("defense", 0)

        if attack < monster["health"]:
            best = max(casts, key=lambda a: gain(a)[0])
            if gain(best)[0] > 0:
                return best
            return "resolve"
        if monster["attack"] > defense:
            best = max(casts, key=lambda a: gain(a)[1])
            if gain(best)[1] > 0:
                return best
        return "resolve"

    def _clash(self, b: Board, legal: list[str]) -> str:
        combat = b.obs["combat"]
        attacking = combat["attacker"] == b.seat
        foe = combat["defender"] if attacking else combat["attacker"]
        them = b.obs["players"][foe]["totals"]
        mine = b.me["totals"]
        incoming = them["attack_vs_legion"] - mine["defense_vs_legion"]
        outgoing = mine["attack_vs_legion"] - them["defense_vs_legion"]
        plays = [a for a in legal if a != "pass"]
        if not plays:
            return "pass"
        worth_defending = incoming > b.absorb() or incoming >= 3
        if not attacking and not worth_defending and outgoing <= b.absorb(foe):
            return "pass"
        foe_units = {u["id"]: u for u in b.units(foe)}

        def score(action: str) -> float:
            words = action.split()
            info = b.card(words[1])
            if words[0] == "hire":
                return info["attack"] + (info["defense"] if worth_defending else 0.5)
            fx = effects(info)
            value = fx.get("attack", 0) + fx.get("defense", 0) * (1.0 if worth_defending else 0.3)
            if "wound" in fx and len(words) == 3:
                u = foe_units.get(words[2])
                if u is not None:
                    kill = u["health"] - u["wounds"] <= fx["wound"]
                    value += fx["wound"] + (b.prestige_of(u) * 2 if kill else 0)
            if "double_attack" in fx or "double_defense" in fx:
                value += 2
            if "heal" in fx:
                value += 0.5
            return value

        best = max(plays, key=score)
        return best if score(best) > 0.4 else "pass"

    # -- the turn ---------------------------------------------------------------------------
    def _main(self, b: Board, legal: list[str]) -> str:
        ap = b.obs["actions_left"]
        if "heal" in legal and self._wants_heal(b, urgent=True) and self._heal_gold(b) >= 2:
            return "heal"
        develop = self._develop(b, legal)
        if ap >= 2 and develop:
            return develop
        fight, fight_value = self._best(b, legal, "fight")
        raid, raid_value = self._best(b, legal, "attack")
        if fight and fight_value >= raid_value:
            return fight
        if raid and (raid_value >= 2.0 or self.style == "legion-attacker"):
            return raid
        if develop:
            return develop
        if raid and raid_value >= 0.5:
            return raid  # nothing better to do with the action: a safe Prestige
        spell = self._spell_out(b, legal)
        if spell:
            return spell
        if "heal" in legal and self._wants_heal(b):
            return "heal"
        buy = self._buy(b, legal)
        if buy:
            return buy
        if "draw" in legal:
            return "draw"
        return "end"

    def _develop(self, b: Board, legal: list[str]) -> str:
        hero_id = b.me["hero"]["id"]
        best, best_gain = "", 0.0
        for action in legal:
            words = action.split()
            if words[0] == "place":
                gain = card_worth(b.card(words[1]), self.style) + 1.0
            elif words[0] == "attach":
                gain = card_worth(b.card(words[1]), self.style) + (
                    0.5 if words[2] == hero_id else 0
                )
            elif words[0] == "swap":
                held = next(
                    (e for u in b.units() for e in [u, *u["equipment"]] if e["id"] == words[2]),
                    None,
                )
                if held is None:
                    continue
                gain = card_worth(b.card(words[1]), self.style) - card_worth(
                    b.card(held["card"]), self.style
                )
                gain -= 0.5
            else:
                continue
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _fight_value(self, b: Board, slug: str) -> float | None:
        """Expected worth of fighting Monster ``slug`` now, None if it cannot be beaten."""
        m = b.card(slug)
        units = len(b.units())
        boost_a, boost_d, _ = b.combat_boost(True, units)
        attack = b.me["totals"]["attack_vs_monster"] + boost_a
        if attack < m["health"]:
            return None
        wounds = max(0, m["attack"] - b.me["totals"]["defense_vs_monster"] - boost_d)
        r = rewards(m)
        gain = m["trophy"] + r.get("prestige", 0) + 0.35 * r.get("gold", 0)
        gain += 0.6 * r.get("draw", 0) + 0.8 * r.get("actions", 0)
        return gain - b.losses(wounds)

    def _legion_value(self, b: Board, target: int) -> float:
        """Expected Prestige of attacking seat ``target``'s Legion, after the risks."""
        them = b.obs["players"][target]
        units = len(b.units())
        boost_a, boost_d, mercs = b.combat_boost(False, units)
        unknown = 2  # what the defender may still play from the hand it draws
        dealt = b.me["totals"]["attack_vs_legion"] + boost_a - them["totals"]["defense_vs_legion"]
        dealt -= unknown
        taken = them["totals"]["attack_vs_legion"] + unknown - b.me["totals"]["defense_vs_legion"]
        taken -= boost_d
        value = 1.0
        if them["legion"]:
            spare = b.absorb(target)
            if dealt >= b.remaining(target):
                value += sum(b.prestige_of(u) for u in them["legion"])
            elif dealt > spare:
                value += min(b.prestige_of(u) for u in them["legion"])
            value += 0.1 * max(0, dealt)
        value -= b.losses(max(0, taken))
        if taken > b.absorb():
            value -= 1.0  # a Unit may fall: the other side takes its Prestige
        leader = max(p["victory_points"] for p in b.obs["players"])
        if them["victory_points"] == leader:
            value += 0.5
        return value

    def _best(self, b: Board, legal: list[str], verb: str) -> tuple[str, float]:
        """The best ``fight`` (Monster) or ``attack`` (Legion) action worth more than nothing,
        with its value; ("", 0) when there is none (or the style refuses that kind)."""
        best, best_value = "", 0.0
        for action in legal:
            words = action.split()
            if words[0] != verb:
                continue
            if verb == "fight":
                if self.style == "legion-attacker":
                    return "", 0.0
                value = self._fight_value(b, words[1])
                if value is None:
                    continue
            else:
                if self.style == "monster-hunter":
                    return "", 0.0
                value = self._legion_value(b, int(words[1]))
                if self.style == "legion-attacker" and value > -3.0:
                    value += 5.0  # attacks every turn, unless it would throw its Legion away
            if value > best_value:
                best, best_value = action, value
        return best, best_value

    def _spell_out(self, b: Board, legal: list[str]) -> str:
        for action in legal:
            words = action.split()
            if words[0] != "cast":
                continue
            fx = effects(b.card(words[1]))
            if "draw" in fx or "gain_actions" in fx:
                return action
            if "wound" in fx and len(words) == 3:
                for p in b.obs["players"]:
                    for u in p["legion"]:
                        if u["id"] == words[2] and u["health"] - u["wounds"] <= fx["wound"]:
                            return action
            if "heal" in fx and len(words) == 3:
                unit = next((u for u in b.units() if u["id"] == words[2]), None)
                if unit and unit["wounds"] >= 3:
                    return action
        return ""

    def _wants_heal(self, b: Board, urgent: bool = False) -> bool:
        """Heal when a Unit is close to falling (urgent: the Hero), or the Legion carries many
        wounds; a lone Hero heals for free at the start of the turn."""
        units = b.units()
        if len(units) <= 1:
            return False
        hero_id = b.me["hero"]["id"]
        hero = next((u for u in units if u["id"] == hero_id), None)
        if hero is not None and hero["health"] - hero["wounds"] <= 4:
            return True
        if urgent:
            return False
        return sum(u["wounds"] for u in units) >= 6 or any(
            u["health"] - u["wounds"] <= 1 for u in units
        )

    def _heal_gold(self, b: Board) -> int:
        return b.obs["gold"] + sum(b.card(c["card"])["sell"] for c in b.hand)

    def _buy(self, b: Board, legal: list[str]) -> str:
        """Once the actions are spent: buy the best value per Gold, selling the hand as
        needed (it would be discarded at the end of the turn anyway)."""
        if b.obs["actions_left"] > 0 and self._develop(b, legal):
            return ""
        gold = b.obs["gold"]
        reward = b.obs["reward_gold"]
        sells = [a for a in legal if a.startswith("sell ")]
        sell_total = sum(b.card(c["card"])["sell"] for c in b.hand)
        best_slug, best_value, best_mode = "", 0.0, ""
        for pile in b.obs["market"]:
            for c in pile["cards"]:
                if c is None:
                    continue
                info = b.card(c["card"])
                value = card_worth(info, self.style) / max(1, info["cost"]) ** 0.5
                if info["cost"] <= reward and value > best_value:
                    best_slug, best_value, best_mode = c["card"], value, "reward"
                elif info["cost"] <= gold + sell_total and value > best_value:
                    best_slug, best_value, best_mode = c["card"], value, "gold"
        if not best_slug:
            return ""
        cost = b.card(best_slug)["cost"]
        if best_mode == "reward":
            return f"buy {best_slug} reward-gold"
        if gold >= cost:
            return f"buy {best_slug}"
        if b.obs["actions_left"] > 0 and "draw" in legal:
            return ""  # keep the hand while actions remain
        if sells:
            return min(sells, key=lambda a: card_worth(b.card(a.split()[1]), self.style))
        return ""


class LegionAttackerBot(HeuristicBot):
    """Ignores Monsters; attacks another Legion every turn it can."""

    kind = "legion-attacker"
    style = "legion-attacker"


class MonsterHunterBot(HeuristicBot):
    """Never attacks a Legion; fights the best Monster it can beat."""

    kind = "monster-hunter"
    style = "monster-hunter"


BOT_STYLES: dict[str, type[HeuristicBot]] = {
    "balanced": HeuristicBot,
    "legion-attacker": LegionAttackerBot,
    "monster-hunter": MonsterHunterBot,
}
"""The heuristic bot's styles, by the name ``heuristic:<style>`` gives them."""
