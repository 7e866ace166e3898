"""Tests of hearts.game: cards, deals, the rules, a hand, a match, records."""
