"""A generic information-set Monte Carlo tree search bot (single-observer ISMCTS).

Each iteration re-deals what the bot cannot see (:meth:`Game.determinize`), walks the shared
tree with UCB restricted to the actions legal in that determinisation (availability counts,
Cowling, Powley & Whitehouse 2012), expands one action, finishes the game with a random
playout (or one driven by a policy bot; optionally cut off after ``rollout_depth`` actions
and scored with :meth:`Game.heuristic_value`), and backs up one reward per seat. A seat's reward is the share
of the other seats it beats (ties count half), so the same bot plays 2..n-player games.

With a playout budget the bot is deterministic for a given seed; with a time budget it is not.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from engines.base import Action, Game, canonical_json
from engines.bots.base import Bot

DEFAULT_PLAYOUTS = 200


def rank_rewards(ranks: tuple[int, ...] | list[int]) -> list[float]:
    """Each seat's share of the others it beats, ties counting half (all 0.5 alone)."""
    n = len(ranks)
    if n < 2:
        return [0.5] * n
    return [
        sum(1.0 if r < o else 0.5 if r == o else 0.0 for j, o in enumerate(ranks) if j != i)
        / (n - 1)
        for i, r in enumerate(ranks)
    ]


def margin_rewards(
    ranks: tuple[int, ...] | list[int], scores: tuple[float, ...] | list[float], scale: float
) -> list[float]:
    """Half the rank reward, half how far each seat finished ahead of or behind the best of
    the others (``0.5 + 0.5 * tanh(gap / scale)``): in games of luck the margin is a far less
    noisy signal than the bare win, and the rank half keeps the search playing to win."""
    by_rank = rank_rewards(ranks)
    n = len(scores)
    if n < 2:
        return by_rank
    out = []
    for i, (r, mine) in enumerate(zip(by_rank, scores, strict=True)):
        best_other = max(scores[j] for j in range(n) if j != i)
        out.append(0.5 * r + 0.25 + 0.25 * math.tanh((mine - best_other) / scale))
    return out


class Node:
    """A tree node: reached by ``action`` played by ``seat`` from its parent.

    ``visits``, ``reward`` (summed for ``seat``) and ``avail`` are the statistics of that
    action. What the observer saw happen next can differ between determinisations (a card
    drawn, a die rolled); ``outcomes`` keeps one subtree per distinct observation when the
    bot splits on outcomes, else a single subtree under ``""``.
    """

    __slots__ = ("action", "seat", "children", "outcomes", "visits", "reward", "avail", "hint")

    def __init__(self, action: Action | None = None, seat: int | None = None) -> None:
        self.action = action
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.outcomes: dict[str, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.hint: Action | None = None


class SearchBot(Bot):
    """ISMCTS with ``playouts`` iterations per decision, or ``time_ms`` of thinking when set.

    ``exploration`` is the UCB constant; ``rollout_depth`` (``None``: play to the end) cuts
    playouts short and scores the position with :meth:`Game.heuristic_value`. ``policy`` (a
    bot, e.g. the game's heuristic bot) picks the playouts' actions instead of uniform random
    choice (slower per playout, usually far better informed); ``guided`` plays them with the
    game's own fast rules of thumb (:meth:`Game.guided_playout`) instead. ``keep_prior``
    (a number of standard errors) plays the prior bot's choice unless the most visited action's
    mean reward beats it by that margin: in games of luck a few hundred playouts cannot tell
    close actions apart, and following their noise loses to the prior itself. ``margin``
    (a score scale in the game's units) scores finished playouts by :func:`margin_rewards`. ``prior`` (a bot) names one
    action per tree node that is expanded first and gets a PUCT-style bonus
    ``prior_weight * sqrt(avail) / (1 + visits)``, so the search refines that bot's play
    rather than starting from scratch. ``split_outcomes`` gives every
    distinct observation after an action its own subtree (so a decision made after a random
    draw depends on what was drawn) instead of merging them as plain SO-ISMCTS does.
    ``paired`` replaces the tree by a flat comparison of the root's actions on common random
    numbers (:meth:`_paired_choice`), the strongest setting in games of luck.
    """

    kind = "search"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = DEFAULT_PLAYOUTS,
        time_ms: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        policy: Bot | None = None,
        split_outcomes: bool = False,
        prior: Bot | None = None,
        prior_weight: float = 1.0,
        guided: bool = False,
        keep_prior: float | None = None,
        margin: float | None = None,
        paired: bool = False,
    ) -> None:
        super().__init__(seed)
        if playouts < 1:
            raise ValueError("playouts must be at least 1")
        if time_ms is not None and time_ms <= 0:
            raise ValueError("time_ms must be positive")
        self.playouts = playouts
        self.time_ms = time_ms
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.policy = policy
        self.split_outcomes = split_outcomes
        self.prior = prior
        self.prior_weight = prior_weight
        self.guided = guided
        self.keep_prior = keep_prior
        self.margin = margin
        self.paired = paired
        self.spec = f"search:{int(time_ms)}ms" if time_ms is not None else f"search:{playouts}"
        self._n_seats: int | None = None
        self.policy_errors = 0
        """Times the policy or prior bot raised or chose an illegal action (then ignored)."""
        self.last_iterations = 0
        """How many playouts the last :meth:`choose` ran (benchmarks read it)."""

    def choose(self, game: Game, state: Any, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self.paired:
            return self._paired_choice(game, state, seat, legal)
        root = self.search(game, state, seat, random.Random(self.rng.getrandbits(64)))
        best = max(
            (child for child in root.children.values() if child.action in legal),
            key=lambda c: (c.visits, c.reward / c.visits if c.visits else 0.0),
            default=None,
        )
        if best is None:
            return legal[0]
        if (
            self.keep_prior is not None
            and root.hint in legal
            and best.action != root.hint
            and not self._clearly_better(best, root.children.get(root.hint))
        ):
            return root.hint
        return best.action

    def _paired_choice(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        """Flat Monte Carlo with common random numbers: every legal action is played out from
        the same determinisation with the same playout seed, so two actions are compared on
        the same luck (the same cards to come) and only their difference counts. In games of
        luck this tells close actions apart with far fewer playouts than independent samples.

        With a prior bot its action is kept unless the best one beats it by ``keep_prior``
        (default 2) standard errors of the paired difference.
        """
        rng = random.Random(self.rng.getrandbits(64))
        deadline = self._start(game, state, rng)
        hint = self._bot_action(self.prior, game, state, seat, legal) if self.prior else ""
        rounds = max(1, self.playouts // len(legal))
        if deadline is not None:
            legal = self._root_order(game, state, seat, legal, hint)
        samples: list[list[float]] = []  # per determinisation, each legal action's reward
        while not _budget_spent(len(samples), rounds, deadline):
            world = game.determinize(state, seat, rng)
            seed = rng.getrandbits(64)
            row = []
            for action in legal:
                if row and deadline is not None and time.perf_counter() >= deadline:
                    break  # the budget holds inside the sweep too
                sim = game.clone(world)
                game.apply_fast(sim, action)
                row.append(self._rollout(game, sim, random.Random(seed))[seat])
            if len(row) < len(legal):
                # time ran out mid-sweep: a first sweep compares the actions it reached (the
                # most promising first), a later one is dropped (its luck is not shared)
                if not samples:
                    samples.append(row)
                    legal = legal[: len(row)]
                break
            samples.append(row)
        self.last_iterations = len(samples) * len(legal)
        totals = [sum(column) for column in zip(*samples, strict=True)]
        best = max(range(len(legal)), key=totals.__getitem__)
        if not hint or legal[best] == hint:
            return legal[best]
        prior = legal.index(hint)
        gaps = [row[best] - row[prior] for row in samples]
        mean = sum(gaps) / len(gaps)
        variance = sum((x - mean) ** 2 for x in gaps) / max(1, len(gaps) - 1)
        z = self.keep_prior if self.keep_prior is not None else 2.0
        return legal[best] if mean > z * math.sqrt(variance / len(gaps)) else hint

    def _root_order(
        self, game: Game, state: Any, seat: int, legal: list[Action], hint: Action
    ) -> list[Action]:
        """The root's actions in the order a timed paired search tries them: the prior bot's
        choice, then the others as the prior ranks them (as listed without a prior, or when
        its ranking is not a permutation of ``legal``)."""
        ranked = legal
        if self.prior is not None:
            try:
                ranked = self.prior.rank(game, state, seat, legal)
            except Exception:  # noqa: BLE001 - a prior's bug must not lose the game
                self.policy_errors += 1
            if sorted(ranked) != sorted(legal):
                ranked = legal
        return [hint, *(a for a in ranked if a != hint)] if hint else list(ranked)

    def _clearly_better(self, best: Node, prior: Node | None) -> bool:
        """Whether ``best`` beats the prior bot's choice by ``keep_prior`` standard errors
        (rewards lie in [0, 1], so a variance of at most 1/4 per playout)."""
        if prior is None or not prior.visits:
            return True
        gap = best.reward / best.visits - prior.reward / prior.visits
        error = math.sqrt(0.25 / best.visits + 0.25 / prior.visits)
        return gap > self.keep_prior * error

    def _start(self, game: Game, state: Any, rng: random.Random) -> float | None:
        """Ready a decision: learn the seat count once when playouts are cut short (their
        heuristic scores need it); return the deadline of a time budget (None: playouts)."""
        if self.rollout_depth is not None and self._n_seats is None:
            self._n_seats = seat_count(game, state, random.Random(rng.getrandbits(64)))
        if self.time_ms is None:
            return None
        return time.perf_counter() + self.time_ms / 1000

    def search(self, game: Game, state: Any, seat: int, rng: random.Random) -> Node:
        """Run the iterations from ``seat``'s point of view and return the root."""
        root = Node()
        deadline = self._start(game, state, rng)
        iterations = 0
        while not _budget_spent(iterations, self.playouts, deadline):
            self._iterate(game, game.determinize(state, seat, rng), root, seat, rng)
            iterations += 1
        self.last_iterations = iterations
        return root

    def _iterate(
        self, game: Game, state: Any, root: Node, observer: int, rng: random.Random
    ) -> None:
        node, path = root, [root]
        # selection and expansion
        while not game.is_over(state):
            actor = game.to_act(state)
            legal = game.legal_actions(state, actor)
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.avail += 1
            if self.prior is not None and node.hint is None:
                node.hint = self._bot_action(self.prior, game, state, actor, legal)
            if untried:
                action = node.hint if node.hint in untried else rng.choice(untried)
                child = node.children[action] = Node(action, actor)
                child.avail = 1
                game.apply_fast(state, action)
                path.append(child)
                break
            edge = self._select(node, legal)
            game.apply_fast(state, edge.action)
            path.append(edge)
            key = canonical_json(game.observation(state, observer)) if self.split_outcomes else ""
            node = edge.outcomes.get(key)
            if node is None:
                node = edge.outcomes[key] = Node()
        rewards = self._rollout(game, state, rng)
        for visited in path:
            visited.visits += 1
            if visited.seat is not None:
                visited.reward += rewards[visited.seat]

    def _select(self, node: Node, legal: list[Action]) -> Node:
        c = self.exploration
        best, best_value = None, -math.inf
        for action in legal:
            child = node.children[action]
            value = child.reward / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if action == node.hint:
                value += self.prior_weight * math.sqrt(child.avail) / (1 + child.visits)
            if value > best_value:
                best, best_value = child, value
        return best

    def _policy_action(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        """The policy bot's legal choice, or ``""`` (no policy, or it failed: play randomly)."""
        if self.policy is None:
            return ""
        return self._bot_action(self.policy, game, state, seat, legal)

    def _bot_action(
        self, bot: Bot, game: Game, state: Any, seat: int, legal: list[Action]
    ) -> Action:
        """``bot``'s legal choice, or ``""`` when it fails (raises or plays illegally)."""
        try:
            action = bot.choose(game, state, seat)
        except Exception:  # noqa: BLE001 - a policy bot's bug must not lose the game
            self.policy_errors += 1
            return ""
        if action not in legal:
            self.policy_errors += 1
            return ""
        return action

    def _rollout(self, game: Game, state: Any, rng: random.Random) -> list[float]:
        if self.rollout_depth is None and self.policy is None:
            if self.guided:
                game.guided_playout(state, rng)
            else:
                game.random_playout(state, rng)
        else:
            steps = 0
            while not game.is_over(state):
                if self.rollout_depth is not None and steps >= self.rollout_depth:
                    break
                actor = game.to_act(state)
                legal = game.legal_actions(state, actor)
                action = self._policy_action(game, state, actor, legal) or rng.choice(legal)
                game.apply_fast(state, action)
                steps += 1
        if game.is_over(state):
            result = game.result(state)
            if self.margin is not None:
                return margin_rewards(result.ranks, result.scores, self.margin)
            return rank_rewards(result.ranks)
        return _heuristic_rewards(game, state, self._n_seats)


def _budget_spent(done: int, rounds: int, deadline: float | None) -> bool:
    """Whether ``done`` iterations exhaust a budget of ``rounds`` (or, with a ``deadline``,
    whether time is up after at least one)."""
    if deadline is None:
        return done >= rounds
    return done > 0 and time.perf_counter() >= deadline


def _heuristic_rewards(game: Game, state: Any, seats: int) -> list[float]:
    values = [game.heuristic_value(state, s) for s in range(seats)]
    if seats < 2:
        return [0.5] * seats
    # put independent estimates on the same "share of seats beaten" scale as rank_rewards
    return [
        sum(0.5 + 0.5 * (v - o) for j, o in enumerate(values) if j != i) / (seats - 1)
        for i, v in enumerate(values)
    ]


def seat_count(game: Game, state: Any, rng: random.Random) -> int:
    """The number of seats of ``state`` (the protocol has no accessor: ask the state, else
    finish a determinised copy and count the result's ranks)."""
    for name in ("n_seats", "num_seats", "n"):
        value = getattr(state, name, None)
        if isinstance(value, int) and value > 0:
            return value
    probe = game.determinize(state, game.to_act(state), rng)
    game.random_playout(probe, rng)
    return len(game.result(probe).ranks)
