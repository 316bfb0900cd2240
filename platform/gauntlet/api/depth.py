"""How deeply a JSON document nests, measured without recursion: the API's parser and the
sockets (:mod:`gauntlet.sockets`) refuse documents deeper than :data:`MAX_DEPTH`. No Django or
DRF import, so the sockets can load it while the apps load."""

from __future__ import annotations

from typing import Any

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted in a request body."""


def depth_of(document: Any) -> int:
    """How deeply arrays and objects nest in ``document`` (a scalar is 0), without recursion."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in node)
    return deepest
