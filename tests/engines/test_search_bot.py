"""The ISMCTS search bot and the bot factory."""

from __future__ import annotations

import random
import time

import pytest

from engines.bots.base import RandomBot
from engines.bots.factory import UnknownBot, make_bot
from engines.bots.search import SearchBot, rank_rewards
from engines.record import play_match
from engines.registry import UnknownGame
from tests.engines.toy_game import GAME, HeuristicBot, landed_games, register_toy


@pytest.fixture(autouse=True)
def _toy_in_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


def mid_game(seed: int, n: int = 2, steps: int = 3):
    state = GAME.new_game(seed, n)
    rng = random.Random(seed)
    for _ in range(steps):
        GAME.apply(state, rng.choice(GAME.legal_actions(state, GAME.to_act(state))))
    return state


def test_rank_rewards() -> None:
    assert rank_rewards([0, 1]) == [1.0, 0.0]
    assert rank_rewards([0, 0]) == [0.5, 0.5]
    assert rank_rewards([1, 0, 2]) == [0.5, 1.0, 0.0]
    assert rank_rewards([0, 0, 2, 3]) == pytest.approx([5 / 6, 5 / 6, 1 / 3, 0.0])


def test_search_is_deterministic_for_a_seed_with_a_playout_budget() -> None:
    def moves(seed: int) -> list[str]:
        return play_match(GAME, 3, [SearchBot(seed, playouts=40), "random", "random"]).actions

    assert moves(1) == moves(1)
    assert any(moves(1) != moves(s) for s in (2, 3, 4))


def test_search_only_uses_what_its_seat_knows() -> None:
    # the toy game's determinize depends only on the observer's information, so a bot that
    # looks at nothing else chooses the same on the real state and on any re-deal of it
    for seed in range(6):
        state = mid_game(seed, n=3, steps=seed % 3)
        seat = GAME.to_act(state)
        redealt = GAME.determinize(state, seat, random.Random(seed + 100))
        assert GAME.canonical(redealt) != GAME.canonical(state)
        a = SearchBot(seed, playouts=60).choose(GAME, state, seat)
        b = SearchBot(seed, playouts=60).choose(GAME, redealt, seat)
        assert a == b


def test_budget_counts_playouts_and_time() -> None:
    state = mid_game(0)
    bot = SearchBot(0, playouts=37)
    seat = GAME.to_act(state)
    assert bot.choose(GAME, state, seat) in GAME.legal_actions(state, seat)
    assert bot.last_iterations == 37
    timed = SearchBot(0, time_ms=60)
    start = time.perf_counter()
    timed.choose(GAME, state, seat)
    assert 0.05 <= time.perf_counter() - start < 1.0
    assert timed.last_iterations > 10
    forced = GAME.new_game(0, 2, options={"hand_size": 1})
    bot.choose(GAME, forced, 0)
    assert bot.last_iterations == 0  # one legal action: no search


def test_split_outcomes_grows_one_subtree_per_observation() -> None:
    state = mid_game(2, steps=1)  # seat 1 to act: its card ends the trick and cards are drawn
    seat = GAME.to_act(state)
    split = SearchBot(0, playouts=300, split_outcomes=True).search(
        GAME, state, seat, random.Random(0)
    )
    merged = SearchBot(0, playouts=300).search(GAME, state, seat, random.Random(0))
    assert max(len(c.outcomes) for c in split.children.values()) > 1  # different draws
    assert all(len(c.outcomes) <= 1 for c in merged.children.values())
    record = play_match(GAME, 2, [SearchBot(2, playouts=40, split_outcomes=True), "heuristic"])
    assert record.forfeit is None


def test_heuristic_cutoff_rollouts_play_legally() -> None:
    bot = SearchBot(5, playouts=30, rollout_depth=2)
    record = play_match(GAME, 5, [bot, "random", "random"])
    assert record.forfeit is None and bot._n_seats == 3


def test_heuristic_playout_policy_drives_the_playouts() -> None:
    class Counting(HeuristicBot):
        calls = 0

        def choose(self, game, state, seat):  # type: ignore[no-untyped-def]
            Counting.calls += 1
            return super().choose(game, state, seat)

    state = mid_game(1)
    bot = SearchBot(1, playouts=20, policy=Counting(0))
    seat = GAME.to_act(state)
    assert bot.choose(GAME, state, seat) in GAME.legal_actions(state, seat)
    assert Counting.calls >= 20  # at least one policy move per playout
    record = play_match(GAME, 3, ["search:20,policy=heuristic", "random"])
    assert record.forfeit is None


def test_prior_bot_is_expanded_first_and_favoured() -> None:
    state = mid_game(5, n=3, steps=1)
    seat = GAME.to_act(state)
    hint = HeuristicBot(0).choose(GAME, state, seat)
    root = SearchBot(0, playouts=1, prior=HeuristicBot(0)).search(
        GAME, state, seat, random.Random(0)
    )
    assert list(root.children) == [hint] and root.hint == hint
    strong = SearchBot(0, playouts=60, prior=HeuristicBot(0), prior_weight=50.0)
    assert strong.choose(GAME, state, seat) == hint
    bot = make_bot("toy-tricks", "search:30,prior=heuristic,pw=2", 1)
    assert isinstance(bot.prior, HeuristicBot) and bot.prior_weight == 2.0
    a = play_match(GAME, 9, ["search:30,prior=heuristic", "heuristic"]).to_json()
    assert a == play_match(GAME, 9, ["search:30,prior=heuristic", "heuristic"]).to_json()


def test_a_failing_policy_bot_falls_back_to_random_playouts() -> None:
    class Broken(HeuristicBot):
        def choose(self, game, state, seat):  # type: ignore[no-untyped-def]
            if len(state.pile) % 2:
                raise RuntimeError("policy bug")
            return "play 0#0.0"  # never legal

    bot = SearchBot(4, playouts=30, policy=Broken(0))
    record = play_match(GAME, 4, [bot, "random"])
    assert record.forfeit is None and bot.policy_errors > 0


def test_search_beats_random() -> None:
    games, wins = 30, 0.0
    for g in range(games):
        seat = g % 2
        bots = [RandomBot(g), RandomBot(g)]
        bots[seat] = SearchBot(g, playouts=60)
        ranks = play_match(GAME, 1000 + g, bots).result["ranks"]
        wins += rank_rewards(ranks)[seat]
    assert wins / games > 0.7


def test_factory_specs(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(make_bot("toy-tricks", "random", 1), RandomBot)
    heuristic = make_bot("toy-tricks", "heuristic", 1)
    assert isinstance(heuristic, HeuristicBot) and heuristic.spec == "heuristic"
    search = make_bot("toy-tricks", "search", 1)
    assert isinstance(search, SearchBot) and search.playouts == 200 and search.time_ms is None
    search = make_bot("toy-tricks", "search:25", 1)
    assert search.playouts == 25 and search.spec == "search:25"
    search = make_bot("toy-tricks", "search:150ms", 1)
    assert search.time_ms == 150
    search = make_bot("toy-tricks", "search:30,c=1.5,depth=4", 1)
    assert (search.playouts, search.exploration, search.rollout_depth) == (30, 1.5, 4)
    search = make_bot("toy-tricks", "search:30,policy=heuristic", 1)
    assert isinstance(search.policy, HeuristicBot)
    assert make_bot("toy-tricks", "search:30,policy=random", 1).policy is None
    assert make_bot("toy-tricks", "search:30,split=1", 1).split_outcomes is True
    assert make_bot("toy-tricks", "search:30", 1).split_outcomes is False
    record = play_match(GAME, 1, ["search:10", "heuristic"])
    assert record.seats == ["search:10", "heuristic"]


@pytest.mark.parametrize(
    "spec",
    [
        "minimax",
        "",
        "search:",
        "search:0",
        "search:abc",
        "search:5s",
        "search:9,x=1",
        "search:9,c=big",
    ],
)
def test_factory_rejects_unknown_specs(spec: str) -> None:
    with pytest.raises(UnknownBot):
        make_bot("toy-tricks", spec, 1)


def test_factory_rejects_unknown_games() -> None:
    for spec in ("heuristic", "search"):
        with pytest.raises(UnknownGame):
            make_bot("no-such-game", spec, 1)


@pytest.mark.parametrize("slug", [pytest.param(s, id=s) for s, _ in landed_games()])
def test_every_landed_game_has_bots_that_play(slug: str) -> None:
    game = dict(landed_games())[slug]
    n = game.min_seats
    for specs in (["heuristic"] * n, ["search:8,depth=10"] + ["random"] * (n - 1)):
        record = play_match(slug, 2, specs)
        assert record.forfeit is None, record.forfeit
        assert len(record.result["ranks"]) == n


# Random games per game: Akhedena's run to its turn cap and its bot weighs every Crown and
# replacement move (60 of them took 44 s in CI, the slowest test of the suite).
RANDOM_GAMES = {"akhedena": 25}


@pytest.mark.slow
@pytest.mark.parametrize("slug", [pytest.param(s, id=s) for s, _ in landed_games()])
def test_heuristic_bots_choose_legal_actions_along_random_games(slug: str) -> None:
    """At every decision of 60 random games per game (25 of Akhedena's; 2 to its most seats),
    the heuristic bot answers with a legal action."""
    game = dict(landed_games())[slug]
    failures = []
    for seed in range(RANDOM_GAMES.get(slug, 60)):
        n = random.Random(seed).randint(game.min_seats, game.max_seats)
        state, rng = game.new_game(seed, n), random.Random(seed)
        bot = make_bot(slug, "heuristic", seed)
        while not game.is_over(state):
            seat = game.to_act(state)
            legal = game.legal_actions(state, seat)
            try:
                action = bot.choose(game, state, seat)
            except Exception as exc:  # noqa: BLE001 - collected and reported below
                failures.append(f"seed {seed} ({n}p): raised {exc!r}; legal {legal}")
            else:
                if action not in legal:
                    failures.append(f"seed {seed} ({n}p): chose {action!r}; legal {legal}")
            game.apply(state, rng.choice(legal), seat)
    assert not failures, f"{len(failures)} bad choices, e.g. {failures[:3]}"


def test_search_leans_on_the_heuristic_by_default_and_can_be_told_not_to():
    from engines.bots.factory import make_bot

    default = make_bot("kingdom-of-warlords", "search:50", 1)
    plain = make_bot("kingdom-of-warlords", "search:50,prior=none", 1)
    assert type(default.prior).__name__ == "HeuristicBot"
    assert plain.prior is None


def test_margin_rewards_mix_rank_and_score_gap() -> None:
    from engines.bots.search import margin_rewards

    win, loss = margin_rewards((0, 1), (300.0, 100.0), 100.0)
    assert win + loss == pytest.approx(1.0)
    assert 0.75 < win < 1.0  # half for winning, most of the other half for a wide margin
    narrow, _ = margin_rewards((0, 1), (101.0, 100.0), 100.0)
    assert narrow == pytest.approx(0.75, abs=0.01)  # a bare win is worth a bare win
    assert margin_rewards((0, 0), (5.0, 5.0), 10.0) == [0.5, 0.5]
    bot = make_bot("toy-tricks", "search:20,margin=3", 1)
    assert bot.margin == 3.0
    assert play_match(GAME, 2, [bot, "random"]).forfeit is None


def test_keep_prior_stays_with_the_prior_unless_clearly_beaten() -> None:
    from engines.bots.search import Node

    bot = SearchBot(0, keep_prior=2.0)
    prior, other = Node("a", 0), Node("b", 0)
    prior.visits, prior.reward = 100, 50.0
    other.visits, other.reward = 120, 66.0  # 0.55 vs 0.50: within two standard errors
    assert not bot._clearly_better(other, prior)
    other.visits, other.reward = 400, 300.0  # 0.75 vs 0.50: far beyond them
    assert bot._clearly_better(other, prior)
    state = mid_game(5, n=2, steps=1)
    seat = GAME.to_act(state)
    hint = HeuristicBot(0).choose(GAME, state, seat)
    stubborn = SearchBot(0, playouts=40, prior=HeuristicBot(0), keep_prior=1e9)
    assert stubborn.choose(GAME, state, seat) == hint
    assert make_bot("toy-tricks", "search:20,keep=1.5", 1).keep_prior == 1.5


@pytest.mark.parametrize("slug", ["khan-of-khans", "kingdom-of-warlords"])
def test_guided_playouts_finish_legal_games(slug: str) -> None:
    from engines.registry import get_game

    game = get_game(slug)
    for seed in range(20):
        state = game.new_game(seed, 2)
        before = sorted(card for cards in game.zones(state).values() for card in cards)
        game.guided_playout(state, random.Random(seed))
        assert game.is_over(state)
        after = sorted(card for cards in game.zones(state).values() for card in cards)
        assert after == before  # cards conserved
    bot = make_bot(slug, "search:30,policy=guided", 2)
    assert bot.guided
    record = play_match(slug, 5, [bot, "heuristic"])
    assert record.forfeit is None


def test_guided_playout_defaults_to_random_playout() -> None:
    a, b = GAME.new_game(3, 2), GAME.new_game(3, 2)
    GAME.guided_playout(a, random.Random(1))
    GAME.random_playout(b, random.Random(1))
    assert GAME.digest(a) == GAME.digest(b)


class _ScriptedRollouts(SearchBot):
    """A paired search whose playouts report a fixed reward per first action and log the
    random generator each playout gets."""

    def __init__(self, rewards: dict[str, float], noise: float = 0.0, **kwargs) -> None:
        super().__init__(0, paired=True, **kwargs)
        self.rewards = rewards
        self.noise = noise
        self.jitter = random.Random(0)  # noise that common random numbers do not cancel
        self.first_draws: list[float] = []
        self.played: list[str] = []

    def _rollout(self, game, state, rng):
        self.first_draws.append(rng.random())
        value = self.rewards.get(self.played[-1], 0.5) + self.noise * (self.jitter.random() - 0.5)
        return [value] * 3  # every seat: only the searching seat's reward is read


def _paired_setup(monkeypatch: pytest.MonkeyPatch, bot: _ScriptedRollouts):
    state = mid_game(5, n=3, steps=1)
    seat = GAME.to_act(state)
    monkeypatch.setattr(GAME, "apply_fast", _logger(bot))
    return state, seat, GAME.legal_actions(state, seat)


def test_paired_search_plays_every_action_on_the_same_luck(monkeypatch) -> None:
    bot = _ScriptedRollouts({}, playouts=40)
    state, seat, legal = _paired_setup(monkeypatch, bot)
    assert len(legal) > 1
    bot.choose(GAME, state, seat)
    rounds = 40 // len(legal)
    assert bot.last_iterations == rounds * len(legal) == len(bot.first_draws)
    assert bot.played == legal * rounds  # each determinisation: every legal action once
    draws = [
        bot.first_draws[i : i + len(legal)] for i in range(0, len(bot.first_draws), len(legal))
    ]
    assert all(len(set(chunk)) == 1 for chunk in draws)  # one playout seed per determinisation
    assert len({chunk[0] for chunk in draws}) == rounds  # ... and a new one for the next


def test_paired_search_leaves_the_prior_only_when_clearly_better(monkeypatch) -> None:
    probe = _ScriptedRollouts({})
    state, seat, legal = _paired_setup(monkeypatch, probe)
    hint = HeuristicBot(0).choose(GAME, state, seat)
    other = next(a for a in legal if a != hint)
    # the other action always wins: zero variance, so it is clearly better
    sure = _ScriptedRollouts({other: 1.0, hint: 0.0}, playouts=30, prior=HeuristicBot(0))
    monkeypatch.setattr(GAME, "apply_fast", _logger(sure))
    assert sure.choose(GAME, state, seat) == other
    # noisy and close: the prior's action stands unless beaten by the margin asked
    close = {other: 0.55, hint: 0.5}
    keen = _ScriptedRollouts(close, noise=0.5, playouts=300, prior=HeuristicBot(0))
    keen.keep_prior = 0.0
    monkeypatch.setattr(GAME, "apply_fast", _logger(keen))
    assert keen.choose(GAME, state, seat) == other
    stubborn = _ScriptedRollouts(close, noise=0.5, playouts=300, prior=HeuristicBot(0))
    stubborn.keep_prior = 1e9
    monkeypatch.setattr(GAME, "apply_fast", _logger(stubborn))
    assert stubborn.choose(GAME, state, seat) == hint
    # without a prior the best total wins outright
    plain = _ScriptedRollouts({other: 0.6}, playouts=30)
    monkeypatch.setattr(GAME, "apply_fast", _logger(plain))
    assert plain.choose(GAME, state, seat) == other


def _logger(bot: _ScriptedRollouts):
    """The toy game's ``apply_fast``, logging each action played into ``bot``."""

    def logged_apply(st, action):
        bot.played.append(action)
        type(GAME).apply_fast(GAME, st, action)

    return logged_apply


def test_paired_search_by_spec_and_on_a_time_budget() -> None:
    bot = make_bot("toy-tricks", "search:30ms,paired=1,margin=3", 4)
    assert bot.paired and bot.time_ms == 30
    state = mid_game(2, n=2, steps=1)
    seat = GAME.to_act(state)
    legal = GAME.legal_actions(state, seat)
    assert bot.choose(GAME, state, seat) in legal
    assert bot.last_iterations >= len(legal)  # at least one determinisation, every action
    a = make_bot("khan-of-khans", "search:60,paired=1,policy=guided", 7)
    b = make_bot("khan-of-khans", "search:60,paired=1,policy=guided", 7)
    assert play_match("khan-of-khans", 3, [a, "heuristic"]).actions == (
        play_match("khan-of-khans", 3, [b, "heuristic"]).actions
    )  # deterministic for a seed with a playout budget
    with pytest.raises(UnknownBot, match="paired"):
        make_bot("toy-tricks", "search:20,paired=yes", 1)


class _SlowRollouts(_ScriptedRollouts):
    """Playouts that take ``pause`` seconds each."""

    pause = 0.05

    def _rollout(self, game, state, rng):
        time.sleep(self.pause)
        return super()._rollout(game, state, rng)


class _ReversingPrior(HeuristicBot):
    """The toy heuristic, ranking the legal actions backwards."""

    def rank(self, game, state, seat, legal):
        return list(reversed(legal))


def test_a_timed_paired_search_keeps_its_budget_inside_the_sweep(monkeypatch) -> None:
    """The clock is read before each root action, not once per sweep: with playouts longer
    than the budget the first sweep stops early, having tried the prior's action first and
    then the others in the prior's ranking."""
    bot = _SlowRollouts({}, time_ms=60, prior=_ReversingPrior(0))
    state, seat, legal = _paired_setup(monkeypatch, bot)
    hint = HeuristicBot(0).choose(GAME, state, seat)
    order = [hint, *(a for a in reversed(legal) if a != hint)]
    choice = bot.choose(GAME, state, seat)
    assert 1 <= len(bot.played) < len(legal)  # time ran out before the sweep ended
    assert bot.played == order[: len(bot.played)]
    assert bot.last_iterations == len(bot.played)
    assert choice in bot.played
