"""Becoming an organiser: a person asks with a reason, staff approve or refuse it.

A person with the player role asks (:func:`request_role`: their reason, and where they run
events); every admin is told. Staff answer from ``/staff/organisers/``, the API or
``manage.py organisers`` (:func:`approve`, :func:`refuse`: a refusal says why); the person is
told, with the answer, and an approval gives them the organiser role. An admin at the command
line may also make someone an organiser directly (:func:`grant`), recorded as an approved
request. At most one request per person waits at a time; a refused person may ask again.

Each service runs in one transaction and raises :class:`OrganiserRequestError` (with the HTTP
status to answer with and the field that was wrong) before anything is written, so a refused
call changes nothing. What follows (the notifications) is announced with the signals of
:mod:`players.signals`, inside the transaction.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from players.models import OrganiserRequest, Player, RequestState, Role, Venue
from players.signals import organiser_request_decided, organiser_requested

log = logging.getLogger(__name__)

REASON_MAX_LENGTH = 1000
ANSWER_MAX_LENGTH = 1000
GRANTED = "granted from the command line"
"""The answer of a decision taken with ``manage.py organisers --grant``."""
GRANTED_REASON = "No request: made an organiser from the command line."
COUNT_KEY = "players:organiser-requests-pending"
COUNT_SECONDS = 60
"""How long the header's count of waiting requests is kept (each change forgets it at once)."""


class OrganiserRequestError(Exception):
    """A refused call: ``status`` is the HTTP status to answer with, ``field`` what was wrong."""

    def __init__(self, message: str, *, status: int = 400, field: str = "non_field_errors"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field


def _text(value: Any, field: str, limit: int, *, required: str | None) -> str:
    """``value`` trimmed and at most ``limit`` characters long (and not empty, with
    ``required``: the message when it is); 400 naming ``field`` otherwise."""
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise OrganiserRequestError("Expected text.", field=field)
    text = value.strip()
    if required and not text:
        raise OrganiserRequestError(required, field=field)
    if len(text) > limit:
        raise OrganiserRequestError(
            f"At most {limit} characters (this has {len(text)}).", field=field
        )
    return text


def _not_a_bot(person: Player) -> None:
    if person.is_bot:
        raise OrganiserRequestError("A bot account cannot become an organiser.", status=403)


def request_role(user: Any, reason: str, venue: str = "") -> OrganiserRequest:
    """The signed-in ``user`` asks to become an organiser, saying why (``reason``, required)
    and where they run events (``venue``: a shop, a club, online, or blank).

    400 naming ``reason`` or ``venue`` when either is bad; 409 when they are an organiser
    already or a request of theirs is waiting.
    """
    if user is None or not user.is_authenticated:
        raise OrganiserRequestError("Sign in to ask to become an organiser.", status=403)
    reason = _text(
        reason, "reason", REASON_MAX_LENGTH, required="Say why you want to become an organiser."
    )
    venue = "" if venue is None else venue
    if venue not in ("", *Venue.values):
        raise OrganiserRequestError(
            f"Choose one of {', '.join(Venue.values)} (or leave it blank).", field="venue"
        )
    with transaction.atomic():
        person = Player.objects.select_for_update().get(pk=user.pk)  # one request at a time
        _not_a_bot(person)
        if person.is_organiser:
            raise OrganiserRequestError("You are an organiser already.", status=409)
        waiting = pending().filter(player=person).first()
        if waiting is not None:
            raise OrganiserRequestError(
                f"Your request of {waiting.created:%Y-%m-%d} is still waiting for staff.",
                status=409,
            )
        try:
            with transaction.atomic():
                request = OrganiserRequest.objects.create(player=person, reason=reason, venue=venue)
        except IntegrityError:  # the constraint: another request of theirs got in first
            raise OrganiserRequestError(
                "A request of yours is already waiting for staff.", status=409
            ) from None
        organiser_requested.send(sender=OrganiserRequest, request=request)
        forget_count()
    return request


def approve(request_id: int, by: Any, answer: str = "") -> OrganiserRequest:
    """Staff approve the waiting request ``request_id`` (``answer``: optional words for the
    person): the person becomes an organiser (unless they are one, or an admin, already).

    ``by`` is the member of staff; ``None`` is the server's command line. 403 for anyone else,
    404 for no such request, 409 when it was decided already.
    """
    answer = _text(answer, "answer", ANSWER_MAX_LENGTH, required=None)
    return _decide(request_id, by, RequestState.APPROVED, answer)


def refuse(request_id: int, by: Any, answer: str) -> OrganiserRequest:
    """Staff refuse the waiting request ``request_id``, saying why (``answer``, required: 400
    naming it otherwise); the person keeps their role and may ask again. As :func:`approve`
    for ``by`` and the other refusals."""
    answer = _text(answer, "answer", ANSWER_MAX_LENGTH, required="Say why the request is refused.")
    return _decide(request_id, by, RequestState.REFUSED, answer)


def _require_staff(by: Any) -> None:
    if by is None:  # the server's command line
        return
    if not (getattr(by, "is_authenticated", False) and by.is_admin):
        raise OrganiserRequestError("Only staff decide organiser requests.", status=403)


def _decide(request_id: int, by: Any, state: str, answer: str) -> OrganiserRequest:
    _require_staff(by)
    rows = OrganiserRequest.objects.filter(pk=request_id)
    player_id = rows.values_list("player_id", flat=True).first()
    if player_id is None:
        raise OrganiserRequestError(f"No organiser request {request_id}.", status=404)
    with transaction.atomic():
        # The person's row first, then the request's: the order request_role and grant lock in.
        Player.objects.select_for_update().filter(pk=player_id).first()
        request = rows.select_for_update().first()
        if request is None:  # the account was deleted meanwhile
            raise OrganiserRequestError(f"No organiser request {request_id}.", status=404)
        if request.state != RequestState.PENDING:
            raise OrganiserRequestError(
                f"This request was {request.get_state_display().lower()} already.", status=409
            )
        request.state, request.answer = state, answer
        request.decided_by = by
        request.decided_at = timezone.now()
        request.save(update_fields=["state", "answer", "decided_by", "decided_at"])
        if state == RequestState.APPROVED:
            _make_organiser(request.player_id)
        organiser_request_decided.send(sender=OrganiserRequest, request=request)
        forget_count()
    who = by.username if by is not None else "the command line"
    log.info("organiser request %s %s by %s", request.pk, state, who)
    return request


def _make_organiser(player_id: int) -> None:
    person = Player.objects.select_for_update().get(pk=player_id)
    if not person.is_organiser:  # an organiser or an admin keeps their role
        person.role = Role.ORGANISER
        person.save(update_fields=["role", "is_staff"])


def grant(person: Player) -> OrganiserRequest:
    """The server's command line makes ``person`` an organiser directly: their waiting request
    is approved, or an approved one is recorded (``decided_by`` none, answer :data:`GRANTED`).
    409 when they are an organiser already; 403 for a bot account."""
    with transaction.atomic():
        person = Player.objects.select_for_update().get(pk=person.pk)
        _not_a_bot(person)
        if person.is_organiser:
            raise OrganiserRequestError(f"{person.username} is an organiser already.", status=409)
        waiting = pending().filter(player=person).first()
        if waiting is not None:
            return _decide(waiting.pk, None, RequestState.APPROVED, GRANTED)
        request = OrganiserRequest.objects.create(
            player=person,
            reason=GRANTED_REASON,
            state=RequestState.APPROVED,
            decided_at=timezone.now(),
            answer=GRANTED,
        )
        _make_organiser(person.pk)
        organiser_request_decided.send(sender=OrganiserRequest, request=request)
    log.info("%s made an organiser from the command line (request %s)", person.username, request.pk)
    return request


# -- reading ----------------------------------------------------------------------------------


def pending() -> QuerySet[OrganiserRequest]:
    """The requests waiting for staff, oldest first, with their people."""
    return (
        OrganiserRequest.objects.filter(state=RequestState.PENDING)
        .select_related("player")
        .order_by("created", "pk")
    )


def pending_count() -> int:
    """How many requests wait for staff (the staff navigation's count: kept in the cache for
    :data:`COUNT_SECONDS`, so that a page costs no query for it)."""
    count = cache.get(COUNT_KEY)
    if count is None:
        count = OrganiserRequest.objects.filter(state=RequestState.PENDING).count()
        cache.set(COUNT_KEY, count, COUNT_SECONDS)
    return count


def forget_count() -> None:
    """The count of waiting requests changes: forget it now and once the change commits (a
    page read in between may have kept the count before it)."""
    cache.delete(COUNT_KEY)
    transaction.on_commit(lambda: cache.delete(COUNT_KEY))


def decided(limit: int = 50) -> list[OrganiserRequest]:
    """The latest decided requests, newest decision first, with their people."""
    rows = OrganiserRequest.objects.exclude(state=RequestState.PENDING)
    return list(rows.select_related("player", "decided_by").order_by("-decided_at", "-pk")[:limit])


def latest_for(person: Any) -> OrganiserRequest | None:
    """The person's latest request (waiting or answered), or ``None``."""
    if person is None or not person.is_authenticated:
        return None
    return (
        OrganiserRequest.objects.filter(player_id=person.pk)
        .select_related("decided_by")
        .order_by("-created", "-pk")
        .first()
    )
