"""Bots named by strength: their kind in words, never their spec or user name, with one line on
how strong each kind is; a second copy numbered, an owned bot keeping its name."""

from __future__ import annotations

import pytest

from players.models import Player
from ratings.bot_names import KINDS, bot_name, kind_of, strength_lines
from ratings.models import BotProfile

pytestmark = pytest.mark.django_db


def _bot(username: str, spec: str | None = None, owner: Player | None = None, name: str = ""):
    bot = Player.objects.create(username=username, display_name=name, is_bot=True)
    if spec is not None:
        BotProfile.objects.create(player=bot, game="khan-of-khans", spec=spec, owner=owner)
    return Player.objects.select_related("bot_profile").get(pk=bot.pk)


@pytest.mark.parametrize(
    "spec, kind",
    [
        ("random", "random"),
        ("heuristic:legion-attacker", "heuristic"),
        ("search:400,c=0.5", "search"),
        ("search:100ms", "search"),
        ("mystery", None),
    ],
)
def test_the_kind_of_a_spec(spec, kind):
    assert kind_of(spec) == kind


def test_bots_are_named_by_their_kind_in_words():
    assert bot_name(_bot("khan-of-khans-heuristic-bot", name="heuristic bot")) == "Heuristic bot"
    assert bot_name(_bot("khan-of-khans-random-bot-2")) == "Random bot 2"  # the name's kind
    assert bot_name(_bot("deep-thought", spec="search:400")) == "Search bot"
    styled = _bot("hog-hunter", spec="heuristic:monster-hunter")
    assert bot_name(styled) == "Heuristic bot (monster hunter)"
    ana = Player.objects.create_user("ana", display_name="Ana")
    owned = _bot("ana-engine", spec="search", owner=ana, name="Ana's engine")
    assert bot_name(owned) == "Ana's engine (Search bot)"
    assert bot_name(_bot("odd-one", spec="mystery", name="Odd One")) == "Odd One"


def test_one_line_per_kind_present_weakest_first():
    bots = [_bot("kok-search-bot"), _bot("kok-random-bot"), _bot("kok-random-bot-2")]
    lines = strength_lines(bots)
    assert lines == [
        f"Random bot: {KINDS['random'].strength}.",
        f"Search bot: {KINDS['search'].strength}.",
    ]
    assert "easiest" in lines[0] and "strongest" in lines[1]
