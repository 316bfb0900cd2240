"""What the heuristic bots read from an observation: card worths and a board view."""

from __future__ import annotations

from typing import Any

PRESTIGE_OF = {"Army": 3, "Henchman": 4, "": 5}
"""Prestige for a Unit of each type eliminated (a Hero's type is empty)."""

SPECIAL_WORTH = {
    "gold": 1.6,
    "defend_draw": 0.9,
    "monster_attack": 0.8,
    "monster_defense": 0.6,
    "legion_attack": 0.8,
    "legion_defense": 0.6,
    "mend": 0.7,
    "spells": 1.2,
    "ally": 0.8,
    "bounty": 0.6,
    "attack": 0.7,
    "defense": 0.5,
    "wound": 0.8,
    "heal": 0.3,
    "draw": 1.1,
    "gain_gold": 0.45,
    "gain_actions": 1.1,
}
FLAT_WORTH = {"double_attack": 2.0, "double_defense": 1.4}
TROPHY_WORTH = 1.6
"""A point of Trophy Value (a Victory Point wherever the card is owned) when buying."""


def effects(info: dict[str, Any]) -> dict[str, int]:
    """A card's Specials as ``{name: number}`` (``ally`` keeps only its number)."""
    out: dict[str, int] = {}
    for item in info.get("specials", ()):
        parts = item.split(":")
        out[parts[0]] = int(parts[-1]) if parts[-1].isdigit() else 1
    return out


def rewards(info: dict[str, Any]) -> dict[str, int]:
    return {k: int(v) for k, _, v in (r.partition(":") for r in info.get("reward", ()))}


def card_worth(info: dict[str, Any], style: str = "balanced") -> float:
    """What a card is worth to own, in rough Attack-point units."""
    cls = info["classification"]
    fx = effects(info)
    worth = TROPHY_WORTH * info.get("trophy", 0)
    for name, n in fx.items():
        weight = SPECIAL_WORTH.get(name, 0.0)
        if style == "legion-attacker" and name.startswith("monster_"):
            weight *= 0.3
        if style == "monster-hunter" and name.startswith("legion_"):
            weight *= 0.3
        worth += weight * n + FLAT_WORTH.get(name, 0.0)
    if cls == "Unit":
        body = info["attack"] + info["defense"] + 0.5 * info["health"]
        worth += body * (0.75 if info["type"] == "Mercenary" else 1.0)
    elif cls == "Equipment":
        worth += info["attack"] + info["defense"]
    return worth


class Board:
    """The observation, read once per decision."""

    def __init__(self, obs: dict[str, Any], seat: int) -> None:
        self.obs = obs
        self.seat = seat
        self.info: dict[str, dict[str, Any]] = obs["cards"]
        self.me = obs["players"][seat]
        self.hand = self.me.get("hand", [])

    def card(self, slug: str) -> dict[str, Any]:
        return self.info[slug]

    def hand_cards(self, classification: str, kind: str = "") -> list[dict[str, Any]]:
        return [
            c
            for c in self.hand
            if self.info[c["card"]]["classification"] == classification
            and (not kind or self.info[c["card"]]["type"] == kind)
        ]

    def units(self, seat: int | None = None) -> list[dict[str, Any]]:
        p = self.me if seat is None else self.obs["players"][seat]
        return p["legion"]

    def combat_boost(self, vs_monster: bool, limit: int) -> tuple[int, int, int]:
        """(Attack, Defense) the hand's Mercenaries and best ``limit`` Spells would add, and
        how many Mercenaries there are."""
        attack = defense = 0
        mercs = self.hand_cards("Unit", "Mercenary")
        for m in mercs:
            info = self.card(m["card"])
            attack += info["attack"]
            defense += info["defense"]
        best_listed = max((u["attack"] for u in self.units()), default=0)
        boosts: list[tuple[int, int]] = []
        for c in self.hand_cards("Spell"):
            info = self.card(c["card"])
            if info["when"] == "out":
                continue
            fx = effects(info)
            a = fx.get("attack", 0) + (fx.get("wound", 0) if vs_monster else 0)
            a += best_listed if "double_attack" in fx else 0
            d = fx.get("defense", 0)
            boosts.append((a, d))
        boosts.sort(key=lambda b: -(b[0] * 2 + b[1]))
        for a, d in boosts[: limit + len(mercs)]:
            attack += a
            defense += d
        return attack, defense, len(mercs)

    def absorb(self, seat: int | None = None) -> int:
        """Wounds the Legion can take without losing a Unit."""
        return sum(max(0, u["health"] - u["wounds"] - 1) for u in self.units(seat))

    def remaining(self, seat: int | None = None) -> int:
        return sum(u["health"] - u["wounds"] for u in self.units(seat))

    def losses(self, wounds: int, seat: int | None = None) -> float:
        """Prestige-like cost of taking ``wounds`` (Units lost, the Hero last)."""
        if wounds <= self.absorb(seat):
            return 0.15 * wounds
        units = sorted(
            self.units(seat),
            key=lambda u: (self.card(u["card"])["classification"] == "Hero", u["health"]),
        )
        if wounds >= self.remaining(seat):
            return sum(self.prestige_of(u) + 2 for u in units)
        return self.prestige_of(units[0]) + 2 if units else 0.0

    def prestige_of(self, unit: dict[str, Any]) -> int:
        info = self.card(unit["card"])
        return PRESTIGE_OF.get(info["type"] if info["classification"] != "Hero" else "", 3)
