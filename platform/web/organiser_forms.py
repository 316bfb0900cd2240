"""The forms of becoming an organiser: the person's request and staff's answer. They only shape
input: the rules are players.organisers'."""

from __future__ import annotations

from django import forms

from players.models import Venue
from players.organisers import ANSWER_MAX_LENGTH, REASON_MAX_LENGTH


class OrganiserRequestForm(forms.Form):
    reason = forms.CharField(
        label="Why you want to organise",
        max_length=REASON_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="The events you run or mean to run, for whom, how often. Staff read it.",
    )
    venue = forms.ChoiceField(
        label="Where you run events",
        choices=[("", "Rather not say"), *Venue.choices],
        required=False,
    )


class OrganiserAnswerForm(forms.Form):
    answer = forms.CharField(
        label="Answer",
        max_length=ANSWER_MAX_LENGTH,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="The person reads it. Required to refuse.",
    )
