"""Tests of hearts.ai: the bots, Hard's search, hints and 复盘's verdicts."""
