"""The table a player sees, without the DOM: every UI decision (:class:`Table`, a state machine
driven by :meth:`Table.act` and the timers of :attr:`Table.bots`), what the page draws as plain data and
HTML, the settings, the keyboard, the saves and statistics kept in localStorage, and 复盘's viewer.

It builds on :mod:`hearts.game` and loads :mod:`hearts.ai` on first use (:func:`load_ai`), so the
table shows before the bots' code is imported. What the page calls on the table is exported here.
"""

from .bot_turns import Wait, load_ai, pause_before_end
from .machine import Table, open_table
from .reply import Browser, Reply

__all__ = ["Table", "Reply", "Browser", "Wait", "open_table", "load_ai", "pause_before_end"]
