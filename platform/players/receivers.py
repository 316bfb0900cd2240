"""What the players app does when a person asks to become an organiser and when staff answer:
the stored notifications (:mod:`players.inbox`), inside the transaction that wrote the request."""

from __future__ import annotations

from typing import Any

from players import inbox
from players.models import NotificationKind, Player, RequestState, Role

REQUEST_PAGE = "/organisers/request/"
STAFF_PAGE = "/staff/organisers/"
TEXT_LENGTH = 300  # a notification's text


def clipped(text: str, limit: int = TEXT_LENGTH) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis saying so (the page has it whole)."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def on_organiser_requested(sender: Any, request: Any, **kwargs: Any) -> None:
    """Every admin is told that someone asks, with the staff page to answer on."""
    staff = Player.objects.filter(role=Role.ADMIN, is_active=True, is_bot=False).exclude(
        pk=request.player_id
    )
    name = request.player.public_name
    text = f"{name} asks to become an organiser: approve or refuse the request."
    inbox.post_many(
        [
            (pk, NotificationKind.ORGANISER_REQUEST, text, STAFF_PAGE)
            for pk in staff.values_list("pk", flat=True)
        ]
    )


def on_organiser_request_decided(sender: Any, request: Any, **kwargs: Any) -> None:
    """The person is told of the decision, with staff's answer."""
    if request.state == RequestState.APPROVED:
        text = "Your request to become an organiser was approved: you can create tournaments now."
        if request.answer:
            text += f" Staff said: {request.answer}"
    else:
        text = f"Your request to become an organiser was refused: {request.answer}"
    inbox.post(request.player_id, NotificationKind.ORGANISER_ANSWER, clipped(text), REQUEST_PAGE)
