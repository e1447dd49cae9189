"""The game screen and its parts: the turn loop, the keys, the coach, hints, saving, the palette's commands."""
