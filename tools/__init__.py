"""Development tools that are not part of the site (the custom import-linter contract)."""
