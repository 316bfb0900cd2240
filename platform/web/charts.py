"""Small server-side SVG charts (no JavaScript library): a line chart and a sparkline.

The output is a self-contained ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` that
states the numbers in words, so screen readers get the chart's content too.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe


def _fmt(x: float) -> str:
    return f"{x:.1f}"


def line_chart(
    values: Sequence[float],
    *,
    title: str,
    width: int = 560,
    height: int = 180,
    x_label: str = "match",
    y_label: str = "rating",
) -> SafeString:
    """A line chart of ``values`` in order (one point per value) with min/max gridlines."""
    values = [float(v) for v in values]
    if not values:
        return format_html('<p class="muted">{}: no data yet.</p>', title)
    left, right, top, bottom = 48, 12, 12, 28
    lo, hi = min(values), max(values)
    if hi - lo < 1e-9:
        lo, hi = lo - 1, hi + 1
    n = len(values)
    xs = [left + (width - left - right) * (i / (n - 1) if n > 1 else 0.5) for i in range(n)]
    ys = [top + (height - top - bottom) * (hi - v) / (hi - lo) for v in values]
    points = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in zip(xs, ys, strict=True))
    y_hi, y_lo = top, height - bottom
    desc = (
        f"{n - 1} {x_label}(es): from {values[0]:.2f} to {values[-1]:.2f}; "
        f"lowest {min(values):.2f}, highest {max(values):.2f}."
    )
    dots = "".join(
        f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="2.5"><title>'
        f"{'start' if i == 0 else f'after {escape(x_label)} {i}'}: {v:.2f}</title></circle>"
        for i, (x, y, v) in enumerate(zip(xs, ys, values, strict=True))
    )
    svg = (
        f'<svg class="chart" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{escape(title)}" preserveAspectRatio="xMidYMid meet">'
        f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
        f'<g class="grid"><line x1="{left}" y1="{y_hi}" x2="{width - right}" y2="{y_hi}"/>'
        f'<line x1="{left}" y1="{y_lo}" x2="{width - right}" y2="{y_lo}"/></g>'
        f'<g class="axis"><text x="{left - 6}" y="{y_hi + 4}" text-anchor="end">{hi:.1f}</text>'
        f'<text x="{left - 6}" y="{y_lo + 4}" text-anchor="end">{lo:.1f}</text>'
        f'<text x="{left}" y="{height - 8}">start</text>'
        f'<text x="{width - right}" y="{height - 8}" text-anchor="end">after {n - 1} '
        f"{escape(x_label)}(es)</text></g>"
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
