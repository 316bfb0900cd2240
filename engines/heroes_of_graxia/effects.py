"""The small vocabulary of Specials and Monster rewards that catalogue rows are written in.

A ``specials`` or ``reward`` cell is ``;``-separated ``name[:argument...]`` items, e.g.
``gold:1`` or ``prestige:1;gold:2``. Every card's rules text is generated from its items
(:func:`special_text`), so the text a player reads is always what the engine does. The
vocabulary is the platform's own design, as are all the catalogue's numbers.

Passive specials (Heroes, Units and Equipment, active while the card is in a Legion; on
Equipment they belong to the Unit it is attached to):

- ``gold:N`` gives N Gold each turn, for buying cards or healing;
- ``defend_draw:N`` draws N more cards when the Legion is attacked;
- ``monster_attack:N`` / ``monster_defense:N``: +N Attack / Defense against Monsters;
- ``legion_attack:N`` / ``legion_defense:N``: +N Attack / Defense in combat between Legions;
- ``mend:N`` heals N wounds of the Unit at the start of its owner's turn;
- ``spells:N``: the Legion may cast N more Spells in a combat;
- ``ally:RACE:N``: +N Attack for each other Unit of that race in the Legion (Mercenaries in the
  combat included);
- ``bounty:N``: N more Monster Gold when the Legion defeats a Monster;
- ``double_attack`` / ``double_defense`` (Equipment only): the Unit it is attached to has its
  listed Attack / Defense doubled ("Spell and Equipment Cards that modify (i.e. double) a listed
  Attack or Defense value do not modify attached Equipment or other bonuses"); a listed value is
  doubled once, however many cards double it.

Spell effects (``combat``: only in a combat, ``out``: only as an action out of combat,
``any``: both):

- ``attack:N`` / ``defense:N`` (combat): +N to the Legion's total;
- ``double_attack`` / ``double_defense`` (combat, one Unit of the caster's Legion): double that
  Unit's listed value (before Equipment is added);
- ``wound:N`` (any, one Unit of another Legion): N wounds; against a Monster, +N Attack;
- ``heal:N`` (any, one Unit of the caster's Legion): heal N wounds;
- ``draw:N``, ``gain_gold:N``, ``gain_actions:N`` (out): draw cards, gain Gold, gain actions.

Monster rewards: ``gold:N`` (Monster Gold: it buys cards this turn and is never added to
other Gold), ``draw:N``, ``prestige:N``, ``actions:N``.
"""

from __future__ import annotations

from dataclasses import dataclass

PASSIVE: dict[str, int] = {
    "gold": 1,
    "defend_draw": 1,
    "monster_attack": 1,
    "monster_defense": 1,
    "legion_attack": 1,
    "legion_defense": 1,
    "mend": 1,
    "spells": 1,
    "ally": 2,
    "bounty": 1,
    "double_attack": 0,
    "double_defense": 0,
}
"""Passive special -> number of arguments (``ally`` takes a race and a number)."""
EQUIPMENT_ONLY = ("double_attack", "double_defense")
"""Passive specials only Equipment may carry (they modify the Unit it is attached to)."""

SPELL: dict[str, tuple[int, str, str]] = {
    "attack": (1, "combat", ""),
    "defense": (1, "combat", ""),
    "double_attack": (0, "combat", "own"),
    "double_defense": (0, "combat", "own"),
    "wound": (1, "any", "enemy"),
    "heal": (1, "any", "own"),
    "draw": (1, "out", ""),
    "gain_gold": (1, "out", ""),
    "gain_actions": (1, "out", ""),
}
"""Spell effect -> (number of arguments, when it may be cast, what it targets)."""

REWARD: dict[str, int] = {"gold": 1, "draw": 1, "prestige": 1, "actions": 1}

MAX_NUMBER = 30
"""The largest number an effect may carry."""


class EffectError(ValueError):
    """A specials or reward cell that is not in the vocabulary (the message says why)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One item of a cell: ``name`` with its number ``n`` (0 when it has none) and, for
    ``ally``, the race."""

    name: str
    n: int = 0
    race: str = ""

    def to_text(self) -> str:
        """The item as the catalogue spells it (``ally:Orc:1``)."""
        if self.race:
            return f"{self.name}:{self.race}:{self.n}"
        return (
            f"{self.name}:{self.n}"
            if self.name not in ("double_attack", "double_defense")
            else self.name
        )


def _number(text: str, item: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_NUMBER:
        raise EffectError(f"{item!r}: the number must be 1 to {MAX_NUMBER}, not {text!r}")
    return int(text)


def parse_effects(cell: str, vocabulary: str) -> tuple[Effect, ...]:
    """The items of one cell; ``vocabulary`` is ``passive``, ``spell`` or ``reward``."""
    out: list[Effect] = []
    for raw in (cell or "").split(";"):
        item = raw.strip()
        if not item:
            continue
        name, *args = [part.strip() for part in item.split(":")]
        if vocabulary == "spell":
            known = {k: v[0] for k, v in SPELL.items()}
        elif vocabulary == "reward":
            known = REWARD
        else:
            known = PASSIVE
        if name not in known:
            raise EffectError(
                f"unknown {vocabulary} effect {name!r} (known: {', '.join(sorted(known))})"
            )
        if len(args) != known[name]:
            raise EffectError(f"{item!r}: {name} takes {known[name]} argument(s)")
        if name == "ally":
            race = args[0]
            if not race.isalpha():
                raise EffectError(f"{item!r}: the race must be a single word")
            out.append(Effect(name, _number(args[1], item), race))
        else:
            out.append(Effect(name, _number(args[0], item) if args else 0))
    if vocabulary == "spell":
        targeted = [e.name for e in out if SPELL[e.name][2]]
        if len(targeted) > 1:
            raise EffectError(f"a Spell targets at most one Unit, not {', '.join(targeted)}")
        if out and spell_timing(tuple(out)) == "":
            raise EffectError("these effects cannot all be cast at the same time")
    names = [e.name for e in out]
    if len(set(names)) != len(names):
        raise EffectError(f"an effect appears twice in {cell!r}")
    return tuple(out)


def spell_timing(effects: tuple[Effect, ...]) -> str:
    """When a Spell with these effects may be cast: ``combat``, ``out``, ``any`` or ``""``
    (never: its effects disagree)."""
    can_combat = all(SPELL[e.name][1] in ("combat", "any") for e in effects)
    can_out = all(SPELL[e.name][1] in ("out", "any") for e in effects)
    if can_combat and can_out:
        return "any"
    return "combat" if can_combat else "out" if can_out else ""


def spell_target(effects: tuple[Effect, ...]) -> str:
    """``own``, ``enemy`` or ``""``: the Unit a Spell needs as its target, if any."""
    for e in effects:
        if SPELL[e.name][2]:
            return SPELL[e.name][2]
    return ""


_PASSIVE_TEXT = {
    "gold": "Gives {n} Gold each turn.",
    "defend_draw": "When your Legion is attacked, draw {n} more card{s}.",
    "monster_attack": "+{n} Attack against Monsters.",
    "monster_defense": "+{n} Defense against Monsters.",
    "legion_attack": "+{n} Attack in combat between Legions.",
    "legion_defense": "+{n} Defense in combat between Legions.",
    "mend": "At the start of your turn, heal {n} wound{s} of this Unit.",
    "spells": "Your Legion may cast {n} more Spell{s} in combat.",
    "ally": "+{n} Attack for each other {race} Unit in your Legion.",
    "bounty": "+{n} Monster Gold when your Legion defeats a Monster.",
    "double_attack": "Doubles the listed Attack of the Unit it is attached to.",
    "double_defense": "Doubles the listed Defense of the Unit it is attached to.",
}
_SPELL_TEXT = {
    "attack": "+{n} Attack to your Legion in this combat.",
    "defense": "+{n} Defense to your Legion in this combat.",
    "double_attack": "Double the listed Attack of one Unit in your Legion.",
    "double_defense": "Double the listed Defense of one Unit in your Legion.",
    "wound": "Deal {n} wound{s} to one Unit of another Legion (against a Monster: +{n} Attack).",
    "heal": "Heal {n} wound{s} of one Unit in your Legion.",
    "draw": "Draw {n} card{s}.",
    "gain_gold": "Gain {n} Gold this turn.",
    "gain_actions": "Gain {n} action{s} this turn.",
}
_REWARD_TEXT = {
    "gold": "{n} Gold to buy cards this turn",
    "draw": "draw {n} card{s}",
    "prestige": "{n} Prestige",
    "actions": "{n} more action{s} this turn",
}
_TIMING_TEXT = {"combat": "Combat only.", "out": "Out of combat only (one action).", "any": ""}


def _fill(template: str, e: Effect) -> str:
    return template.format(n=e.n, s="" if e.n == 1 else "s", race=e.race)


def special_text(effects: tuple[Effect, ...], vocabulary: str) -> str:
    """The rules text of a card's Specials (or a Monster's reward), as the player reads it."""
    if vocabulary == "reward":
        if not effects:
            return ""
        return "Reward: " + ", ".join(_fill(_REWARD_TEXT[e.name], e) for e in effects) + "."
    table = _SPELL_TEXT if vocabulary == "spell" else _PASSIVE_TEXT
    parts = [_fill(table[e.name], e) for e in effects]
    if vocabulary == "spell" and effects:
        timing = _TIMING_TEXT[spell_timing(effects)]
        if timing:
            parts.append(timing)
    return " ".join(parts)
