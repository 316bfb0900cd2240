"""Matchmaking for information (ratings.information) and the closing run's plan
(ratings.closing_plan): pure functions over ratings, the same the platform and the bench call."""

from __future__ import annotations

import pytest
import trueskill
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.candidates import Candidate
from ratings.closing_plan import BUDGET, CONFIDENCE, plan_round, verdict
from ratings.information import expected_gain, information_groups, position_weight
from ratings.uncertainty import binary_entropy, prob_above

ENV = trueskill.TrueSkill(draw_probability=0.01)


def c(k, mu, sigma, waited=0.0):
    return Candidate(k, k, mu, sigma, waited, f"bot{k}")


def test_expected_gain_is_the_entropy_drop_over_both_outcomes_rated_by_the_package():
    a, b = c(1, 26.0, 3.0), c(2, 25.0, 3.0)
    # By hand with the package: rate both outcomes, weigh their entropies by the win chance.
    ra, rb = ENV.create_rating(26.0, 3.0), ENV.create_rating(25.0, 3.0)
    wa, wb = trueskill.rate_1vs1(ra, rb, env=ENV)
    lb, la = trueskill.rate_1vs1(rb, ra, env=ENV)
    p_win = ENV.cdf(1.0 / (2 * 9.0 + 2 * ENV.beta**2) ** 0.5)
    before = binary_entropy(prob_above((26.0, 3.0), (25.0, 3.0)))
    after = p_win * binary_entropy(prob_above((wa.mu, wa.sigma), (wb.mu, wb.sigma))) + (
        1 - p_win
    ) * binary_entropy(prob_above((la.mu, la.sigma), (lb.mu, lb.sigma)))
    # (the package's cdf is an erfc approximation: 1e-8 off statistics.NormalDist)
    assert expected_gain(ENV, a, b) == pytest.approx(before - after, rel=1e-6)
    assert expected_gain(ENV, a, b) > 0
    # A settled pair gains almost nothing; a wider pair of equals gains more than a narrow one.
    assert expected_gain(ENV, c(1, 40.0, 1.0), c(2, 20.0, 1.0)) < 1e-6
    assert expected_gain(ENV, c(1, 25, 6.0), c(2, 25, 6.0)) > expected_gain(
        ENV, c(1, 25, 1.0), c(2, 25, 1.0)
    )
    assert position_weight(1) == 1.0 and position_weight(3) == pytest.approx(0.5)


def test_information_pairs_the_unsettled_neighbours_and_leaves_settled_ones_waiting():
    # Two close pairs (uncertain) and one bot far below everyone (its order is settled).
    field = [c(1, 30, 2.0), c(2, 29.5, 2.0), c(3, 20, 2.0), c(4, 19.5, 2.0), c(5, -40, 1.0)]
    groups = information_groups(field, ENV)
    pairs = sorted(tuple(sorted(m.player_id for m in g.members)) for g in groups)
    assert pairs == [(1, 2), (3, 4)]
    assert all("information" in g.flags and "expected gain" in g.why for g in groups)
    assert information_groups(field, ENV, max_groups=1)[0].members[0].player_id in (1, 2)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(-10, 60), st.floats(0.5, 8.5), st.floats(0, 300)),
        min_size=0,
        max_size=14,
    )
)
def test_information_groups_are_disjoint_pairs_of_waiting_players(rows):
    field = [c(i, mu, s, w) for i, (mu, s, w) in enumerate(rows)]
    seen = set()
    for g in information_groups(field, ENV):
        assert len(g.members) == 2
        for m in g.members:
            assert m.player_id not in seen
            seen.add(m.player_id)


def test_the_plan_plays_only_unsettled_adjacent_pairs_with_budget_left():
    a, b, cc, d = c(1, 30, 1.0), c(2, 29.8, 1.0), c(3, 20, 1.0), c(4, 19.9, 1.0)
    left = {1: 5, 2: 5, 3: 5, 4: 5}
    groups = plan_round([d, b, a, cc], ENV, left, 0.95)
    pairs = sorted(tuple(sorted(m.player_id for m in g.members)) for g in groups)
    assert pairs == [(1, 2), (3, 4)]  # (2, 3) is settled: 29.8 against 20
    assert verdict([a, b, cc, d], left, 0.95).over is False
    # Budget: 2 has no match left, so (1, 2) cannot play; only (3, 4).
    groups = plan_round([a, b, cc, d], ENV, {**left, 2: 0}, 0.95)
    assert [sorted(m.player_id for m in g.members) for g in groups] == [[3, 4]]
    # Places 1: only the pair across first place must settle; it cannot play: over on budget.
    ruling = verdict([a, b, cc, d], {**left, 2: 0}, 0.95, places=1)
    assert (ruling.over, ruling.reason, ruling.pairs) == (True, BUDGET, 1)
    ruling = verdict([c(1, 40, 1.0), c(2, 30, 1.0), c(3, 20, 1.0)], {}, 0.95)
    assert (ruling.over, ruling.reason, ruling.settled) == (True, CONFIDENCE, 2)


@pytest.mark.django_db
def test_the_platform_matchmaker_pairs_bots_for_information_on_such_a_ladder(duel):
    from django.utils import timezone

    from matches.models import Match
    from players.models import Player
    from ratings.matchmaking import matchmake
    from ratings.models import BotProfile, QueueEntry, Rating

    duel.matchmaking = "information"
    duel.save()
    for k, mu in enumerate((30.0, 29.5, 20.0, 19.5)):
        bot = Player.objects.create(username=f"bot{k}", display_name=f"Bot {k}", is_bot=True)
        BotProfile.objects.create(player=bot, game=duel.game, spec="random")
        Rating.objects.create(
            ladder=duel, player=bot, mu=mu, sigma=2.0, conservative=mu - 6, games=3
        )
        QueueEntry.objects.create(ladder=duel, player=bot, bot="random", joined_at=timezone.now())
    report = matchmake(duel, enqueue=False, refill=False)
    assert len(report.matches) == 2
    assert all("most informative game" in note for note in report.notes)
    pairs = sorted(
        tuple(sorted(s.player.username for s in Match.objects.get(pk=pk).seats.all()))
        for pk in report.matches
    )
    assert pairs == [("bot0", "bot1"), ("bot2", "bot3")]
    assert not QueueEntry.objects.filter(ladder=duel).exists()
