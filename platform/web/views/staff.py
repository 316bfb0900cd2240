"""Staff audit from the match page: verify (replay now), void, correct — via matches.audit."""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from matches import audit
from matches.models import Match, MatchSeat
from web.forms import CorrectForm, ReasonForm
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
