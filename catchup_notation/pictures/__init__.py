"""Pictures of positions: the text board (`text`), SVG (`svg`) and their shared caption."""
