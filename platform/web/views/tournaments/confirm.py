"""A confirmation step before an organiser's action that is not undone with a click (drop,
disqualify, call time; a void; a pairing change that makes rematches).

The event page's button posts to the action's URL as before; without ``confirm=yes`` in the
post the view takes no action and answers with the confirmation page instead
(``templates/web/tournaments/confirm.html``): what will happen, in words, the reason field when
the action takes one, and two buttons — Confirm posts the same form again with ``confirm=yes``
(and every field it carries), Cancel goes back. Only that post acts. It needs no script: the
server refuses an unconfirmed post whatever the browser did.

How to use it in a view (a POST view; ``t`` the event)::

    from web.views.tournaments.confirm import Confirm, Reason, confirm_page, confirmed

    if not confirmed(request):
        return confirm_page(request, t, Confirm(
            question=f"Void table {table.number}?",
            details=["Neither player gets a result for it; the round closes without it."],
            button="Void the table",
            cancel=reverse("web-tournament-table", args=[t.pk, table.pk]),
            reason=Reason("void-reason", "Why void it", required=True),
            keep={"other-field": request.POST.get("other-field", "")},
        ))
    ... act (the service refuses a blank reason: show ``confirm_page`` again with
    ``error=...`` and the status, or the page the action came from) ...

``Reason`` takes its value from the post (so a reason typed on the event page is there to
check); ``keep`` lists the other posted fields to send again, hidden. ``danger`` (the default)
draws Confirm as a destructive button.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Tournament

CONFIRM_FIELD = "confirm"


@dataclass(frozen=True)
class Reason:
    """The reason field of a confirmation: its posted name, label, and whether it is needed."""

    name: str
    label: str
    required: bool = False


@dataclass(frozen=True)
class Confirm:
    """What a confirmation page says and posts."""

    question: str
    details: Sequence[str]
    button: str
    cancel: str
    reason: Reason | None = None
    keep: dict[str, str] = field(default_factory=dict)
    danger: bool = True


def confirmed(request: HttpRequest) -> bool:
    """True only for the post of a confirmation page (``confirm=yes``)."""
    return request.method == "POST" and request.POST.get(CONFIRM_FIELD) == "yes"


def confirm_page(
    request: HttpRequest, t: Tournament, confirm: Confirm, *, error: str = "", status: int = 200
) -> HttpResponse:
    """The confirmation page of an action posted to ``request.path`` (nothing done yet)."""
    reason_value = request.POST.get(confirm.reason.name, "") if confirm.reason else ""
    return render(
        request,
        "web/tournaments/confirm.html",
        {
            "tournament": t,
            "confirm": confirm,
            "action": request.path,
            "keep": sorted(confirm.keep.items()),
            "reason_value": reason_value.strip()[:2000],
            "error": error,
        },
        status=status,
    )


def keep_posted(request: HttpRequest, *names: str, skip: Sequence[str] = ()) -> dict[str, str]:
    """Posted fields to send again from the confirmation page: those ``names``, or every field
    but the token, ``confirm`` and ``skip`` when none is named."""
    if names:
        return {n: request.POST.get(n, "") for n in names}
    leave = {"csrfmiddlewaretoken", CONFIRM_FIELD, *skip}
    return {k: v for k, v in request.POST.items() if k not in leave}
