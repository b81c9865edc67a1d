"""Scripted scenarios: fixed decks, whole turns, one test or more per flag value of rules B.1."""
