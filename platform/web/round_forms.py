"""Forms of the organiser's round pages: two players swapped, the tables seated by hand, the
round's result slips. They only shape input: every rule is the tournaments app's
(:mod:`tournaments.pairings_edit`, :mod:`tournaments.slips`)."""

from __future__ import annotations

from typing import Any

from django import forms

from gauntlet.query import whole_number
from tournaments.models import Table
from tournaments.slips import DEFAULT_REASON, Slip, ordinal

REASON_HELP = "Kept in the tournament's audit log with your name, and shown with the pairing."


def _reason() -> forms.CharField:
    return forms.CharField(
        max_length=2000, widget=forms.Textarea(attrs={"rows": 2}), help_text=REASON_HELP
    )


class SwapForm(forms.Form):
    """Two players of two tables trade places."""

    entry_a = forms.TypedChoiceField(coerce=int, label="Swap")
    entry_b = forms.TypedChoiceField(coerce=int, label="with")
    reason = _reason()

    def __init__(
        self, *args: Any, first: list[tuple[int, str]], second: list[tuple[int, str]], **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.fields["entry_a"].choices = first
        self.fields["entry_b"].choices = second


class TablesForm(forms.Form):
    """Every open table of the round with a choice of player per seat (any of the open tables'
    players); the service checks that everyone sits once."""

    def __init__(
        self, *args: Any, tables: list[Table], players: list[tuple[int, str]], **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.tables = tables
        for table in tables:
            for i, entry in enumerate(table.entries):
                self.fields[seat_name(table, i)] = forms.TypedChoiceField(
                    coerce=int,
                    choices=players,
                    initial=entry,
                    label=f"Table {table.number}, seat {i + 1}",
                )
        self.fields["reason"] = _reason()

    def seats(self) -> dict[int, list[int]]:
        """The chosen players of each table (by id), in seat order."""
        d = self.cleaned_data
        return {tb.pk: [d[seat_name(tb, i)] for i in range(len(tb.entries))] for tb in self.tables}

    def table_fields(self, table: Table) -> list[Any]:
        return [self[seat_name(table, i)] for i in range(len(table.entries))]


def seat_name(table: Table, seat: int) -> str:
    return f"seat-{table.pk}-{seat}"


class ResultsGridForm(forms.Form):
    """The result slips of a round's tables: games won by each player and drawn games (two
    players), each player's placing (a pod), and a reason each; blank rows are left alone."""

    def __init__(self, *args: Any, tables: list[Table], names: dict[int, str], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.tables = tables
        for table in tables:
            players = [names.get(e, "?") for e in table.entries]
            if len(players) > 2:
                places = [("", "—")] + [(str(p), ordinal(p)) for p in range(1, len(players) + 1)]
                for i, name in enumerate(players):
                    self.fields[f"t{table.pk}-place_{i}"] = forms.ChoiceField(
                        choices=places, required=False, label=f"Place of {name}"
                    )
            else:
                for i, name in enumerate(players):
                    self.fields[f"t{table.pk}-wins_{i}"] = forms.CharField(
                        required=False,
                        label=f"Games won by {name}",
                        widget=forms.NumberInput(
                            attrs={"min": 0, "max": 9, "inputmode": "numeric"}
                        ),
                    )
                self.fields[f"t{table.pk}-draws"] = forms.CharField(
                    required=False,
                    label="Drawn games",
                    widget=forms.NumberInput(attrs={"min": 0, "max": 9, "inputmode": "numeric"}),
                )
            self.fields[f"t{table.pk}-reason"] = forms.CharField(
                required=False, max_length=2000, label="Reason", initial=DEFAULT_REASON
            )

    def row_fields(self, table: Table) -> list[Any]:
        """The table's inputs, the reason last."""
        prefix = f"t{table.pk}-"
        return [self[name] for name in self.fields if name.startswith(prefix)]

    def slips(self) -> list[Slip]:
        """The filled rows as slips (values as typed: a number, None when blank, the text when
        it is not a number); rows left blank are not slips."""
        d = self.cleaned_data
        out = []
        for table in self.tables:
            p = f"t{table.pk}-"
            if len(table.entries) > 2:
                raw = [d.get(f"{p}place_{i}") or "" for i in range(len(table.entries))]
                if not any(raw):
                    continue
                result = {"placings": [n - 1 if (n := whole_number(v)) else None for v in raw]}
            else:
                raw = [d.get(f"{p}wins_0", ""), d.get(f"{p}wins_1", ""), d.get(f"{p}draws", "")]
                raw = [(v or "").strip() for v in raw]
                if not any(raw):
                    continue
                a, b, draws = (_number(v) for v in raw)
                result = {"wins": [a, b], "draws": draws}
            out.append(Slip(table.pk, result, d.get(f"{p}reason", "")))
        return out


def _number(text: str) -> int | str | None:
    if not text:
        return None
    number = whole_number(text)
    return number if number is not None else text
