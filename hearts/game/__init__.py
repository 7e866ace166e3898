"""The game of Hearts, knowing nothing of a screen or of the bots: cards and deals, the rules, a
hand and a match, what one seat may see, and the versioned documents they are saved as.

Nothing here imports :mod:`hearts.ai` or :mod:`hearts.table` (tests/test_layers.py checks it).
The public API is re-exported by :mod:`hearts`; import the modules themselves for the rest.
Two modules serve the other layers too and live here so that the game can use them: the one
catalogue of user-facing strings (:mod:`hearts.game.strings`: an illegal play's reason is one of
them) and the bots' level names (:mod:`hearts.game.levels`: the table checks them at start-up,
before the bots' code loads).
"""
