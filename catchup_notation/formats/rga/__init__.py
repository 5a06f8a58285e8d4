"""rec.games.abstract posts (`rga`): the notation in modules of their own, one job each.

`format` is the notation as the registry sees it (`FORMAT`: reading, writing, detection);
`lines` (with grammars/rga.lark) parses a line; `blocks`, `board`, `diagrams`, `move_list`,
`games`, `reader` assemble lines into records; `prose`, `notes`, `context`, `text` and `variant`
read what surrounds a game; `mending` mends hand-typed coordinates; `writer` writes a post.
"""

from catchup_notation.formats.rga.format import FORMAT, RgaFormat, read_diagram

__all__ = ["FORMAT", "RgaFormat", "read_diagram"]
