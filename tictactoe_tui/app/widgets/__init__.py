"""The widgets the screens are drawn with: the board, the sidebar, the status line, the review's charts."""
