"""A bot's page: its published versions, each with its rating on each ladder, and the paired
comparisons between two of them ("is v2 better than v1?"); its owner (the bot itself, or
staff) publishes a version and asks for a comparison there (``ratings.versions``,
``ratings.comparisons``)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from players.models import Player
from ratings import comparison, comparisons, versions
from ratings.models import Ladder, VersionComparison
from ratings.uncertainty import percent_text
from ratings.version_models import VERSION_NAME_MAX, VERSION_NOTES_MAX
from web.views.accounts import private

COMPARISONS_SHOWN = 20  # the latest


class PublishForm(forms.Form):
    """A new version: its name, notes, and the spec a worker plays it with."""

    name = forms.CharField(max_length=VERSION_NAME_MAX, help_text="e.g. v2")
    notes = forms.CharField(
        max_length=VERSION_NOTES_MAX, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    spec = forms.CharField(
        max_length=80,
        required=False,
        label="Bot spec",
        help_text="What a worker plays, e.g. search:400; blank: you play it with an API token.",
    )


class ComparisonForm(forms.Form):
    """Two versions, a 1v1 ladder of their game, and how many games."""

    ladder = forms.ChoiceField()
    a = forms.ChoiceField(label="Version A (the older)")
    b = forms.ChoiceField(label="Version B (is it better?)")
    games = forms.IntegerField(
        min_value=2,
        max_value=comparison.MAX_GAMES,
        initial=comparison.DEFAULT_GAMES,
        help_text="An even number: pairs on one deal with the seats swapped.",
    )

    def __init__(self, *args, names: list[str], ladders: list[Ladder], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ladder"].choices = [(lad.slug, lad.name) for lad in ladders]
        choices = [(n, n) for n in names]
        self.fields["a"].choices = choices
        self.fields["b"].choices = choices
        if len(names) >= 2:
            self.fields["a"].initial, self.fields["b"].initial = names[-2], names[-1]


def _bot(username: str) -> Player:
    bot = Player.objects.filter(username=username, is_active=True, is_bot=True).first()
    if bot is None:
        raise Http404(f"No bot account {username!r}.")
    return bot


def _ladders(bot: Player) -> list[Ladder]:
    game = versions.bot_game(bot)
    return list(Ladder.objects.filter(game=game, seats=2, team_size=1).order_by("name"))


def _difference_text(s: dict) -> str:
    diff = s["difference"]
    if diff is None:
        return "Not both rated on this ladder yet: no rating difference."
    b, a = s["b"].player.public_name, s["a"].player.public_name
    return (
        f"Rating difference μ({b}) − μ({a}) = {diff.mean:+.2f} ± {diff.sd:.2f}; "
        f"P({b} above {a}) = {percent_text(diff.p_b_above)}."
    )


def _context(request: HttpRequest, bot: Player, **forms_given) -> dict:
    rows = versions.with_ratings(versions.versions_of(bot))
    found = VersionComparison.objects.filter(a__bot=bot).select_related(
        "ladder", "a__player", "b__player"
    )
    summaries = comparisons.summaries(list(found[:COMPARISONS_SHOWN]))
    for s in summaries:
        s["difference_text"] = _difference_text(s)
    context = {
        "bot": bot,
        "versions": rows,
        "current": rows[-1] if rows else None,
        "comparisons": summaries,
    }
    if versions.may_publish(request.user, bot):
        context["publish_form"] = forms_given.get("publish_form") or PublishForm()
        if len(rows) >= 2:
            context["comparison_form"] = forms_given.get("comparison_form") or ComparisonForm(
                names=[v.name for v in rows], ladders=_ladders(bot)
            )
    return context


def bot_page(request: HttpRequest, username: str) -> HttpResponse:
    """The bot's versions, their ratings, its comparisons (and the owner's forms)."""
    bot = _bot(username)
    return render(request, "web/bot.html", _context(request, bot))


def _refuse(form: forms.Form, exc: versions.VersionRefused) -> int:
    if exc.status == 403:
        raise PermissionDenied(exc.message)
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)
    return exc.status if exc.status != 404 else 400


@private
@require_POST
def bot_publish(request: HttpRequest, username: str) -> HttpResponse:
    """Publish a version (a bad field is a 400 naming it, nothing written)."""
    bot = _bot(username)
    if not versions.may_publish(request.user, bot):
        raise PermissionDenied("Only the bot itself, its owner or staff may publish versions.")
    form = PublishForm(request.POST)
    status = 400
    if form.is_valid():
        try:
            versions.publish(bot, request.user, **form.cleaned_data)
        except versions.VersionRefused as exc:
            status = _refuse(form, exc)
        else:
            return redirect("web-bot", username=bot.username)
    context = _context(request, bot, publish_form=form)
    return render(request, "web/bot.html", context, status=status)


@private
@require_POST
def bot_compare(request: HttpRequest, username: str) -> HttpResponse:
    """Ask for a paired comparison of two versions (scheduled at once)."""
    bot = _bot(username)
    if not versions.may_publish(request.user, bot):
        raise PermissionDenied("Only the bot itself, its owner or staff may compare versions.")
    rows = versions.versions_of(bot)
    ladders = _ladders(bot)
    form = ComparisonForm(request.POST, names=[v.name for v in rows], ladders=ladders)
    status = 400
    if form.is_valid():
        data = form.cleaned_data
        named = {v.name: v for v in rows}
        ladder = next(lad for lad in ladders if lad.slug == data["ladder"])
        try:
            comparisons.start(
                ladder, named[data["a"]], named[data["b"]], request.user, data["games"]
            )
        except versions.VersionRefused as exc:
            status = _refuse(form, exc)
        else:
            return redirect("web-bot", username=bot.username)
    context = _context(request, bot, comparison_form=form)
    return render(request, "web/bot.html", context, status=status)
