"""What lasts between sessions: settings, statistics and saved games. Pure Python, no Textual."""
