"""Matches: scheduled, played by workers through the engines, audited."""
