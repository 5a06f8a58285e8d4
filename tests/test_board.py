import pytest

from catchup_notation.board import Board, cell_count, hexhex


@pytest.mark.parametrize("side", range(2, 10))
def test_cell_counts_and_neighbours(side):
    board = hexhex(side)
    assert len(board) == cell_count(side) == 3 * side * (side - 1) + 1
    assert [len(row) for row in board.rows] == list(range(side, 2 * side)) + list(range(2 * side - 2, side - 1, -1))
    degrees = [len(n) for n in board.neighbours]
    # 6 corners with 3 neighbours, 6(n-2) edge cells with 4, the inside with 6
    assert degrees.count(3) == 6
    assert degrees.count(4) == 6 * (side - 2)
    assert degrees.count(6) == cell_count(side - 1)  # the inner hexhex of side n-1
    for i, around in enumerate(board.neighbours):
        for j in around:
            assert i in board.neighbours[j]  # adjacency is symmetric


def test_reading_order_and_labels():
    board = hexhex(5)
    assert board.cells[0] == (0, -4)  # A1: top row, left end
    assert board.cells[-1] == (0, 4)  # I5: bottom row, right end
    assert board.label((0, 0)) == "E5"
    assert board.label((-4, 4)) == "I1"
    assert board.label((4, -4)) == "A5"
    assert board.label((5, 0)) == "E10"  # off the board, named as the row continued
    assert board.label((9, -9)) == "(9, -9)"  # no row letter says it


@pytest.mark.parametrize("side", range(2, 9))
def test_labels_name_every_cell_once_and_read_back(side):
    board = hexhex(side)
    labels = [board.label(cell) for cell in board.cells]
    assert len(set(labels)) == len(labels)
    assert all(
        board.labelled(label[0], int(label[1:])) == cell for label, cell in zip(labels, board.cells, strict=True)
    )
    assert board.labelled("a", 1) == board.cells[0]  # either case


def test_boards_are_values():
    assert hexhex(4) == Board(hexhex(4).cells, side=4)
    assert hash(hexhex(4)) == hash(Board(hexhex(4).cells))
    assert hexhex(4) != hexhex(5)
    assert repr(hexhex(4)) == "hexhex(4)"


def test_small_boards_are_rejected():
    with pytest.raises(ValueError):
        hexhex(1)
    with pytest.raises(ValueError):
        Board([(0, 0)])
