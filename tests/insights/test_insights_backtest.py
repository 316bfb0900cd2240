"""The rating backtest: each system's figures against a hand computation on a small case, a
made-up history with known strengths, the command over a ladder and its page."""

from __future__ import annotations

import io
import json
import math
import random

import pytest
from django.core.management import call_command

from insights.backtest import Contest, backtest, contest
from insights.models import Backtest
from ratings.models import Ladder

LN2 = math.log(2)
A_BEATS_B_TWICE = [Contest(((1,), (2,)), (0, 1))] * 2


def by_name(ladder: Ladder, history: list[Contest]) -> dict:
    return {s.system: s for s in backtest(ladder, history)}


def test_each_system_matches_a_hand_computation_on_two_matches() -> None:
    ladder = Ladder(slug="t", game="khan-of-khans")  # mu 25, sigma 25/3, beta 25/6, draws 10 %
    scores = by_name(ladder, A_BEATS_B_TWICE)
    # Before the first match every system says 1/2: a loss of ln 2 and half a pair right. The
    # second match is predicted from the ratings after the first:
    # TrueSkill: 29.396 / 20.604, sigma 7.171 each; p = Phi(8.792 / sqrt(2 (25/6)^2 +
    #   2 * 7.171^2)) = Phi(8.792 / 11.729) = Phi(.74959) = .77325.
    # OpenSkill (Plackett-Luce): c = sqrt(2 (25/3)^2 + 2 (25/6)^2) = 13.176; the winner gains
    #   sigma^2 / c * (1 - 1/2) = 2.6354 -> 27.635 / 22.365, sigma 8.0659 each; p = Phi(5.2708 /
    #   sqrt(2 (25/6)^2 + 2 * 8.0659^2)) = Phi(5.2708 / 12.839) = Phi(.41053) = .65929.
    # Glicko-2: two new players (1500, RD 350): 1662.31 / 1337.69, RD 290.32 each; in its scale
    #   the gap is 324.62 / 173.7178 = 1.86870, phi = sqrt(2) * 290.32 / 173.7178 = 2.36350,
    #   g = 1 / sqrt(1 + 3 phi^2 / pi^2) = .60881; p = 1 / (1 + exp(-1.13769)) = .75725.
    for system, p in (("TrueSkill", 0.77325), ("OpenSkill", 0.65929), ("Glicko-2", 0.75725)):
        s = scores[system]
        assert s.log_loss == pytest.approx((LN2 - math.log(p)) / 2, abs=2e-4), system
        assert s.pair_accuracy == 0.75 and s.pairs == 2 and s.matches == 2
    # the upset instead: the same p, now on the loser's side
    upset = by_name(ladder, [A_BEATS_B_TWICE[0], Contest(((1,), (2,)), (1, 0))])
    assert upset["TrueSkill"].log_loss == pytest.approx((LN2 - math.log(1 - 0.77325)) / 2, abs=2e-4)
    assert upset["Glicko-2"].pair_accuracy == 0.25


def test_a_history_with_known_strengths_is_learned_by_every_system() -> None:
    rng = random.Random(7)
    strength = {p: p / 3 for p in range(10)}  # Bradley-Terry: P(i beats j) = 1/(1+e^(sj-si))
    history = []
    for _ in range(1500):
        i, j = rng.sample(range(10), 2)
        i_wins = rng.random() < 1 / (1 + math.exp(strength[j] - strength[i]))
        history.append(Contest(((i,), (j,)), (0, 1) if i_wins else (1, 0)))
    for s in backtest(Ladder(slug="t", game="khan-of-khans"), history):
        assert s.log_loss < LN2 - 0.05, s  # better than a coin
        assert s.pair_accuracy > 0.65, s  # the best achievable here is about .72


def test_team_mates_form_one_side() -> None:
    c = contest([5, 6, 7, 8], [0, 1, 0, 1], [0, 1, 0, 1])
    assert c.groups == ((5, 7), (6, 8)) and c.ranks == (0, 1)
    scores = backtest(Ladder(slug="t", game="khan-of-khans"), [c, c])
    assert all(s.pairs == 2 and s.pair_accuracy == 0.75 for s in scores)


@pytest.mark.django_db
def test_the_command_replays_a_ladder_and_the_page_shows_it(client) -> None:
    from players.models import Player
    from tests.ratings.ratings_helpers import finished_match

    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    alice, bob = (Player.objects.create_user(n, password="x-Strong-pass-9") for n in "ab")
    for _ in range(3):
        finished_match(ladder, [alice, bob], [0, 1])
    out = io.StringIO()
    call_command("rating_backtest", ladder.slug, "--json", stdout=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["system"] for line in lines] == ["TrueSkill", "OpenSkill", "Glicko-2"]
    assert all(
        line["matches"] == 3 and line["pair_accuracy"] == pytest.approx(5 / 6) for line in lines
    )
    run = Backtest.objects.get()
    assert run.matches == 3 and run.scores[0]["system"] == "TrueSkill"
    page = client.get(f"/ladders/{ladder.slug}/backtest/").content.decode()
    assert "Glicko-2" in page and "83.3 %" in page and "Log-loss" in page
    with pytest.raises(Exception, match="no ladder 'nope'"):
        call_command("rating_backtest", "nope")
