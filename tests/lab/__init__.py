"""Tests of lab/: the arenas and the tools that read their runs."""
