import pytest

from catchup_notation.board import HexBoard, cell_count, cell_name, hexhex


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


def test_reading_order_and_names():
    board = hexhex(5)
    assert board.cells[0] == (0, -4)  # A1: top row, left end
    assert board.cells[-1] == (0, 4)  # I5: bottom row, right end
    assert cell_name((0, 0), 5) == "E5"
    assert cell_name((-4, 4), 5) == "I1"
    assert cell_name((4, -4), 5) == "A5"
    assert cell_name((5, 0), 5) == "(5, 0)"


def test_small_sides_are_rejected():
    with pytest.raises(ValueError):
        HexBoard(1)
