"""People in a ladder's queue without beat: a join's round pairs them, a waiting page's round
pairs those who needed the widened threshold, each seat plays the deck its person queued with,
the expected wait is the median of the latest waits, and after a wait the bot of nearest
strength is a rated game away."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from ratings_helpers import PASSWORD

from decks.models import DeckVersion
from decks.services import copy_starter, current_version, edit_deck
from matches.models import Match, MatchState
from players.models import Player
from ratings import rounds, seat_decks, waiting
from ratings.models import Ladder, QueueEntry, QueueWait, Rating
from ratings.queue import QueueRefused, join_queue

pytestmark = pytest.mark.django_db
AKW = "arackhan-wars-1v1"


@pytest.fixture
def duo(db) -> list[Player]:
    return [
        Player.objects.create_user(n, password=PASSWORD, display_name=n.title())
        for n in ("dana", "eli")
    ]


def _join(person, ladder, version=None, capture=None):
    deck = None
    if version is not None:
        deck, version = seat_decks.chosen_deck(version.pk, person, ladder)
    with capture(execute=True):
        return join_queue(ladder, person, person, deck, version)


def _rate(ladder, player, mu, sigma=1.0):
    Rating.objects.create(
        ladder=ladder, player=player, mu=mu, sigma=sigma, conservative=mu - 3 * sigma, games=5
    )


def test_the_second_join_pairs_two_people_with_the_decks_they_chose(
    duo, django_capture_on_commit_callbacks
):
    dana, eli = duo
    ladder = Ladder.objects.get(slug=AKW)
    mine = current_version(copy_starter(dana, ladder.game, "whitelands-prebuilt", "Snow"))
    theirs = current_version(copy_starter(eli, ladder.game, "nakka-prebuilt", "Swamp"))
    first = _join(dana, ladder, mine, django_capture_on_commit_callbacks)
    assert QueueEntry.objects.get(pk=first.pk).deck_version == mine  # alone: still waiting
    second = _join(eli, ladder, theirs, django_capture_on_commit_callbacks)
    assert not QueueEntry.objects.exists()  # no beat, no task: the join's round paired them
    match = Match.objects.get(ladder=ladder)
    assert match.origin == "matchmaker" and match.state == MatchState.RUNNING and match.rated
    deck_of = {s.player_id: match.decks[s.seat] for s in match.seats.all()}
    assert deck_of == {dana.pk: mine.data, eli.pk: theirs.data}
    assert all(DeckVersion.objects.get(pk=v.pk).used_at for v in (mine, theirs))
    waits = {w.player_id: w for w in QueueWait.objects.filter(match=match)}
    assert set(waits) == {dana.pk, eli.pk}
    assert waits[eli.pk].joined_at == second.joined_at
    assert waiting.paired_match(ladder, dana, first.joined_at) == match
    assert waiting.paired_match(ladder, dana, first.joined_at + timedelta(seconds=1)) is None


def test_a_pair_too_far_apart_waits_and_the_waiting_round_pairs_it_once_widened(
    duo, django_capture_on_commit_callbacks
):
    dana, eli = duo
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    _rate(ladder, dana, 40.0)
    _rate(ladder, eli, 10.0)
    for person in duo:
        _join(person, ladder, capture=django_capture_on_commit_callbacks)
    assert QueueEntry.objects.filter(ladder=ladder).count() == 2  # the join's round: too uneven
    assert rounds.while_waiting(ladder).matches == []  # not long enough yet
    QueueEntry.objects.update(joined_at=timezone.now() - timedelta(seconds=95))
    assert rounds.while_waiting(ladder) is None  # asked again at once: no second round yet
    cache.clear()  # the next ask, a few seconds later
    report = rounds.while_waiting(ladder)
    (match_id,) = report.matches
    assert any("0% of new-player quality" in note for note in report.notes), report.notes
    assert {s.player_id for s in Match.objects.get(pk=match_id).seats.all()} == {dana.pk, eli.pk}
    assert not QueueEntry.objects.exists()


def test_a_round_after_a_join_never_refills_a_bot_arena(duo, django_capture_on_commit_callbacks):
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    Ladder.objects.filter(pk=ladder.pk).update(bot_arena=True)
    Player.objects.create(username="kingdom-of-warlords-random-bot", is_bot=True)
    _join(duo[0], ladder, capture=django_capture_on_commit_callbacks)
    assert list(QueueEntry.objects.values_list("player__username", flat=True)) == ["dana"]


def test_the_last_deck_played_on_the_ladder_is_the_one_chosen(
    duo, django_capture_on_commit_callbacks
):
    dana, eli = duo
    ladder = Ladder.objects.get(slug=AKW)
    snow = copy_starter(dana, ladder.game, "whitelands-prebuilt", "A snow deck")
    swamp = copy_starter(dana, ladder.game, "nakka-prebuilt", "B swamp deck")
    versions = seat_decks.queue_versions(dana, ladder)
    assert [v.deck.name for v in versions] == ["A snow deck", "B swamp deck"]
    assert seat_decks.last_used(dana, ladder, versions) is None  # never played here
    _join(dana, ladder, current_version(swamp), django_capture_on_commit_callbacks)
    _join(eli, ladder, capture=django_capture_on_commit_callbacks)
    assert Match.objects.filter(ladder=ladder).count() == 1
    assert seat_decks.last_used(dana, ladder, versions) == current_version(swamp)
    # Edited since: its current version is the one chosen.
    text = current_version(swamp).text or None
    edit_deck(swamp, name="B swamp deck", data=current_version(swamp).data, text=text)
    versions = seat_decks.queue_versions(dana, ladder)
    chosen = seat_decks.last_used(dana, ladder, versions)
    assert chosen is not None and chosen.deck_id == swamp.pk and chosen.is_current
    assert seat_decks.last_used(eli, ladder, seat_decks.queue_versions(eli, ladder)) is None
    assert seat_decks.queue_versions(dana, Ladder.objects.get(slug="khan-of-khans-2p")) == []
    assert snow.pk != swamp.pk


def test_a_game_played_without_decks_offers_none(duo, monkeypatch):
    from engines.registry import get_game

    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    copy_starter(duo[0], ladder.game, "standard-army")
    assert len(seat_decks.queue_versions(duo[0], ladder)) == 1
    monkeypatch.setattr(type(get_game(ladder.game)), "uses_decks", False)  # every game has decks
    assert seat_decks.queue_versions(duo[0], ladder) is None


def test_the_expected_wait_is_the_median_of_the_people_paired_lately(duo):
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    assert (
        waiting.expected_wait(ladder).text()
        == "unknown, nobody was paired here in the last 14 days"
    )
    now = timezone.now()

    def waited(seconds, days_ago=0.0):
        paired = now - timedelta(days=days_ago)
        QueueWait.objects.create(
            ladder=ladder,
            player=duo[0],
            joined_at=paired - timedelta(seconds=seconds),
            paired_at=paired,
        )

    waited(600, days_ago=20)  # too old to count
    for seconds in (10, 30, 50):
        waited(seconds)
    assert waiting.expected_wait(ladder, now) == waiting.Expected(30.0, 3)
    assert (
        waiting.expected_wait(ladder, now).text()
        == "about 30 s (the median wait of the last 3 people paired here)"
    )
    for _ in range(waiting.EXPECTED_FROM):
        waited(90, days_ago=1 / 24)  # older: the last 20 are the three and 17 of these
    assert waiting.expected_wait(ladder, now + timedelta(hours=2)) == waiting.Expected(90.0, 20)
    assert (
        waiting.Expected(12.0, 1).text() == "about 12 s (the wait of the last person paired here)"
    )
    assert [waiting.seconds_text(s) for s in (4.4, 65, 600, 3600, 3780)] == [
        "4 s",
        "1 min 5 s",
        "10 min",
        "1 h",
        "1 h 3 min",
    ]


def _bots(ladder, strengths):
    bots = []
    for kind, mu in strengths.items():
        bot = Player.objects.create(
            username=f"{ladder.game}-{kind}-bot", display_name=f"{kind.title()} bot", is_bot=True
        )
        if mu is not None:
            _rate(ladder, bot, mu)
        bots.append(bot)
    return bots


def test_after_the_wait_the_bot_of_nearest_strength_is_a_rated_game_away(
    duo, django_capture_on_commit_callbacks
):
    dana, _ = duo
    ladder = Ladder.objects.get(slug=AKW)
    weak, middle, strong = _bots(ladder, {"random": 5.0, "heuristic": 18.0, "search": 30.0})
    _rate(ladder, dana, 20.0)  # conservative 17: the heuristic bot's 15 is nearest
    assert [b for b, _ in waiting.nearest_bots(ladder, dana)] == [middle]
    version = current_version(copy_starter(dana, ladder.game, "blight-prebuilt", "Blight"))
    entry = _join(dana, ladder, version, django_capture_on_commit_callbacks)
    with pytest.raises(QueueRefused) as early:
        waiting.play_bot_instead(ladder, dana, dana)
    assert early.value.kind == "too_soon" and "30 s" in str(early.value)
    assert QueueEntry.objects.filter(pk=entry.pk).exists() and not Match.objects.exists()
    QueueEntry.objects.filter(pk=entry.pk).update(
        joined_at=timezone.now() - timedelta(seconds=waiting.BOT_OFFER_SECONDS + 1)
    )
    assert waiting.wait_of(QueueEntry.objects.get(pk=entry.pk)).offer_in == 0
    match = waiting.play_bot_instead(ladder, dana, dana)
    assert not QueueEntry.objects.exists()
    assert match.rated and match.origin == "challenge" and match.state == MatchState.RUNNING
    seats = list(match.seats.order_by("seat"))
    assert [(s.player, bool(s.bot)) for s in seats] == [(dana, False), (middle, True)]
    assert match.decks[0] == version.data
    with pytest.raises(QueueRefused) as gone:
        waiting.play_bot_instead(ladder, dana, dana)
    assert gone.value.kind == "absent"
    assert weak.pk != strong.pk


def test_no_bot_offer_without_enough_bots(duo, django_capture_on_commit_callbacks):
    dana, _ = duo
    ladder = Ladder.objects.get(slug="kingdom-of-warlords-1v1")
    entry = _join(dana, ladder, capture=django_capture_on_commit_callbacks)
    QueueEntry.objects.filter(pk=entry.pk).update(joined_at=timezone.now() - timedelta(minutes=5))
    with pytest.raises(QueueRefused) as refused:
        waiting.play_bot_instead(ladder, dana, dana)
    assert refused.value.kind == "no_bots" and QueueEntry.objects.filter(pk=entry.pk).exists()
