"""Tests of hearts.table: Table, what the page draws, settings, saves, statistics, 复盘's viewer."""
