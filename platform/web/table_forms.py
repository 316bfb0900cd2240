"""Forms of a tournament table: a result (reported by a player, corrected by the organiser), a
reason for the audit log, settling a stuck table."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.pairing import ordinal


class ResultForm(forms.Form):
    """A table's result in seat order: games won (and drawn) for two players, placings for a pod."""

    def __init__(self, *args: Any, players: list[str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.pod = len(players) > 2
        for i, name in enumerate(players):
            if self.pod:  # each player's place by name: 1st, 2nd... (equal places tie)
                self.fields[f"placing_{i}"] = forms.TypedChoiceField(
                    label=f"{name} finished",
                    coerce=int,
                    choices=[("", "—")] + [(p, ordinal(p)) for p in range(1, len(players) + 1)],
                )
            else:
                self.fields[f"wins_{i}"] = forms.IntegerField(
                    label=f"Games won by {name}", min_value=0, max_value=9
                )
        if not self.pod:
            self.fields["draws"] = forms.IntegerField(
                label="Drawn games", min_value=0, max_value=9, initial=0, required=False
            )
        self.n = len(players)

    def result(self) -> dict[str, Any]:
        """The result document of ``tournaments.results`` (placings 0-based)."""
        d = self.cleaned_data
        if self.pod:
            return {"placings": [d[f"placing_{i}"] - 1 for i in range(self.n)]}
        return {"wins": [d["wins_0"], d["wins_1"]], "draws": d.get("draws") or 0}

    def field_for(self, backend_field: str) -> str | None:
        """The form field a backend error is about (``wins`` -> ``wins_0``), if any."""
        names = {"wins": "wins_0", "draws": "draws", "placings": "placing_0"}
        name = names.get(backend_field, backend_field)
        return name if name in self.fields else None


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Kept in the tournament's audit log with your name.",
    )


class OptionalReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )


class CorrectForm(ResultForm):
    """The organiser's result, with the reason kept in the audit log."""

    def __init__(self, *args: Any, players: list[str], **kwargs: Any):
        super().__init__(*args, players=players, **kwargs)
        self.fields["reason"] = forms.CharField(
            max_length=2000,
            widget=forms.Textarea(attrs={"rows": 2}),
            help_text="Kept in the tournament's audit log with your name.",
        )


class TimeoutForm(forms.Form):
    """A stuck table: award it to one player, or void it."""

    action = forms.ChoiceField(
        choices=[("award", "Award the table to a player"), ("void", "Void the table")],
        widget=forms.RadioSelect,
        initial="award",
    )
    winner = forms.TypedChoiceField(coerce=int, required=False, label="Awarded to")
    reason = forms.CharField(
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Kept in the tournament's audit log with your name.",
    )

    def __init__(self, *args: Any, seats: list[tuple[int, str]], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [("", "—"), *seats]
