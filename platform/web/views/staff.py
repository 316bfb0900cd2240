"""Staff pages: the audit from the match page (verify, void, correct — via matches.audit) and
the requests to become an organiser (approve, refuse — via players.organisers)."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from matches import audit
from matches.models import Match, MatchSeat
from players import inbox, organisers
from web.forms import CorrectForm, ReasonForm
from web.organiser_forms import OrganiserAnswerForm
from web.queries import people_history
from web.views.accounts import private
from web.views.public import match_detail


def staff_only(view):
    @private
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_staff:
            raise PermissionDenied("Staff only.")
        return view(request, *args, **kwargs)

    return wrapped


def _get(pk: int) -> Match:
    from django.shortcuts import get_object_or_404

    return get_object_or_404(Match, pk=pk)


@staff_only
@require_POST
def verify(request: HttpRequest, pk: int) -> HttpResponse:
    match = _get(pk)
    try:
        report = audit.verify(match)
    except audit.AuditError as exc:
        messages.error(request, str(exc))
        return match_detail(request, pk, status=409)
    if report.ok:
        messages.success(request, f"Match {pk} reproduces: {report.message}.")
    else:
        messages.error(request, f"Match {pk} does not reproduce: {report.message}.")
    return redirect("web-match", pk=pk)


@staff_only
@require_POST
def void(request: HttpRequest, pk: int) -> HttpResponse:
    match = _get(pk)
    form = ReasonForm(request.POST, prefix="void")
    if form.is_valid():
        try:
            audit.void(match.pk, request.user, form.cleaned_data["reason"])
        except audit.AuditError as exc:
            if exc.conflict:  # the match changed under us: say so above the page
                messages.error(request, str(exc))
                return match_detail(request, pk, status=409)
            form.add_error("reason" if exc.field == "reason" else None, str(exc))
        else:
            messages.success(request, f"Match {pk} voided; its ladder was recomputed.")
            return redirect("web-match", pk=pk)
    return match_detail(request, pk, status=400, void_form=form)


@staff_only
@require_POST
def correct(request: HttpRequest, pk: int) -> HttpResponse:
    match = _get(pk)
    seats = list(MatchSeat.objects.filter(match=match).select_related("player").order_by("seat"))
    form = CorrectForm(request.POST, prefix="correct", seats=seats)
    if form.is_valid():
        try:
            audit.correct(match.pk, request.user, form.cleaned_data["reason"], form.ranks())
        except audit.AuditError as exc:
            if exc.conflict:  # the match changed under us: say so above the page
                messages.error(request, str(exc))
                return match_detail(request, pk, status=409)
            form.add_error("reason" if exc.field == "reason" else None, str(exc))
        else:
            messages.success(request, f"Match {pk} corrected; its ladder was recomputed.")
            return redirect("web-match", pk=pk)
    return match_detail(request, pk, status=400, correct_form=form)


def _organisers_page(
    request: HttpRequest, forms: dict[int, OrganiserAnswerForm] | None = None, status: int = 200
) -> HttpResponse:
    forms = forms or {}
    waiting = list(organisers.pending())
    history = people_history([r.player_id for r in waiting])
    rows = [
        (r, history[r.player_id], forms.get(r.pk) or OrganiserAnswerForm(prefix=f"r{r.pk}"))
        for r in waiting
    ]
    # The staff's "... asks to become an organiser" notifications point here.
    inbox.mark_read(request.user.pk, url=reverse("web-staff-organisers"))
    return render(
        request,
        "web/staff/organisers.html",
        {"rows": rows, "decided": organisers.decided()},
        status=status,
    )


@staff_only
def organiser_requests(request: HttpRequest) -> HttpResponse:
    """The requests to become an organiser: the waiting ones (who, when, why, where, what they
    played and entered) with Approve and Refuse, then the latest decided ones."""
    return _organisers_page(request)


@staff_only
@require_POST
def organiser_decide(request: HttpRequest, pk: int, decision: str) -> HttpResponse:
    """Approve or refuse request ``pk`` with the answer typed beside it (required to refuse)."""
    decide = {"approve": organisers.approve, "refuse": organisers.refuse}.get(decision)
    if decide is None:
        raise Http404("Approve or refuse.")
    form = OrganiserAnswerForm(request.POST, prefix=f"r{pk}")
    if form.is_valid():
        try:
            done = decide(pk, request.user, form.cleaned_data["answer"])
        except organisers.OrganiserRequestError as exc:
            if exc.status == 404:
                raise Http404(exc.message) from None
            if exc.status != 400:  # decided meanwhile (409), or not staff (403)
                messages.error(request, exc.message)
                return _organisers_page(request, status=exc.status)
            form.add_error("answer" if exc.field == "answer" else None, exc.message)
        else:
            name = done.player.public_name
            if decision == "approve":
                messages.success(request, f"{name} is an organiser now; they were told.")
            else:
                messages.success(request, f"{name}'s request was refused; they were told why.")
            return redirect("web-staff-organisers")
    return _organisers_page(request, {pk: form}, status=400)
