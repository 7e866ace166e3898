"""What the page needs from the browser besides the DOM: localStorage behind the table's
Storage protocol, short sounds through Web Audio, and a file to download.

Runs only in the page (PyScript): it imports ``pyscript``.
"""

from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from hearts.sounds import notes
from hearts.storage import StorageUnavailable


def absent(value: Any) -> bool:
    """Whether a DOM lookup found nothing: JavaScript null arrives as jsnull, not None."""
    return value is None or type(value).__name__ == "JsNull"


class LocalStorage:
    """window.localStorage behind the table's Storage protocol; any refusal becomes
    StorageUnavailable (access denied in private modes, quota exceeded when full)."""

    def get(self, key: str) -> str | None:
        try:
            value = window.localStorage.getItem(key)
        except Exception as problem:  # a JsException of any kind means storage is unusable
            raise StorageUnavailable(str(problem)) from None
        # A missing key is JavaScript null, which Pyodide passes as jsnull, not None.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            window.localStorage.setItem(key, value)
        except Exception as problem:
            raise StorageUnavailable(str(problem)) from None


class Sound:
    """Short cues synthesised with Web Audio. The AudioContext is made on a tap or key press
    (browsers only let a page start audio after a gesture); a browser without Web Audio, a
    refused or suspended context just means silence, never an error."""

    def __init__(self) -> None:
        self.context: Any = None  # the AudioContext, once a gesture allowed one

    def wake(self, wanted: bool) -> None:
        if not wanted:
            return
        try:
            if self.context is None:
                maker: Any = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
                if absent(maker):
                    return
                self.context = maker.new()
            if self.context.state == "suspended":
                self.context.resume()
        except Exception as problem:  # no Web Audio here: stay silent
            window.console.warn(f"no sound: {problem}")
            self.context = None

    def play(self, cue: str) -> None:
        context = self.context
        if context is None:
            return
        try:
            if context.state != "running":
                return
            now = context.currentTime
            for note in notes(cue):
                oscillator, gain = context.createOscillator(), context.createGain()
                oscillator.type = note.wave
                start, end = now + note.start, now + note.start + note.length
                oscillator.frequency.setValueAtTime(note.frequency, start)
                gain.gain.setValueAtTime(0.0001, start)
                gain.gain.exponentialRampToValueAtTime(0.18, start + 0.015)
                gain.gain.exponentialRampToValueAtTime(0.0001, end)
                oscillator.connect(gain)
                gain.connect(context.destination)
                oscillator.start(start)
                oscillator.stop(end + 0.02)
        except Exception as problem:
            window.console.warn(f"sound {cue} not played: {problem}")


def download(filename: str, content: str) -> None:
    """Save ``content`` as a file: a Blob behind a temporary <a download>, the one way a static
    page offers a file without a server."""
    blob = window.Blob.new(to_js([content]), to_js({"type": "application/json"}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(window.URL.revokeObjectURL.bind(window.URL, url), 10_000)
