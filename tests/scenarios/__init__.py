"""Scripted scenarios: fixed decks, whole turns, one test or more per flag value of RULES.md B.1."""
