"""Forms of the web pages. Accounts reuse Django's auth forms and password validators."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, BaseUserCreationForm

from players.models import Player
from players.passwords import PASSWORD_MAX_LENGTH
from ratings.bot_names import bot_name, strength_text


class LoginForm(AuthenticationForm):
    """Django's log-in form; a password longer than any we accept is refused before hashing."""

    password = forms.CharField(
        label="Password",
        strip=False,
        max_length=PASSWORD_MAX_LENGTH,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )


#: The time zone a sign-up form preselects when neither the browser nor a cookie says one.
DEFAULT_ZONE = "UTC"


class SignUpForm(BaseUserCreationForm):
    """Django's sign-up form (two passwords, every configured validator) plus the profile, with
    the time zone every time on the site is shown in.

    The zone is preselected with ``zone`` (the browser's, from ``web.zones``' cookie, else
    UTC); on a fresh form ``web/zone.js`` replaces it with the browser's own guess
    (``data-browser-zone="guess"``), so the field works without JavaScript too.
    """

    class Meta(BaseUserCreationForm.Meta):
        model = Player
        fields = ["username", "email", "display_name", "country", "time_zone"]

    def __init__(self, *args: Any, zone: str = DEFAULT_ZONE, **kwargs: Any):
        super().__init__(*args, **kwargs)
        from tournaments.night import zone_choices

        choices = zone_choices()
        known = {value for value, _ in choices}
        self.fields["time_zone"] = forms.ChoiceField(
            choices=choices,
            required=False,
            initial=zone if zone in known else DEFAULT_ZONE,
            label="Time zone",
            help_text="Every time on the site is shown in this zone; change it in your settings.",
            error_messages={
                "invalid_choice": "Time zone: “%(value)s” is not a time zone we know; "
                "choose yours from the list."
            },
            widget=forms.Select(attrs={"data-browser-zone": "" if self.is_bound else "guess"}),
        )

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username", "")
        if username and Player.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError("That user name is taken.")
        return username


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["display_name", "email", "country", "time_zone"]

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        from tournaments.night import zone_choices

        self.fields["time_zone"] = forms.ChoiceField(
            choices=[("", "Your browser's"), *zone_choices()],
            required=False,
            label="Time zone",
            help_text="Every time on the site is shown in this zone.",
            widget=forms.Select(attrs={"data-browser-zone": ""}),
        )


class TokenCreateForm(forms.Form):
    name = forms.CharField(
        max_length=60, help_text="What the token is for, e.g. the name of your bot script."
    )

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the token a name.")
        return name


class ActorForm(forms.Form):
    """Who acts on a ladder: yourself, or one of the bot accounts you may enter."""

    player = forms.ChoiceField(label="Account", required=False)

    def __init__(self, *args, accounts: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        self.accounts = {p.username: p for p in accounts}
        self.fields["player"].choices = [
            (p.username, bot_name(p) if p.is_bot else p.public_name) for p in accounts
        ]

    def clean_player(self) -> Player:
        username = self.cleaned_data.get("player") or ""
        if not username:
            return next(iter(self.accounts.values()))
        return self.accounts[username]


class QueueForm(ActorForm):
    """Join a ladder's queue: the account and, on a game with deck construction, the deck it
    brings (one of the person's legal registered decks, by name, or none: the game deals one)."""

    def __init__(
        self,
        *args,
        accounts: list[Player],
        versions: list[Any] | None = None,
        last_used: Any = None,
        **kwargs,
    ):
        super().__init__(*args, accounts=accounts, **kwargs)
        if versions is None:  # a game played without decks
            return
        preselected = last_used or (versions[0] if versions else None)
        self.fields["deck"] = forms.TypedChoiceField(
            label="Your deck",
            choices=[(v.pk, v.deck.name) for v in versions]
            + [("", "No deck: the game deals me one")],
            coerce=int,
            empty_value=None,
            required=False,
            initial=preselected.pk if preselected is not None else "",
            help_text="Your registered decks that are legal today; the one you last played on "
            "this ladder is chosen.",
            error_messages={
                "invalid_choice": "Choose one of your registered decks that is legal today "
                "(%(value)s is not one of them)."
            },
        )


class ChallengeForm(forms.Form):
    """Challenge with one account (yourself or a bot you may enter) against bot accounts."""

    challenger = forms.ChoiceField(label="Play as")
    rated = forms.BooleanField(required=False, initial=True, label="Rated")

    def __init__(self, *args, challengers: list[Player], bots: list[Player], opponents: int, **kw):
        super().__init__(*args, **kw)
        self.players = {p.username: p for p in [*challengers, *bots]}
        self.fields["challenger"].choices = [
            (p.username, bot_name(p) if p.is_bot else p.public_name) for p in challengers
        ]
        self.opponent_fields = []
        for i in range(opponents):
            name = f"opponent_{i}"
            self.fields[name] = forms.ChoiceField(
                label=f"Opponent {i + 1}" if opponents > 1 else "Opponent",
                choices=[(p.username, bot_name(p)) for p in bots],
                help_text=strength_text(bots) if i == opponents - 1 else "",
            )
            self.opponent_fields.append(name)

    def clean(self):
        data = super().clean()
        data["challenger_player"] = self.players.get(data.get("challenger", ""))
        data["opponent_players"] = [
            self.players[data[name]] for name in self.opponent_fields if data.get(name)
        ]
        return data


class ReasonForm(forms.Form):
    reason = forms.CharField(
        min_length=5,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Kept in the audit log with your name.",
    )


class CorrectForm(ReasonForm):
    """One placing per seat, as every page shows them (1 = first; equal placings tie).

    The audit service keeps 0-based ranks: :meth:`ranks` converts.
    """

    def __init__(self, *args, seats: list, **kwargs):
        super().__init__(*args, **kwargs)
        self.seat_fields = []
        held = Counter(s.player_id for s in seats)
        for n, s in enumerate(seats):
            name = f"placing_{s.seat}"
            # a player by name; the seat only tells apart two seats one player holds
            which = f" (seat {n + 1} of {len(seats)})" if held[s.player_id] > 1 else ""
            self.fields[name] = forms.IntegerField(
                label=f"Placing of {s.player.public_name}{which}",
                min_value=1,
                max_value=len(seats),
                initial=None if s.rank is None else s.rank + 1,
                help_text="1 is first; give equal placings for a tie.",
            )
            self.seat_fields.append(name)

    def ranks(self) -> list[int]:
        """The placings as the service's 0-based ranks, in seat order."""
        return [self.cleaned_data[name] - 1 for name in self.seat_fields]
