"""One reading of tables written with pipes, shared by the checkers (raguard.normalize.pipe_tables)."""

from raguard.normalize.pipe_tables import table_at, tables

MARKDOWN = (
    "Harbour levels this week.\n"
    "| Gauge | Level (m) | Trend |\n"
    "|:------|----------:|-------|\n"
    "| Quayside | 3.40 | rising |\n"
    "| Old Pier | 2.95 | steady |\n"
    "Readings are provisional.\n"
)


def _texts(row):
    return [cell.text for cell in row.inner_cells()]


def test_a_markdown_table_has_its_header_and_rows_without_the_rule():
    (table,) = tables(MARKDOWN)
    assert _texts(table.header) == ["Gauge", "Level (m)", "Trend"]
    assert [_texts(row) for row in table.body()] == [["Quayside", "3.40", "rising"], ["Old Pier", "2.95", "steady"]]


def test_cells_keep_their_offsets():
    (table,) = tables(MARKDOWN)
    cell = table.body()[1].cells[2]
    assert cell.text == "2.95" and MARKDOWN[cell.start:cell.end].strip() == "2.95"


def test_a_first_row_of_values_is_no_header():
    text = "Kell Farm | 14 | open\nDray Lane | 9 | closed\n"
    (table,) = tables(text)
    assert table.header is None and len(table.body()) == 2


def test_a_header_may_hold_digits_when_no_cell_is_a_number():
    (table,) = tables("Site | Q1 2025 | Q2 2025\nNorth | 12 | 15\n")
    assert table.header is not None


def test_another_count_of_cells_starts_another_table():
    text = "| Team | Lead |\n| Amber | Tove Lind |\nUnit | Room | Floor\nB2 | 114 | 1\n"
    first, second = tables(text)
    assert _texts(first.header) == ["Team", "Lead"] and _texts(second.header) == ["Unit", "Room", "Floor"]
    assert _texts(second.body()[0]) == ["B2", "114", "1"]


def test_a_line_of_prose_ends_a_table():
    text = "| A | B |\n| 1 | 2 |\nThen more prose.\n| 3 | 4 |\n"
    assert [len(t.rows) for t in tables(text)] == [2, 1]


def test_a_line_with_one_pipe_is_no_row():
    assert list(tables("Either this | or that, said Mo.\nKeep | going\n")) == []


def test_table_at_finds_the_row_and_its_table_from_any_offset_in_it():
    found = table_at(MARKDOWN, MARKDOWN.index("Old Pier") + 2)
    assert found is not None
    table, n = found
    assert n == 2 and table.rows[n] is table.body()[1] and table.header is table.rows[0]
    assert table_at(MARKDOWN, MARKDOWN.index("provisional")) is None


def test_table_at_reads_the_same_table_as_tables():
    for row_word in ("Gauge", "Quayside", "Old Pier"):
        table, _ = table_at(MARKDOWN, MARKDOWN.index(row_word))
        assert table == next(tables(MARKDOWN))


def test_a_boxed_table_border_is_a_rule():
    text = "+------+-----+\n| Bay | Cars |\n+------+-----+\n| East | 40 |\n+------+-----+\n"
    (table,) = tables(text)
    assert _texts(table.header) == ["Bay", "Cars"] and [_texts(r) for r in table.body()] == [["East", "40"]]
    assert table_at(text, text.index("East"))[0] == table


def test_a_csv_or_tsv_is_read_as_a_table_with_its_delimiter() -> None:
    from raguard.normalize.pipe_tables import tables

    [csv] = list(tables("sku,qty,rebate_pct\nA-1,40,15\nA-2,12,7.5\n\nNotes follow.", ","))
    assert [c.text for c in csv.header.cells] == ["sku", "qty", "rebate_pct"]
    assert [[c.text for c in row.cells] for row in csv.body()] == [["A-1", "40", "15"], ["A-2", "12", "7.5"]]
    [tsv] = list(tables("name\tmins\nSpin\t45\n", "\t"))
    assert tsv.header is not None and [c.text for c in tsv.body()[0].cells] == ["Spin", "45"]
    # a line with one pipe is no pipe table's row, while one comma splits a CSV's line
    assert list(tables("a | b\nc | d\n")) == []
