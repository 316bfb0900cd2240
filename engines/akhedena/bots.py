"""A rule-of-thumb player that reads only its observation and its legal actions.

It scores every legal action (what it believes of face-down cards: ``beliefs``). A battle scores
its chance to win under what the seat knows, times the worth of what falls, minus what the
counterattack risks; a shot also scores how far the Army cards it strips open an enemy Hero to
the seat's strongest attack. A move scores the danger waiting at its destination, how it closes
in on enemies it can beat, the safety of the seat's Hero and Castle, and the Crown: what taking
it lets the seat strike, against what holding it costs — the Crown sits on the holder's Castle,
where any enemy that steps onto an open square beside it takes it back and then threatens the
Castle (``keep``). A card replacement is scored in ``replacement``. Actions within a small
margin of the best are near-equal; the bot picks one of them with its seed.
"""

from __future__ import annotations

from typing import Any

from engines.akhedena import board as B
from engines.akhedena import replacement
from engines.akhedena.beliefs import KIND_INDEX, WIN, Unit, deals_of, feared, stats, unseen_cards
from engines.akhedena.catalogue import shipped_catalogue
from engines.akhedena.reach import Threats, lands, steps
from engines.akhedena.state import MOVE_RANGE
from engines.base import Action, Game
from engines.bots.base import Bot

CROWN = 6.0
"""Worth of holding the Crown itself (two replacements a turn)."""
PIECE = 6.0
"""Worth of a piece besides its attack and defence."""
CARD = 3.0
"""Worth of one Army card lost to a volley (the piece survives)."""
FAR = 0.25
"""Weight of a danger two moves away (an enemy that needs two moves to reach)."""
NOISE = 1.5
"""Actions within this many points of the best are near-equal: the bot picks one of them with
its seed's generator (with 0.01 nearly every game from a position was the same)."""
NEAR = 0.1
"""... and so are those within this share of the best score (scores run into the hundreds: a
fixed spread left the first seven moves of every game the same whatever the seed)."""
STEAL = 0.3
"""Worth (times a win) of the chance that an enemy piece which takes the Crown from beside this
seat's Castle beats that Castle: a Crown that can be taken back at once lays the Castle open."""
LATER = 0.35
"""Weight of such an enemy that needs two moves to get beside the Castle."""
PREPARE = 0.1
"""Weight of the Castle's open squares while nobody holds the Crown (plugging them first makes
the Crown safe to hold)."""
STRIP = 0.1
"""Worth (times a win) of raising by one, with a shot that strips Army cards, the chance that
the seat's strongest attack beats an enemy Hero (or a Castle it may attack)."""
URGENCY = 3.0
"""How much more the bot presses on, and how much less it fears for its pieces other than the
Hero and the Castle, as the turn cap nears (at the cap: 1 + URGENCY times the pressure)."""


class HeuristicBot(Bot):
    """Battles it expects to win, safe moves towards the Crown and weak enemies, a Hero and a
    Castle kept out of reach (see the module docstring)."""

    kind = "heuristic"

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = View(game.observation(state, seat), seat)
        scores = [view.score(action) for action in legal]
        top = max(scores)
        margin = max(NOISE, NEAR * abs(top))
        near = [a for a, score in zip(legal, scores, strict=True) if score >= top - margin]
        return self.rng.choice(near)


class View:
    """One decision's picture of the board: units, who can reach where, what each is worth."""

    def __init__(self, obs: dict[str, Any], seat: int) -> None:
        cards = shipped_catalogue().cards
        self.cards_by_name = {c.name: c for c in cards.values()}
        self.seat = seat
        self.late = obs["turns"] / max(1, obs["max_turns"])
        """How far the game is towards the turn cap (0 to 1)."""
        self.crown_holder = obs["crown"]["holder"]
        self.crown_sq = B.BY_NAME[obs["crown"]["square"]]
        self.vulnerable = self.crown_holder is not None
        """Whether enemy Castles can fall to this seat now."""
        self.holder_only = bool(obs.get("castles_holder_only"))
        """Only the Crown's holder attacks Castles (1.1.0)."""
        self.exposed = self.vulnerable
        """Whether this seat's Castle can fall now."""
        self.optional_crown = self.holder_only
        if self.holder_only:
            self.vulnerable = self.crown_holder == seat
            self.exposed = self.crown_holder not in (None, seat)
        unseen = {s: unseen_cards(obs, s, cards) for s in range(obs["n_seats"]) if s != seat}
        self.units: dict[int, Unit] = {}
        for piece in obs["pieces"]:
            k, sq = KIND_INDEX[piece["slot"]], B.BY_NAME[piece["square"]]
            ranged = k == B.ARCHER or any(c["main_type"] == "Ranged" for c in piece["army"])
            if piece["seat"] == seat:
                leader = cards[piece["card"]["card_id"]]
                army = [cards[c["card_id"]] for c in piece["army"]]
                unit = Unit(seat, k, sq, [(*stats(leader, army), 1.0)], ranged)
                unit.leader, unit.army = leader, army
            else:
                deals = deals_of(piece, unseen[piece["seat"]], cards)
                unit = Unit(piece["seat"], k, sq, deals, ranged)
            self.units[sq] = unit
        self.reserve = obs["players"][seat]["reserve_cards"]
        occupied = set(self.units) | ({self.crown_sq} if self.crown_holder is None else set())
        self.occupied = occupied
        self.enemies = [u for u in self.units.values() if u.seat != seat]
        self.mine = [u for u in self.units.values() if u.seat == seat]
        self._movers = [u for u in self.enemies if u.k != B.CASTLE]
        threats = Threats(self._movers, occupied)
        self.two_moves, self.near_of, self.far_of = (
            threats.two_moves,
            threats.near_of,
            threats.far_of,
        )
        self.hero = next((u for u in self.mine if u.k == B.HERO), None)
        self.castle = next((u for u in self.mine if u.k == B.CASTLE), None)
        self.holds = self.crown_holder == seat
        # stealers[nb]: enemies that could end their next move on nb, a square beside this
        # seat's Castle, were nb free (from there they take a Crown the seat holds)
        # (later[nb]: those that need two moves to get there)
        self.stealers: dict[int, list[Unit]] = {}
        self.later: dict[int, list[Unit]] = {}
        if self.castle is not None and self.holder_only:
            for nb in B.NEIGHBOURS[self.castle.sq]:
                now = [u for u in self._movers if lands(u, nb, occupied)]
                self.stealers[nb] = now
                self.later[nb] = [
                    u for u in self._movers if u not in now and nb in self.two_moves(u)
                ]
        self._home: dict[tuple[int, int, bool], float] = {}
        self._press: dict[tuple[int, int], float] = {}
        self._targets: dict[int, list[tuple[int, int, float]]] = {}
        self.memo: dict[tuple[str, int], float] = {}

    # -- worths and dangers ------------------------------------------------------------------
    def worth(self, u: Unit) -> float:
        open_ = self.exposed if u.seat == self.seat else self.vulnerable
        if u.k == B.HERO or (u.k == B.CASTLE and open_):
            return WIN
        if u.k == B.CASTLE:
            return 0.0
        return PIECE + u.attack + u.defence

    def danger(self, u: Unit, sq: int, gone: Unit | None = None) -> float:
        """Expected loss if ``u`` stands on ``sq`` when the enemies move: the likeliest melee
        defeat (next turn, or a quarter of it the turn after), or a volley that strips its
        Army cards (all of them: the piece)."""
        worth = self.worth(u)
        mine = u.defence
        worst = 0.0
        for e in self.near_of(sq):
            if e is not gone and e.sq != u.sq:
                worst = max(worst, e.p_attack_beats(mine) * worth)
        if u.k in (B.HERO, B.CASTLE):
            for e in self.far_of(sq):
                if e is not gone and e.sq != u.sq:
                    worst = max(worst, FAR * e.p_attack_beats(mine) * worth)
        cards = u.deals[0][2]
        for e in self.enemies:
            if e.shoots and e is not gone and sq in B.RANGE_2[e.sq] and cards:
                for att, _, _, w in e.deals:
                    lost = sum(c < att for c in cards)
                    hit = worth if lost == len(cards) else lost * CARD
                    worst = max(worst, w * hit)
        return worst

    def home(
        self, gone: Unit | None = None, moved: Unit | None = None, crown: bool = False
    ) -> float:
        """Danger to the Hero, and to the Castle while Castles can fall (or would, ``crown``)."""
        key = (id(gone), id(moved), crown)
        found = self._home.get(key)
        if found is None:
            found = self._home[key] = self._home_danger(gone, moved, crown)
        return found

    def _home_danger(self, gone: Unit | None, moved: Unit | None, crown: bool) -> float:
        total = 0.0
        if self.hero is not None and self.hero is not moved:
            total += self.danger(self.hero, self.hero.sq, gone)
        exposed = self.exposed if self.holder_only else self.vulnerable or crown
        if self.castle is not None and exposed:
            keep, self.exposed = self.exposed, True
            total += self.danger(self.castle, self.castle.sq, gone)
            self.exposed = keep
        return total

    def keep(self, freed: int | None = None, plugged: int | None = None) -> float:
        """What holding the Crown costs when the seat's pieces stand as after a move from
        ``freed`` to ``plugged``: the worst enemy that can step beside the Castle onto an open
        square, take the Crown and then threaten the Castle with its attack."""
        worst = 0.0
        castle = self.castle
        if castle is None:
            return worst
        for nb, foes in self.stealers.items():
            if nb == plugged or (nb in self.units and nb != freed):
                continue
            for e in foes:
                worst = max(worst, CROWN + STEAL * WIN * feared(e, castle.defence))
            for e in self.later[nb]:
                worst = max(worst, LATER * (CROWN + STEAL * WIN * feared(e, castle.defence)))
        return worst * (1.0 - 0.5 * self.late)

    def _keep_after(self, a: int, d: int, takes: bool) -> float:
        """:meth:`keep` after the move ``a``-``d``, weighed by whether the seat holds the Crown
        then (fully) or nobody holds it yet (:data:`PREPARE`)."""
        if not self.stealers:
            return 0.0
        if self.holds or takes:
            return self.keep(a, d)
        if self.crown_holder is None:
            return PREPARE * self.keep(a, d)
        return 0.0

    def _keep_now(self) -> float:
        """:meth:`_keep_after` for an action that moves no piece."""
        return self._keep_after(-1, -1, False)

    # -- scoring -----------------------------------------------------------------------------
    def score(self, action: str) -> float:
        parts = action.split(" ")
        op = parts[0]
        if op == "move":
            crown = parts[-1] == "crown"
            if crown:
                parts.pop()
            target = B.BY_NAME[parts[3]] if len(parts) == 4 else None
            return self._move(B.BY_NAME[parts[1]], B.BY_NAME[parts[2]], target, crown)
        if op == "shoot":
            return self._shoot(B.BY_NAME[parts[1]], B.BY_NAME[parts[2]]) - self._keep_now()
        if op == "draw":
            kind = parts[3] if len(parts) == 4 else None
            at = B.BY_NAME[parts[1]]
            return replacement.draw_score(self, at, int(parts[2]) - 1, kind) - self._keep_now()
        return (0.0 if op == "done" else -1.0) - self._keep_now()

    def _move(self, a: int, d: int, t: int | None, crown: bool = False) -> float:
        me = self.units[a]
        value, gone, survive = 0.0, None, 1.0
        if t is not None:
            foe = self.units[t]
            att, dfn = me.deals[0][0], me.deals[0][1]
            win = foe.p_falls_to(att)
            hit = foe.p_held_and_hit(att, dfn)
            dare = 1.0 if me.k == B.HERO else 1.0 - 0.8 * self.late
            value += win * self.worth(foe) - hit * dare * self.worth(me)
            survive = 1.0 - hit
            if win > 0.5:
                gone = foe
        takes_crown = self.crown_holder != self.seat and self.crown_sq in B.NEIGHBOURS[d]
        if self.optional_crown:
            takes_crown = crown
        if takes_crown:
            value += survive * self._crown_gain(me, d)
        fear = 1.0 if me.k == B.HERO else 1.0 - 0.8 * self.late
        value -= survive * fear * self.danger(me, d, gone)
        if me.k != B.HERO:
            value += 0.5 * self.danger(me, a)  # leaving a threatened square
        home = self.home(gone, moved=me if me.k == B.HERO else None, crown=takes_crown)
        value -= home + self._keep_after(a, d, takes_crown)
        press = 0.3 * (1.0 + URGENCY * self.late)
        value += press * (self._pressure(me, d) - self._pressure(me, a))
        return value

    def _crown_gain(self, me: Unit, d: int) -> float:
        """Taking the Crown: worth a little by itself; if nobody held it, every Castle can
        fall from now on — good when the seat threatens an enemy Castle, bad when its own is
        within the enemies' reach."""
        if self.vulnerable and not self.holder_only:
            return CROWN
        if self.holder_only:
            return self._crown_reach(me, d)
        attack = max((u.deals[0][0] for u in self.mine if u.k != B.CASTLE), default=0)
        theirs = max(
            (
                u.p_falls_to(attack) / (1 + B.distance(u.sq, me.sq) / 6)
                for u in self.enemies
                if u.k == B.CASTLE
            ),
            default=0.0,
        )
        risk = 0.0
        if self.castle is not None:
            for e in self.enemies:
                if e.k != B.CASTLE and (not self.holder_only or e.seat == self.crown_holder):
                    moves = B.distance(e.sq, self.castle.sq) / max(1, MOVE_RANGE[e.k])
                    risk = max(risk, e.p_attack_beats(self.castle.defence) / (1 + moves))
        return CROWN + 0.2 * WIN * (theirs - risk)

    def _crown_reach(self, me: Unit, d: int) -> float:
        """Taking the Crown when only its holder attacks Castles (1.1.0): worth what the seat
        can then do to an enemy Castle — the chance its attack beats it, weighed like
        :meth:`keep` by the moves the piece needs to stand beside it — and, taken from a rival,
        the end of that rival's threat to the seat's Castle (its own risk is :meth:`keep`)."""
        occupied = (self.occupied - {me.sq, self.crown_sq}) | {d}
        best = 0.0
        for c in self.enemies:
            if c.k != B.CASTLE:
                continue
            free = [nb for nb in B.NEIGHBOURS[c.sq] if nb not in occupied]
            for u in self.mine:
                if u.k == B.CASTLE:
                    continue
                p = c.p_falls_to(u.deals[0][0])
                if p <= 0.0:
                    continue
                at = d if u is me else u.sq
                if at in B.NEIGHBOURS[c.sq]:
                    best = max(best, p)
                    continue
                need = min((steps(at, u.k, nb, occupied) for nb in free), default=3)
                best = max(best, p * (1.0 if need == 1 else LATER if need == 2 else 0.1 * LATER))
        gain = CROWN + STEAL * WIN * best
        if self.crown_holder is not None and self.castle is not None:
            threat = max(
                (
                    e.p_attack_beats(self.castle.defence)
                    for e in self.enemies
                    if e.seat == self.crown_holder
                    and e.k != B.CASTLE
                    and B.distance(e.sq, self.castle.sq) == 1
                ),
                default=0.0,
            )
            gain += STEAL * WIN * threat
        return gain

    def _pressure(self, me: Unit, sq: int) -> float:
        """How close ``sq`` brings ``me`` to enemies it could beat (the Hero above all)."""
        key = (me.sq, sq)
        found = self._press.get(key)
        if found is None:
            found = self._press[key] = self._pressure_of(me, sq)
        return found

    def _pressure_of(self, me: Unit, sq: int) -> float:
        att = me.deals[0][0]
        targets = self._targets.get(att)
        if targets is None:
            targets = self._targets[att] = []
            for foe in self.enemies:
                if foe.k == B.CASTLE and not self.vulnerable:
                    continue
                gain = (3.0 if foe.k in (B.HERO, B.CASTLE) else 1.0) * foe.p_falls_to(att)
                if gain > 0.0:
                    targets.append((foe.sq % B.SIZE, foe.sq // B.SIZE, gain))
        best = 0.0
        f, r = sq % B.SIZE, sq // B.SIZE
        for tf, tr, gain in targets:
            v = gain / (1 + abs(f - tf) + abs(r - tr))
            if v > best:
                best = v
        if self.crown_holder is None:
            best = max(best, 0.5 / (1 + B.distance(sq, self.crown_sq)))
        return best * 10

    def _shoot(self, a: int, t: int) -> float:
        me, foe = self.units[a], self.units[t]
        att = me.deals[0][0]
        kill, lost = foe.volley(att)
        value = kill * self.worth(foe) + (lost - kill * 2) * CARD
        if foe.k == B.HERO or (foe.k == B.CASTLE and self.vulnerable):
            best = max((u.deals[0][0] for u in self.mine if u.k != B.CASTLE), default=0)
            opened = foe.p_falls_after_volley(att, best) - foe.p_falls_to(best)
            value += STRIP * WIN * max(0.0, opened - kill)
        if foe.shoots:
            cards = me.deals[0][2]
            back = 0.0
            for f_att, _, f_cards, w in foe.deals:
                if sum(c < att for c in f_cards) < len(f_cards):  # it survives to shoot back
                    n = sum(c < f_att for c in cards)
                    back += w * (self.worth(me) if n == len(cards) else n * CARD)
            value -= back
        value -= self.home(foe if kill > 0.5 else None)
        return value
