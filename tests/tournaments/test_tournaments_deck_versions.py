"""Registering with a deck version of the decks app: owned, of the game, legal; then locked."""

from __future__ import annotations

import pytest
from tournaments_helpers import KHAN, KOW, event, organiser, people

from decks.models import DeckVersion
from decks.services import create_deck, current_version
from engines.registry import get_game
from tournaments import registration
from tournaments.errors import TournamentError

pytestmark = pytest.mark.django_db

LEGAL = get_game(KOW).default_decks(2)[0]


def test_a_locked_deck_version(django_capture_on_commit_callbacks):
    org = organiser()
    ana, bob = people(2)
    t = event(org)
    version = current_version(create_deck(ana, KOW, "Warlords", data=LEGAL))
    entry = registration.register(t, ana, ana, deck_version=version.pk)
    assert entry.deck == version.data and entry.deck_version == version.pk
    version.refresh_from_db()
    assert version.locked_reason == f"tournament:{t.pk}" and version.locked_at is not None
    with pytest.raises(TournamentError) as foreign:
        registration.register(t, bob, bob, deck_version=version.pk)  # ana's deck
    assert foreign.value.field == "deck_version"
    khan = current_version(create_deck(bob, KHAN, "Khan", data="morokanth"))
    with pytest.raises(TournamentError):
        registration.register(t, bob, bob, deck_version=khan.pk)  # another game
    illegal = current_version(create_deck(bob, KOW, "Short", data=["4"]))
    with pytest.raises(TournamentError):
        registration.register(t, bob, bob, deck_version=illegal.pk)
    assert not t.entries.filter(player=bob).exists()
    assert DeckVersion.objects.filter(locked_reason__startswith="tournament:").count() == 1
