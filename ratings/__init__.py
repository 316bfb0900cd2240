"""Rating ladders: TrueSkill per game and format, leaderboards, rating history."""
