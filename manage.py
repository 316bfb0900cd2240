#!/usr/bin/env python
"""Django's command-line utility for Gauntlet."""

import os
import sys
from pathlib import Path

# platform/ is a source root (not a package): append it so the stdlib `platform` stays visible.
sys.path.append(str(Path(__file__).resolve().parent / "platform"))


def main() -> None:
    from gauntlet import paths

    paths.ensure()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gauntlet.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
