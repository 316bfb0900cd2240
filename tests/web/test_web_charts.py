"""The SVG chart helpers and the generic observation view: content, scaling and escaping."""

import re

from web.charts import line_chart, sparkline
from web.templatetags.web_tags import observation


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


def test_observation_view_escapes_engine_text_and_nests():
    html = str(
        observation(
            {
                "players": [{"name": "<b>bold</b>", "cards": ["A", "K"]}],
                "decks": [{"count": 3, "top": None}],
                "over": False,
            }
        )
    )
    assert "<b>bold</b>" not in html and "&lt;b&gt;bold&lt;/b&gt;" in html
    assert "A, K" in html and "<dt>over</dt><dd>no</dd>" in html
    assert '<table class="obs-table">' in html and "<td>—</td>" in html
