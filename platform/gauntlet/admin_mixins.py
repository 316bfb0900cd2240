"""What the apps' Django admins share: times with their zone, and audited rows read-only.

- :class:`ZonedTimes`: every date and time of a change list's columns and of a change page's
  read-only fields is written by :func:`gauntlet.times.local_text` in the viewer's zone (the
  site's middleware activates it), the zone named: ``2026-12-04 19:00 Europe/Berlin``.
- :class:`ReadOnlyRows` and :class:`AuditNote`: rows the site changes only through its audited
  actions (a tournament's state, a table's result, a match, a rating...) are shown here, never
  added, changed or deleted; each page says in one line where the audited action is, with a
  link to the row's page on the site. The site's pages are reached by their URL names (no
  import of ``web``).

The bases :class:`ZonedAdmin`, :class:`AuditedAdmin` and :class:`AuditedInline` combine them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import admin
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from gauntlet.times import local_text


class ZonedTimes:
    """For a ModelAdmin or an inline: its model's date-and-time fields, wherever they are shown
    as text (list columns; read-only fields, all of them on a view-only page), in the viewer's
    zone with the zone named. Editable fields keep Django's inputs."""

    def zoned_column(self, name: str) -> Callable[[Any], str]:
        """The column (or read-only field) that shows the field ``name`` with its zone; one per
        field and admin, sortable by the field, named like it."""
        columns = self.__dict__.setdefault("_zoned_columns", {})
        if name not in columns:
            field = self.model._meta.get_field(name)

            def column(obj: Any) -> str:
                value = getattr(obj, name)
                return self.get_empty_value_display() if value is None else local_text(value)

            column.__name__ = name  # the page's CSS class and the field's help text
            columns[name] = admin.display(description=field.verbose_name, ordering=name)(column)
        return columns[name]

    def time_fields(self) -> set[str]:
        """The model's date-and-time fields."""
        return {f.name for f in self.model._meta.fields if isinstance(f, models.DateTimeField)}

    def zoned_fields(self, request: HttpRequest, obj: Any = None) -> set[str]:
        """The date-and-time fields the page shows as text: the read-only ones, and every one
        when the page is view-only."""
        times = self.time_fields()
        if obj is not None and not self.has_change_permission(request, obj):
            return times
        return times & {n for n in super().get_readonly_fields(request, obj) if isinstance(n, str)}

    def swap(self, names: Iterable[Any], zoned: set[str]) -> list[Any]:
        """``names`` with each of ``zoned`` replaced by its column (once), the rest as they are
        (tuples of fields on one line too)."""
        out: list[Any] = []
        for name in names:
            if isinstance(name, tuple | list):
                name = tuple(self.swap(name, zoned))
            elif isinstance(name, str) and name in zoned:
                name = self.zoned_column(name)
            if name not in out:
                out.append(name)
        return out

    def get_list_display(self, request: HttpRequest) -> list[Any]:
        return self.swap(super().get_list_display(request), self.time_fields())

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        # The fields themselves stay listed, so that no form takes them as inputs.
        names = list(super().get_readonly_fields(request, obj))
        zoned = self.zoned_fields(request, obj)
        return [*names, *(self.zoned_column(n) for n in sorted(zoned))]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        return self.swap(super().get_fields(request, obj), self.zoned_fields(request, obj))

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        zoned = self.zoned_fields(request, obj)
        return [
            (title, {**options, "fields": self.swap(options.get("fields", ()), zoned)})
            for title, options in super().get_fieldsets(request, obj)
        ]


class ReadOnlyRows:
    """No add, change or delete through the admin (viewing stays); ``deletable`` lets a row
    with nothing audited about it be deleted still (a stale queue entry)."""

    deletable = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self.deletable and super().has_delete_permission(request, obj)


class AuditNote:
    """A line on the change list and on each change page: where the site changes these rows
    (``audit_note``), then a link to the row's page (:meth:`site_page`) or, on the list, to the
    site's list (:meth:`site_list`), when there is one."""

    audit_note = ""
    change_list_template = "admin/gauntlet/audited_change_list.html"
    change_form_template = "admin/gauntlet/audited_change_form.html"

    def site_page(self, obj: Any) -> str | None:
        """The address of ``obj``'s page on the site (None: it has none)."""
        return None

    def site_list(self) -> str | None:
        """The address of the site's page listing these rows (None: none)."""
        return None

    def audit_line(self, obj: Any = None) -> SafeString:
        """The page's line: the note, then the link."""
        url = self.site_list() if obj is None else self.site_page(obj)
        if not url:
            return format_html("{}.", self.audit_note)
        return format_html('{}: <a href="{}">{}</a>', self.audit_note, url, url)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {**(extra_context or {}), "audit_line": self.audit_line()}
        return super().changelist_view(request, context)

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        add: bool = False,
        change: bool = False,
        form_url: str = "",
        obj: Any = None,
    ) -> HttpResponse:
        context["audit_line"] = self.audit_line(obj)
        return super().render_change_form(request, context, add, change, form_url, obj)


class ZonedAdmin(ZonedTimes, admin.ModelAdmin):
    """An editable model's admin, its times zoned."""


class AuditedAdmin(ReadOnlyRows, AuditNote, ZonedTimes, admin.ModelAdmin):
    """An audited model's admin: view only, the line saying where the site changes it."""


class AuditedInline(ReadOnlyRows, ZonedTimes, admin.TabularInline):
    """An audited model's rows inside another's page: view only."""

    extra = 0
    can_delete = False
