"""The SVG chart helpers: content, scaling and escaping."""

import re
from datetime import UTC, datetime, timedelta

import pytest

from web.charts import date_labels, line_chart, sparkline


def test_line_chart_plots_every_point_within_the_box():
    svg = str(line_chart([0.0, 5.0, 2.5, 10.0], title="Rating", width=200, height=100))
    assert svg.startswith('<svg class="chart"') and 'role="img"' in svg
    points = re.search(r'<polyline class="line" fill="none" points="([^"]+)"', svg).group(1)
    pairs = [tuple(map(float, p.split(","))) for p in points.split()]
    assert len(pairs) == 4
    xs, ys = zip(*pairs, strict=True)
    assert list(xs) == sorted(xs) and min(xs) >= 0 and max(xs) <= 200
    assert min(ys) >= 0 and max(ys) <= 100
    assert ys[3] == min(ys) and ys[0] == max(ys)  # highest value drawn highest (SVG y grows down)
    assert "3 match(es): from 0.00 to 10.00; lowest 0.00, highest 10.00." in svg


def test_line_chart_escapes_text_and_handles_flat_and_empty_series():
    svg = str(line_chart([1.0, 1.0], title='<script>alert("x")</script>'))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "nan" not in svg.lower()
    assert "no data yet" in str(line_chart([], title="Empty"))


def test_sparkline_direction_and_label():
    assert 'class="spark up"' in str(sparkline([1, 2, 3], label="up"))
    assert 'class="spark down"' in str(sparkline([3, 2, 1], label='a "quoted" label'))
    assert "&quot;quoted&quot;" in str(sparkline([3, 2, 1], label='a "quoted" label'))
    assert str(sparkline([1], label="one point")) == ""


def _dates_of(svg: str) -> list[tuple[float, str, str]]:
    group = re.search(r'<g class="dates">(.*?)</g>', svg).group(1)
    return [
        (float(x), anchor, label)
        for x, anchor, label in re.findall(
            r'<text x="([\d.]+)" y="\d+" text-anchor="(\w+)">([^<]*)</text>', group
        )
    ]


def test_the_rating_chart_puts_dates_on_its_axis_first_last_and_between():
    days = [datetime(2026, 11, d, 18, 0, tzinfo=UTC) for d in (1, 2, 5, 9, 12, 16, 20)]
    svg = str(line_chart([0, 1, 2, 1, 3, 4, 5], title="Rating", dates=days))
    ticks = _dates_of(svg)
    assert [label for _, _, label in ticks] == ["1 Nov", "5 Nov", "12 Nov", "20 Nov"]
    xs = [x for x, _, _ in ticks]
    assert xs == sorted(xs) and xs[0] == 60.0 and xs[-1] == 548.0  # the plot's two ends
    assert [a for _, a, _ in ticks] == ["start", "middle", "middle", "end"]
    assert ">start<" not in svg and "after 6 match(es)</text>" not in svg  # dates instead
    assert "6 match(es) (1 Nov 2026 to 20 Nov 2026)" in svg
    assert "<title>after match 6 (20 Nov 2026): 5.00</title>" in svg


def test_date_labels_are_as_short_as_the_span_allows():
    same_day = [datetime(2026, 11, 3, h, m, tzinfo=UTC) for h, m in ((14, 5), (14, 20), (16, 0))]
    assert [label for _, label in date_labels(same_day)] == ["3 Nov 14:05", "14:20", "16:00"]
    years = [datetime(2025, 12, 30, tzinfo=UTC), datetime(2026, 1, 2, tzinfo=UTC)]
    assert [label for _, label in date_labels(years)] == ["30 Dec 2025", "2 Jan 2026"]
    # Points at the same moment (the start and the first match) share one label.
    twice = [same_day[0], same_day[0]]
    assert date_labels(twice) == [(1, "3 Nov 14:05")]
    many = [datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=d) for d in range(100)]
    assert [i for i, _ in date_labels(many)] == [0, 33, 66, 99]


def test_a_chart_without_dates_keeps_its_match_axis_and_refuses_a_mismatch():
    svg = str(line_chart([1.0, 2.0, 3.0], title="Rating"))
    assert '<g class="dates">' not in svg and "after 2 match(es)" in svg
    with pytest.raises(ValueError, match="2 dates for 3 values"):
        line_chart([1.0, 2.0, 3.0], title="Rating", dates=[datetime(2026, 1, 1, tzinfo=UTC)] * 2)


def test_line_chart_draws_a_band_behind_the_line_and_scales_to_it():
    svg = str(line_chart([1.0, 2.0], title="Rating", band=[(-5.0, 9.0), (0.0, 4.0)]))
    band = re.search(r'<polygon class="band" points="([^"]+)"', svg).group(1)
    assert len(band.split()) == 4  # two highs, then two lows back
    assert ">9.0</text>" in svg and ">-5.0</text>" in svg  # the axis takes the band in
    assert svg.index('class="band"') < svg.index('class="line"')  # behind the line
    with pytest.raises(ValueError, match="1 band points for 2 values"):
        line_chart([1.0, 2.0], title="Rating", band=[(0.0, 1.0)])
