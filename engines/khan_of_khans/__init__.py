"""Khan of Khans engine: ``GAME`` is the registry's instance."""

from engines.khan_of_khans.game import KhanOfKhans

GAME = KhanOfKhans()

__all__ = ["GAME", "KhanOfKhans"]
