"""The Wilson score interval of a win rate (a dozen lines: scipy/statsmodels, 40+ MB, for one
formula is not worth it; the tests check it against a hand computation).

The formula is E. B. Wilson, "Probable inference, the law of succession, and statistical
inference", JASA 22 (1927), 209-212, as written in Agresti & Coull, "Approximate is better than
'exact' for interval estimation of binomial proportions", The American Statistician 52 (1998):
``(p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``. Shared by the matchup matrices
(``insights.matrix``) and a bot's version comparisons (``ratings.comparison``)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The standard normal quantile of 97.5 %: a two-sided 95 % interval."""


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """``(low, high)`` of the Wilson score interval for ``successes`` out of ``n`` (draws may
    count as halves); ``(0.0, 1.0)`` when ``n`` is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)
