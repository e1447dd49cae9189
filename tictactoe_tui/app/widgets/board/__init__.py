"""The board widget and its parts: where it sits, how it is drawn, how its squares look."""
