"""The page's short sounds, as notes the browser synthesises with Web Audio (no sound files).

Each cue is a handful of notes: (frequency in Hz, start and length in seconds, waveform). The
page plays them only when sound is on (see :meth:`hearts.table.Table.take_cues`).

>>> [note.frequency for note in notes("your_turn")]
[660.0, 880.0]
"""

from __future__ import annotations

from typing import NamedTuple


class Note(NamedTuple):
    frequency: float
    start: float
    length: float
    wave: str = "sine"


_CUES: dict[str, tuple[Note, ...]] = {
    # A rising two-note chime: your move.
    "your_turn": (Note(660.0, 0.0, 0.12), Note(880.0, 0.1, 0.16)),
    # A falling pair: hearts may now be led.
    "hearts_broken": (Note(740.0, 0.0, 0.12, "triangle"), Note(494.0, 0.11, 0.2, "triangle")),
    # A low buzz: the queen of spades is out.
    "queen": (Note(196.0, 0.0, 0.28, "sawtooth"), Note(147.0, 0.06, 0.3, "square")),
    # A rising arpeggio: someone shot the moon.
    "moon": tuple(
        Note(frequency, index * 0.09, 0.22, "triangle") for index, frequency in enumerate((523.0, 659.0, 784.0, 1047.0))
    ),
}
CUES = tuple(_CUES)


def notes(cue: str) -> tuple[Note, ...]:
    """The notes of ``cue`` (one of :data:`CUES`); KeyError for anything else."""
    return _CUES[cue]
