"""Small server-side SVG charts (no JavaScript library): a line chart and a sparkline.

The output is a self-contained ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` that
states the numbers in words, so screen readers get the chart's content too.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

DATE_TICKS = 4  # dates on the x axis: the first, the last and two between


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def _local(moment: datetime) -> datetime:
    return timezone.localtime(moment) if timezone.is_aware(moment) else moment


def date_labels(dates: Sequence[datetime], ticks: int = DATE_TICKS) -> list[tuple[int, str]]:
    """``(index, label)`` of the dates to print under a chart: the first, the last and a few
    evenly between, none twice (points at the same moment share one label). Labels are as
    short as the span allows: times within a day (the first with its day: "3 Nov 14:05",
    "14:20"), "3 Nov" within a year, "3 Nov 2026" across years."""
    if not dates:
        return []
    local = [_local(d) for d in dates]
    first, last = local[0], local[-1]
    if first.date() == last.date():
        shape, first_shape = "H:i", "j M H:i"
    elif first.year == last.year:
        shape = first_shape = "j M"
    else:
        shape = first_shape = "j M Y"
    n = len(local)
    count = max(1, min(n, ticks))
    picks = sorted({round(k * (n - 1) / (count - 1)) for k in range(count)} if count > 1 else {0})
    kept: list[tuple[int, str]] = []  # (index, the label in full)
    for i in picks:
        full = date_format(local[i], first_shape)
        if kept and kept[-1][1] == full:
            if i != n - 1:
                continue
            kept.pop()  # the same moment as the tick before: keep the last point's
        kept.append((i, full))
    return [
        (i, full if k == 0 else date_format(local[i], shape)) for k, (i, full) in enumerate(kept)
    ]


def line_chart(
    values: Sequence[float],
    *,
    title: str,
    width: int = 560,
    height: int = 180,
    x_label: str = "match",
    y_label: str = "rating",
    dates: Sequence[datetime] | None = None,
    band: Sequence[tuple[float, float]] | None = None,
) -> SafeString:
    """A line chart of ``values`` in order (one point per value) with min/max gridlines.

    With ``dates`` (one per value) the x axis shows dates (:func:`date_labels`), else "start"
    and "after N matches". With ``band`` (a low and a high per value) a shaded band is drawn
    behind the line (a rating's uncertainty), the scale taking it in.
    """
    values = [float(v) for v in values]
    if not values:
        return format_html('<p class="muted">{}: no data yet.</p>', title)
    if dates is not None and len(dates) != len(values):
        raise ValueError(f"line_chart: {len(dates)} dates for {len(values)} values")
    if band is not None and len(band) != len(values):
        raise ValueError(f"line_chart: {len(band)} band points for {len(values)} values")
    left, right, top, bottom = 60, 12, 12, 28
    lo, hi = min(values), max(values)
    if band:
        lo, hi = min(lo, *(b[0] for b in band)), max(hi, *(b[1] for b in band))
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    n = len(values)
    xs = [left + (width - left - right) * (i / (n - 1) if n > 1 else 0.5) for i in range(n)]
    ys = [top + (height - top - bottom) * (hi - v) / (hi - lo) for v in values]
    points = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in zip(xs, ys, strict=True))
    y_hi, y_lo = top, height - bottom
    when = [date_format(_local(d), "j M Y") for d in dates] if dates else []
    span = f" ({when[0]} to {when[-1]})" if when and when[0] != when[-1] else ""
    span = span or (f" ({when[0]})" if when else "")
    desc = (
        f"{n - 1} {x_label}(es){span}: from {values[0]:.2f} to {values[-1]:.2f}; "
        f"lowest {min(values):.2f}, highest {max(values):.2f}."
    )
    dots = "".join(
        f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="2.5"><title>'
        f"{'start' if i == 0 else f'after {escape(x_label)} {i}'}"
        f"{f' ({when[i]})' if when else ''}: {v:.2f}</title></circle>"
        for i, (x, y, v) in enumerate(zip(xs, ys, values, strict=True))
    )
    if dates:
        ticks = date_labels(dates)
        last = len(values) - 1

        def anchor(i: int) -> str:
            return "start" if i == 0 and last else "end" if i == last and last else "middle"

        x_axis = (
            '<g class="dates">'
            + "".join(
                f'<text x="{_fmt(xs[i])}" y="{height - 8}" text-anchor="{anchor(i)}">'
                f"{escape(label)}</text>"
                for i, label in ticks
            )
            + "</g>"
        )
    else:
        x_axis = (
            f'<text x="{left}" y="{height - 8}">start</text>'
            f'<text x="{width - right}" y="{height - 8}" text-anchor="end">after {n - 1} '
            f"{escape(x_label)}(es)</text>"
        )
    band_svg = ""
    if band:

        def y_of(v: float) -> float:
            return top + (height - top - bottom) * (hi - v) / (hi - lo)

        edge = [(x, y_of(b[1])) for x, b in zip(xs, band, strict=True)]
        edge += [(x, y_of(b[0])) for x, b in reversed(list(zip(xs, band, strict=True)))]
        band_svg = (
            '<polygon class="band" points="'
            + " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in edge)
            + '"/>'
        )
    svg = (
        f'<svg class="chart" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{escape(title)}" preserveAspectRatio="xMidYMid meet">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
        f'<g class="grid"><line x1="{left}" y1="{y_hi}" x2="{width - right}" y2="{y_hi}"/>'
        f'<line x1="{left}" y1="{y_lo}" x2="{width - right}" y2="{y_lo}"/></g>'
        f'<g class="axis"><text x="{left - 6}" y="{y_hi + 4}" text-anchor="end">{hi:.1f}</text>'
        f'<text x="{left - 6}" y="{y_lo + 4}" text-anchor="end">{lo:.1f}</text>'
        f"{x_axis}</g>"
        f"{band_svg}"
        f'<polyline class="line" fill="none" points="{points}"/>'
        f'<g class="dots">{dots}</g></svg>'
    )
    return mark_safe(svg)  # every interpolated text above is escaped or a number


def sparkline(
    values: Sequence[float], *, label: str, width: int = 80, height: int = 20
) -> SafeString:
    """A tiny trend line (the last few ratings), labelled for screen readers."""
    values = [float(v) for v in values]
    if len(values) < 2:
        return mark_safe("")
    lo, hi = min(values), max(values)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    n = len(values)
    pts = " ".join(
        f"{_fmt(1 + (width - 2) * i / (n - 1))},{_fmt(height - 1 - (height - 2) * (v - lo) / (hi - lo))}"
        for i, v in enumerate(values)
    )
    up = values[-1] >= values[0]
    return mark_safe(
        f'<svg class="spark {"up" if up else "down"}" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}">'
        f'<polyline fill="none" points="{pts}"/></svg>'
    )
