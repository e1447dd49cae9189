"""The log an unhandled error leaves: its traceback in a file, so the terminal gets one line.

Pure Python, no Textual.
"""

from __future__ import annotations

import tempfile
import time
import traceback
from pathlib import Path

from .. import __version__
from .files import Paths


def write_crash_log(paths: Paths | None, error: BaseException) -> Path | None:
    """Write ``error``'s traceback to a new file in the data folder (the temporary folder if that
    cannot be written, or without ``paths``); the file, or None if none could be written."""
    text = f"tictactoe-tui {__version__}, {time.strftime('%Y-%m-%d %H:%M:%S')}\n" + "".join(
        traceback.format_exception(error)
    )
    name = time.strftime("crash-%Y%m%d-%H%M%S.log")
    folders = ([paths.data_dir] if paths is not None else []) + [Path(tempfile.gettempdir())]
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("w", dir=folder, prefix=name[:-4] + "-", suffix=".log",
                                             delete=False, encoding="utf-8") as log:  # fmt: skip
                log.write(text)
            return Path(log.name)
        except OSError:
            continue
    return None
