"""``python -m tictactoe_tui``: the same as the ``tictactoe-tui`` command."""

import sys

from .cli import main

if __name__ == "__main__":  # the search process re-imports this module (spawn): do not relaunch
    sys.exit(main())
