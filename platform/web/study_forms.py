"""The form that starts a bot study. It only shapes input: the rules are insights.studies'."""

from __future__ import annotations

from django import forms

from engines.registry import game_slugs, get_game


class StudyForm(forms.Form):
    game = forms.ChoiceField(choices=())
    decks = forms.CharField(
        required=False,
        help_text="Starter deck keys separated by commas (e.g. lightning-strike, "
        "blight-prebuilt); empty: dealt from each match's seed.",
    )
    bot = forms.CharField(initial="heuristic", help_text="random, heuristic, search:200...")
    matches = forms.IntegerField(min_value=1, max_value=5000, initial=100)
    batch_size = forms.IntegerField(min_value=1, max_value=200, initial=20)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(s, get_game(s).name) for s in game_slugs()]

    def clean_decks(self) -> list[str]:
        return [k.strip() for k in self.cleaned_data["decks"].replace(",", " ").split() if k]
