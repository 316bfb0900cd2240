"""Becoming an organiser (players.organisers): a request with a reason, staff's approval or
refusal (with the answer), the notifications, the one-waiting-request rule, and the
``manage.py organisers`` command. Runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction

from players import inbox, organisers
from players.models import Notification, OrganiserRequest, Player, RequestState, Role
from tests.support.accounts import STRONG

pytestmark = pytest.mark.django_db


def person(name: str = "alice", **fields) -> Player:
    fields.setdefault("display_name", name.title())
    return Player.objects.create_user(name, f"{name}@example.org", STRONG, **fields)


@pytest.fixture
def alice() -> Player:
    return person()


@pytest.fixture
def admins() -> list[Player]:
    return [person("staff1", role=Role.ADMIN), person("staff2", role=Role.ADMIN)]


def refused_with(exc_info) -> tuple[int, str]:
    return exc_info.value.status, exc_info.value.field


def notes(player: Player) -> list[tuple[str, str, str]]:
    return [(n.kind, n.text, n.url) for n in Notification.objects.filter(player=player)]


# -- asking ------------------------------------------------------------------------------------


def test_a_request_is_stored_trimmed_and_every_admin_is_told(alice, admins):
    bystander = person("bob", role=Role.ORGANISER)
    made = organisers.request_role(alice, "  I run the Friday league at my club.  ", "club")
    made.refresh_from_db()
    assert (made.player, made.reason, made.venue, made.state) == (
        alice,
        "I run the Friday league at my club.",
        "club",
        RequestState.PENDING,
    )
    assert made.decided_by is None and made.decided_at is None and made.answer == ""
    for admin in admins:
        assert notes(admin) == [
            (
                "organiser_request",
                "Alice asks to become an organiser: approve or refuse the request.",
                "/staff/organisers/",
            )
        ]
    assert notes(bystander) == [] and notes(alice) == []
    assert organisers.pending_count() == 1 and organisers.latest_for(alice) == made


@pytest.mark.parametrize(
    "reason, venue, field",
    [
        ("", "", "reason"),
        ("   \n  ", "store", "reason"),
        (None, "", "reason"),
        ("x" * (organisers.REASON_MAX_LENGTH + 1), "", "reason"),
        ("A good reason", "garage", "venue"),
        (42, "", "reason"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_changes_nothing(
    alice, admins, reason, venue, field
):
    with pytest.raises(organisers.OrganiserRequestError) as refused:
        organisers.request_role(alice, reason, venue)
    assert refused_with(refused) == (400, field)
    assert not OrganiserRequest.objects.exists() and not Notification.objects.exists()


def test_a_second_request_while_one_waits_is_a_409(alice):
    first = organisers.request_role(alice, "Club nights", "club")
    with pytest.raises(organisers.OrganiserRequestError) as refused:
        organisers.request_role(alice, "Again, please", "")
    assert refused.value.status == 409 and "still waiting" in refused.value.message
    assert list(OrganiserRequest.objects.all()) == [first]


@pytest.mark.parametrize("role", [Role.ORGANISER, Role.ADMIN])
def test_an_organiser_or_an_admin_cannot_ask(role):
    someone = person("org", role=role)
    with pytest.raises(organisers.OrganiserRequestError) as refused:
        organisers.request_role(someone, "More power", "")
    assert refused.value.status == 409 and not OrganiserRequest.objects.exists()


def test_a_bot_account_cannot_ask():
    bot = person("robot", is_bot=True)
    with pytest.raises(organisers.OrganiserRequestError) as refused:
        organisers.request_role(bot, "Beep", "")
    assert refused.value.status == 403 and not OrganiserRequest.objects.exists()


def test_the_database_holds_one_waiting_request_per_person(alice):
    OrganiserRequest.objects.create(player=alice, reason="one")
    with pytest.raises(IntegrityError), transaction.atomic():
        OrganiserRequest.objects.create(player=alice, reason="two")
    OrganiserRequest.objects.create(player=alice, reason="old", state=RequestState.REFUSED)
    assert OrganiserRequest.objects.filter(player=alice).count() == 2


def test_a_request_is_one_transaction_with_its_notifications(alice, admins, monkeypatch):
    def broken(items):
        raise RuntimeError("the inbox is down")

    monkeypatch.setattr(inbox, "post_many", broken)
    with pytest.raises(RuntimeError):
        organisers.request_role(alice, "Club nights", "club")
    assert not OrganiserRequest.objects.exists()


# -- deciding ----------------------------------------------------------------------------------


def test_staff_approve_the_person_becomes_an_organiser_and_is_told(alice, admins):
    made = organisers.request_role(alice, "Club nights", "club")
    done = organisers.approve(made.pk, admins[0], "  Welcome aboard.  ")
    done.refresh_from_db()
    alice.refresh_from_db()
    assert (done.state, done.decided_by, done.answer) == (
        RequestState.APPROVED,
        admins[0],
        "Welcome aboard.",
    )
    assert done.decided_at is not None
    assert alice.role == Role.ORGANISER and alice.is_organiser and not alice.is_staff
    assert notes(alice) == [
        (
            "organiser_answer",
            "Your request to become an organiser was approved: you can create tournaments now. "
            "Staff said: Welcome aboard.",
            "/organisers/request/",
        )
    ]
    assert organisers.pending_count() == 0 and organisers.decided() == [done]


def test_a_decided_request_cannot_be_decided_again(alice, admins):
    made = organisers.request_role(alice, "Club nights", "club")
    organisers.approve(made.pk, admins[0])
    for decide, answer in ((organisers.approve, ""), (organisers.refuse, "No after all")):
        with pytest.raises(organisers.OrganiserRequestError) as refused:
            decide(made.pk, admins[1], answer)
        assert refused.value.status == 409 and "approved already" in refused.value.message
    made.refresh_from_db()
    assert made.decided_by == admins[0]


def test_refusing_needs_an_answer_and_then_tells_the_person_why(alice, admins):
    made = organisers.request_role(alice, "Club nights", "club")
    for blank in ("", "   "):
        with pytest.raises(organisers.OrganiserRequestError) as refused:
            organisers.refuse(made.pk, admins[0], blank)
        assert refused_with(refused) == (400, "answer")
    made.refresh_from_db()
    assert made.state == RequestState.PENDING and notes(alice) == []

    organisers.refuse(made.pk, admins[0], "Tell us which club, please.")
    made.refresh_from_db()
    alice.refresh_from_db()
    assert made.state == RequestState.REFUSED and made.answer == "Tell us which club, please."
    assert alice.role == Role.PLAYER
    assert notes(alice) == [
        (
            "organiser_answer",
            "Your request to become an organiser was refused: Tell us which club, please.",
            "/organisers/request/",
        )
    ]
    again = organisers.request_role(alice, "The Dragon's Den club, Thursdays", "club")
    assert again.state == RequestState.PENDING and organisers.latest_for(alice) == again


def test_an_answer_too_long_is_a_400_and_a_long_one_is_clipped_in_the_notification(alice, admins):
    made = organisers.request_role(alice, "Club nights", "")
    with pytest.raises(organisers.OrganiserRequestError) as refused:
        organisers.refuse(made.pk, admins[0], "x" * (organisers.ANSWER_MAX_LENGTH + 1))
    assert refused_with(refused) == (400, "answer")
    organisers.refuse(made.pk, admins[0], "word " * 100)
    (text,) = [t for _, t, _ in notes(alice)]
    assert len(text) <= 300 and text.endswith("…") and "was refused: word word" in text
    made.refresh_from_db()
    assert made.answer == ("word " * 100).strip()  # the page shows it whole


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ORGANISER])
def test_only_staff_decide_and_a_refusal_changes_nothing(alice, role):
    made = organisers.request_role(alice, "Club nights", "club")
    other = person("mallory", role=role)
    for decide in (organisers.approve, organisers.refuse):
        with pytest.raises(organisers.OrganiserRequestError) as refused:
            decide(made.pk, other, "Sure")
        assert refused.value.status == 403
    made.refresh_from_db()
    alice.refresh_from_db()
    assert made.state == RequestState.PENDING and alice.role == Role.PLAYER
    assert notes(alice) == []


def test_no_such_request_is_a_404(admins):
    with pytest.raises(organisers.OrganiserRequestError) as refused:
        organisers.approve(999999, admins[0])
    assert refused.value.status == 404


def test_approving_someone_made_an_admin_meanwhile_keeps_them_admin(alice, admins):
    made = organisers.request_role(alice, "Club nights", "club")
    alice.role = Role.ADMIN
    alice.save()
    organisers.approve(made.pk, admins[0])
    alice.refresh_from_db()
    assert alice.role == Role.ADMIN and alice.is_staff


def test_the_command_line_decides_with_no_member_of_staff(alice):
    made = organisers.request_role(alice, "Club nights", "club")
    organisers.approve(made.pk, None)
    made.refresh_from_db()
    assert made.state == RequestState.APPROVED and made.decided_by is None


# -- granting ----------------------------------------------------------------------------------


def test_grant_records_an_approved_request_from_the_command_line(alice):
    granted = organisers.grant(alice)
    alice.refresh_from_db()
    assert alice.role == Role.ORGANISER
    assert (granted.state, granted.decided_by, granted.answer) == (
        RequestState.APPROVED,
        None,
        "granted from the command line",
    )
    assert [kind for kind, _, _ in notes(alice)] == ["organiser_answer"]
    with pytest.raises(organisers.OrganiserRequestError) as refused:
        organisers.grant(alice)
    assert refused.value.status == 409 and OrganiserRequest.objects.count() == 1


def test_grant_approves_the_waiting_request(alice):
    made = organisers.request_role(alice, "Club nights", "club")
    granted = organisers.grant(alice)
    made.refresh_from_db()
    assert granted.pk == made.pk and made.state == RequestState.APPROVED
    assert made.answer == "granted from the command line" and made.reason == "Club nights"
    assert OrganiserRequest.objects.count() == 1


# -- the command -------------------------------------------------------------------------------


def run(*args: str) -> str:
    from io import StringIO

    out = StringIO()
    call_command("organisers", *args, stdout=out)
    return out.getvalue()


def test_the_command_lists_approves_and_refuses(alice):
    assert run("--list") == "No request is waiting.\n"
    made = organisers.request_role(alice, "Club nights\non Fridays", "store")
    bob = person("bob")
    other = organisers.request_role(bob, "Online league", "")
    listed = run("--list").splitlines()
    assert listed == [
        f"{made.pk}\talice\t{made.created:%Y-%m-%d}\tA games shop\tClub nights on Fridays",
        f"{other.pk}\tbob\t{other.created:%Y-%m-%d}\t-\tOnline league",
    ]
    assert run("--approve", str(made.pk), "--answer", "Welcome") == (
        f"alice: organiser request approved (request {made.pk})\n"
    )
    alice.refresh_from_db()
    made.refresh_from_db()
    assert alice.role == Role.ORGANISER and made.answer == "Welcome" and made.decided_by is None

    with pytest.raises(CommandError, match="--answer: Say why"):
        run("--refuse", str(other.pk))
    other.refresh_from_db()
    assert other.state == RequestState.PENDING
    run("--refuse", str(other.pk), "--answer", "Tell us more")
    other.refresh_from_db()
    bob.refresh_from_db()
    assert other.state == RequestState.REFUSED and bob.role == Role.PLAYER
    with pytest.raises(CommandError, match="refused already"):
        run("--approve", str(other.pk))
    with pytest.raises(CommandError, match="No organiser request 999999"):
        run("--approve", "999999")


def test_the_command_grants_the_role(alice):
    assert run("--grant", "alice") == (
        f"alice: organiser role approved (request {OrganiserRequest.objects.get().pk})\n"
    )
    alice.refresh_from_db()
    assert alice.role == Role.ORGANISER
    with pytest.raises(CommandError, match="organiser already"):
        run("--grant", "alice")
    with pytest.raises(CommandError, match="no account named 'nobody'"):
        run("--grant", "nobody")


def test_the_command_asks_for_one_thing():
    with pytest.raises(CommandError):
        run()


def test_the_waiting_count_is_kept_until_a_request_changes(
    alice, admins, django_assert_num_queries
):
    with django_assert_num_queries(1):
        assert organisers.pending_count() == 0
    with django_assert_num_queries(0):  # the header asks on every page of staff
        assert organisers.pending_count() == 0
    made = organisers.request_role(alice, "Club nights", "club")
    assert organisers.pending_count() == 1
    organisers.refuse(made.pk, admins[0], "Not yet")
    assert organisers.pending_count() == 0
