"""``python -m tictactoe_tui``: the same as the ``tictactoe-tui`` command."""

import sys

from .cli import main

sys.exit(main())
