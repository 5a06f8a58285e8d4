"""Reading records from anywhere: files, folders, zip archives, standard input, open streams and
strings.

Every input is opened once and streamed: its first bytes are read for sniffing the format and then
handed on with the rest, so a FIFO, `/dev/stdin` or a process substitution loses nothing, and a
collection of any size is read in constant memory. Each record becomes a `Game`, readable or not;
a problem with an input as a whole (it cannot be opened, its format cannot be told) is one
unreadable `Game` in its place, and reading goes on with the next input.

The way down, one stage a module, each calling only those below it: `records` (the reading of
each input) -> `sources` (which inputs) -> `opening` (an input opened, decompressed, decoded) ->
`detection` (which notation) -> the notation's reader (`catchup_notation.formats`). `request` is
what every stage is handed; `fastpath` judges plain Little Golem games on the compiled core, the
one place where that choice is made.
"""

from catchup_notation.reading.opening import watch_reads
from catchup_notation.reading.records import Pieces, read, read_judging, read_text, split
from catchup_notation.reading.request import Request, make_request
from catchup_notation.reading.sources import STDIN, STDIN_NAME, Source, Survey, record_files, survey

__all__ = [
    "STDIN",
    "STDIN_NAME",
    "Pieces",
    "Request",
    "Source",
    "Survey",
    "make_request",
    "read",
    "read_judging",
    "read_text",
    "record_files",
    "split",
    "survey",
    "watch_reads",
]
