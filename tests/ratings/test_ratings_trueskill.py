"""Rating updates: the trueskill package's numbers, exactly once, with the mpmath fallback."""

from __future__ import annotations

import pytest
from django.db import transaction
from ratings_helpers import finished_match, package_env

from matches.models import Match, MatchSeat, MatchState
from matches.signals import matches_finished
from ratings.models import Rating, RatingChange
from ratings.service import rate_match

pytestmark = pytest.mark.django_db


def _replay_with_package(ladder, results):
    """Apply ``results`` [(players, ranks, teams)] with the package alone; ratings by player."""
    env = package_env(ladder)
    ratings = {}
    for players, ranks, teams in results:
        groups, group_ranks = {}, {}
        for i, (p, r) in enumerate(zip(players, ranks, strict=True)):
            key = ("t", teams[i]) if teams and teams[i] is not None else ("s", i)
            groups.setdefault(key, []).append(p)
            group_ranks[key] = min(r, group_ranks.get(key, r))
        keys = list(groups)
        rated = env.rate(
            [tuple(ratings.get(p.pk, env.create_rating()) for p in groups[k]) for k in keys],
            ranks=[group_ranks[k] for k in keys],
        )
        for k, new in zip(keys, rated, strict=True):
            for p, r in zip(groups[k], new, strict=True):
                ratings[p.pk] = r
    return ratings


def _assert_same(ladder, expected):
    stored = {r.player_id: r for r in Rating.objects.filter(ladder=ladder)}
    assert stored.keys() == expected.keys()
    for pid, want in expected.items():
        assert stored[pid].mu == want.mu and stored[pid].sigma == want.sigma
        assert stored[pid].conservative == want.mu - 3 * want.sigma


def _play(ladder, results):
    for players, ranks, teams in results:
        rate_match(finished_match(ladder, players, ranks, teams))


def test_1v1_sequence_equals_the_package(duel, people):
    a, b, c = people[:3]
    results = [
        ([a, b], [0, 1], None),
        ([b, c], [1, 0], None),
        ([a, c], [0, 0], None),  # a draw
        ([c, a], [0, 1], None),
        ([a, b], [1, 0], None),
    ]
    _play(duel, results)
    _assert_same(duel, _replay_with_package(duel, results))
    assert Rating.objects.get(ladder=duel, player=a).games == 4


def test_four_player_free_for_all_with_a_tie_equals_the_package(ffa, people):
    p = people
    results = [
        ([p[0], p[1], p[2], p[3]], [0, 1, 1, 3], None),  # a tie for second
        ([p[4], p[1], p[0], p[5]], [2, 0, 3, 1], None),
        ([p[2], p[3], p[4], p[5]], [0, 0, 2, 3], None),  # a tie for first
    ]
    _play(ffa, results)
    _assert_same(ffa, _replay_with_package(ffa, results))
    # A share of first place counts as a win.
    assert Rating.objects.get(ladder=ffa, player=p[2]).wins == 1
    assert Rating.objects.get(ladder=ffa, player=p[3]).wins == 1


def test_two_vs_two_teams_equal_the_package(teams, people):
    p = people
    results = [
        ([p[0], p[1], p[2], p[3]], [0, 1, 0, 1], [0, 1, 0, 1]),  # p0+p2 beat p1+p3
        ([p[0], p[3], p[1], p[2]], [1, 1, 0, 0], [0, 0, 1, 1]),  # p1+p2 beat p0+p3
    ]
    _play(teams, results)
    expected = _replay_with_package(teams, results)
    _assert_same(teams, expected)
    # Team-mates of the first match moved together from equal ratings.
    first = RatingChange.objects.filter(sequence=1, ladder=teams)
    after = {c.player_id: c.mu_after for c in first}
    assert after[p[0].pk] == after[p[2].pk] and after[p[1].pk] == after[p[3].pk]


def _huge_gap(duel, people):
    a, b = people[:2]
    Rating.objects.create(ladder=duel, player=a, mu=1000.0, sigma=0.1, conservative=999.7)
    Rating.objects.create(ladder=duel, player=b, mu=0.0, sigma=0.1, conservative=-0.3)
    return a, b


def test_huge_gap_falls_back_to_mpmath(duel, people):
    a, b = _huge_gap(duel, people)
    env = package_env(duel)
    groups = [(env.create_rating(0.0, 0.1),), (env.create_rating(1000.0, 0.1),)]
    with pytest.raises(FloatingPointError):  # the default backend gives up on this upset
        env.rate(groups, ranks=[0, 1])
    changes = rate_match(finished_match(duel, [b, a], [0, 1]))  # the underdog wins
    assert {c.backend for c in changes} == {"mpmath"}
    mp = package_env(duel, backend="mpmath")
    want = mp.rate([(mp.create_rating(0.0, 0.1),), (mp.create_rating(1000.0, 0.1),)], ranks=[0, 1])
    got = {c.player_id: (c.mu_after, c.sigma_after) for c in changes}
    assert got[b.pk] == (float(want[0][0].mu), float(want[0][0].sigma))
    assert got[a.pk] == (float(want[1][0].mu), float(want[1][0].sigma))
    rating = Rating.objects.get(ladder=duel, player=b)
    assert (rating.mu, rating.sigma) == got[b.pk] and rating.games == 1


def test_the_next_ordinary_update_uses_the_default_backend_again(duel, people):
    a, b = _huge_gap(duel, people)
    rate_match(finished_match(duel, [b, a], [0, 1]))
    c, d = people[2:4]
    assert {ch.backend for ch in rate_match(finished_match(duel, [c, d], [0, 1]))} == {"default"}


def test_rating_twice_gives_one_change(duel, people):
    match = finished_match(duel, people[:2], [0, 1])
    first = rate_match(match)
    rating = Rating.objects.get(ladder=duel, player=people[0])
    second = rate_match(Match.objects.get(pk=match.pk))
    assert [c.pk for c in second] == sorted(c.pk for c in first)
    assert RatingChange.objects.filter(match=match).count() == 2
    duel.refresh_from_db()
    assert duel.last_sequence == 1
    again = Rating.objects.get(ladder=duel, player=people[0])
    assert (again.mu, again.sigma, again.games, again.wins) == (
        rating.mu,
        rating.sigma,
        rating.games,
        rating.wins,
    )


def test_change_rows_hold_before_after_rank_and_sequence(ffa, people):
    m1 = finished_match(ffa, people[:4], [3, 2, 1, 0])
    m2 = finished_match(ffa, people[:4], [0, 1, 2, 3])
    rate_match(m1)
    rate_match(m2)
    by = {(c.match_id, c.player_id): c for c in RatingChange.objects.filter(ladder=ffa)}
    for p in people[:4]:
        one, two = by[(m1.pk, p.pk)], by[(m2.pk, p.pk)]
        assert (one.sequence, two.sequence) == (1, 2)
        assert (one.mu_before, one.sigma_before) == (ffa.mu, ffa.sigma)
        assert (two.mu_before, two.sigma_before) == (one.mu_after, one.sigma_after)
    assert by[(m1.pk, people[3].pk)].rank == 0
    rating = Rating.objects.get(ladder=ffa, player=people[0])
    assert (rating.games, rating.wins, rating.last_active) == (2, 1, m2.finished_at)


@pytest.mark.parametrize(
    "ranks, teams",
    [([0, None], None), ([0, 1], [5, 5])],
    ids=["a seat without a rank", "one side only"],
)
def test_unrateable_matches_change_nothing(duel, people, ranks, teams):
    match = finished_match(duel, people[:2], [0, 1], teams)
    MatchSeat.objects.filter(match=match, seat=1).update(rank=ranks[1])
    assert rate_match(match) == []
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    duel.refresh_from_db()
    assert duel.last_sequence == 0


def test_unrated_or_unfinished_or_ladderless_matches_are_not_rated(duel, people):
    unrated = finished_match(duel, people[:2], [0, 1], rated=False)
    running = finished_match(duel, people[:2], [0, 1])
    Match.objects.filter(pk=running.pk).update(state=MatchState.RUNNING)
    running.refresh_from_db()
    assert rate_match(unrated) == [] and rate_match(running) == []
    assert not RatingChange.objects.exists()


def test_match_finished_signal_rates_inside_the_finishing_transaction(duel, people):
    match = finished_match(duel, people[:2], [1, 0])
    with transaction.atomic():
        matches_finished.send(sender=Match, matches=[match])
        assert RatingChange.objects.filter(match=match).count() == 2
    # ...and a second delivery of the signal changes nothing.
    matches_finished.send(sender=Match, matches=[match])
    assert RatingChange.objects.filter(match=match).count() == 2
    assert Rating.objects.get(player=people[1], ladder=duel).wins == 1


def test_a_rolled_back_finish_leaves_no_rating(duel, people):
    match = finished_match(duel, people[:2], [1, 0])

    class Boom(Exception):
        pass

    with pytest.raises(Boom), transaction.atomic():
        matches_finished.send(sender=Match, matches=[match])
        raise Boom
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_a_batch_equals_one_by_one_across_ladders(duel, ffa, people):
    from ratings.models import Ladder
    from ratings.receivers import on_matches_finished
    from ratings.service import rate_matches

    twin_duel = Ladder.objects.create(
        slug="twin-duel", name="t", game=duel.game, seats=2, draw_probability=duel.draw_probability
    )
    twin_ffa = Ladder.objects.create(slug="twin-ffa", name="t", game=ffa.game, seats=4)
    plan = [
        (0, [0, 1], [0, 1]),
        (1, [0, 1, 2, 3], [2, 0, 1, 1]),
        (0, [1, 2], [0, 0]),
        (1, [2, 3, 4, 5], [0, 1, 2, 3]),
        (0, [0, 2], [1, 0]),
        (1, [0, 5, 1, 4], [3, 2, 1, 0]),
    ]
    one_by_one, batch = [], []
    for which, who, ranks in plan:
        players = [people[i] for i in who]
        one_by_one.append(finished_match((duel, ffa)[which], players, ranks))
        batch.append(finished_match((twin_duel, twin_ffa)[which], players, ranks))
    for m in one_by_one:
        rate_match(m)
    already = batch[0]
    rate_match(already)
    with transaction.atomic():
        out = rate_matches([*batch, batch[1]])  # the first is rated already; one comes twice
    assert [c.sequence for c in out[already.pk]] == [1, 1]
    assert len(out) == len(batch) and all(len(v) in (2, 4) for v in out.values())

    def numbers(ladder):
        return sorted(
            (c.player_id, c.sequence, c.mu_before, c.sigma_before, c.mu_after, c.sigma_after)
            for c in RatingChange.objects.filter(ladder=ladder)
        )

    assert numbers(duel) == numbers(twin_duel) and numbers(ffa) == numbers(twin_ffa)
    for a, b in ((duel, twin_duel), (ffa, twin_ffa)):
        assert sorted(
            Rating.objects.filter(ladder=a).values_list("player_id", "mu", "sigma", "games", "wins")
        ) == sorted(
            Rating.objects.filter(ladder=b).values_list("player_id", "mu", "sigma", "games", "wins")
        )
    # The batch receiver is idempotent too.
    on_matches_finished(sender=Match, matches=batch)
    assert RatingChange.objects.filter(ladder__in=[twin_duel, twin_ffa]).count() == 18


def test_a_gap_too_big_for_mpmath_raises_its_precision(duel, people):
    """mpmath at its default precision gives up too; the package's advice: raise mp.dps."""
    import mpmath

    a, b = people[:2]
    Rating.objects.create(ladder=duel, player=a, mu=1e4, sigma=0.5, conservative=1e4 - 1.5)
    Rating.objects.create(ladder=duel, player=b, mu=0.0, sigma=0.5, conservative=-1.5)
    mp = package_env(duel, backend="mpmath")
    with pytest.raises(FloatingPointError):
        mp.rate([(mp.create_rating(0.0, 0.5),), (mp.create_rating(1e4, 0.5),)], ranks=[0, 1])
    changes = rate_match(finished_match(duel, [b, a], [0, 1]))
    assert {c.backend for c in changes} == {"mpmath:dps50"}
    with mpmath.workdps(50):
        mp = package_env(duel, backend="mpmath")
        want = mp.rate([(mp.create_rating(0.0, 0.5),), (mp.create_rating(1e4, 0.5),)], ranks=[0, 1])
    got = {c.player_id: (c.mu_after, c.sigma_after) for c in changes}
    assert got[b.pk] == (float(want[0][0].mu), float(want[0][0].sigma))
    assert got[a.pk] == (float(want[1][0].mu), float(want[1][0].sigma))
    assert mpmath.mp.dps == 15  # the precision is raised for that update only
