"""The player's notifications: the list (newest first, marked read when opened) and each
one's link (marked read when followed, then to the place to act)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from players import inbox
from web.views.accounts import private


@private
def notification_list(request: HttpRequest) -> HttpResponse:
    """Every recent notification of the player; opening the list marks them read."""
    notes = inbox.latest(request.user.pk)
    fresh = {n.pk for n in notes if n.read_at is None}
    inbox.mark_read(request.user.pk, fresh)
    return render(request, "web/notifications.html", {"notes": notes, "fresh": fresh})


@private
@require_POST
def mark_all_read(request: HttpRequest) -> HttpResponse:
    """Mark every notification read (from the list's button)."""
    inbox.mark_read(request.user.pk)
    return redirect("web-notifications")


@private
def follow(request: HttpRequest, pk: int) -> HttpResponse:
    """One notification's link: marked read, then to where the player acts on it."""
    note = inbox.follow(request.user.pk, pk)
    if note is None:
        raise Http404("No such notification of yours.")
    if not url_has_allowed_host_and_scheme(note.url, allowed_hosts=None):
        return redirect("web-notifications")
    return redirect(note.url)
