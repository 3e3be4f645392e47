"""Loading labelled data from CSV files, and every way a file can be wrong."""

from __future__ import annotations

import re

import numpy as np
import pytest

from linviz import CLASSIFICATION, REGRESSION, DataError, load_csv


@pytest.fixture
def write(tmp_path):
    def write(text: str, name: str = "points.csv", encoding: str = "utf-8"):
        path = tmp_path / name
        path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
        return path
    return write


# -- good files -------------------------------------------------------------------------


def test_features_and_numeric_labels(write):
    path = write("x1,x2,label\n0.5,-1,0\n2,3e-1,1\n-4,5,1\n")
    data = load_csv(path)
    np.testing.assert_array_equal(data.X, [[0.5, -1.0], [2.0, 0.3], [-4.0, 5.0]])
    np.testing.assert_array_equal(data.y, [-1.0, 1.0, 1.0])
    assert data.task == CLASSIFICATION and data.name == "points"
    assert data.label_names == ("0", "1")
    assert data.params == {"file": str(path), "label_column": "label"}


def test_the_larger_number_is_positive_not_the_later_string(write):
    # as text "9" > "10"; as numbers 10 > 9
    data = load_csv(write("x,label\n1,9\n2,10\n3,9\n"))
    np.testing.assert_array_equal(data.y, [-1.0, 1.0, -1.0])
    assert data.label_names == ("9", "10")


def test_negative_numeric_labels(write):
    data = load_csv(write("x,label\n1,-1\n2,1\n"))
    np.testing.assert_array_equal(data.y, [-1.0, 1.0])


def test_text_labels_later_in_sorted_order_is_positive(write):
    data = load_csv(write("length,species\n1.4,virginica\n4.7,setosa\n5.1,virginica\n"))
    np.testing.assert_array_equal(data.y, [1.0, -1.0, 1.0])
    assert data.label_names == ("setosa", "virginica")


@pytest.mark.parametrize("positive, expected", [("9", [1.0, -1.0]), ("10", [-1.0, 1.0]),
                                                ("9.0", [1.0, -1.0])])
def test_positive_overrides_the_default(write, positive, expected):
    data = load_csv(write("x,label\n1,9\n2,10\n"), positive=positive)
    np.testing.assert_array_equal(data.y, expected)
    assert data.label_names[1] in (positive, str(int(float(positive))))


def test_positive_names_a_text_label(write):
    data = load_csv(write("x,kind\n1,spam\n2,ham\n"), positive="ham")
    np.testing.assert_array_equal(data.y, [-1.0, 1.0])
    assert data.label_names == ("spam", "ham")


def test_named_label_column(write):
    path = write("kind,x1,x2\nb,1,2\na,3,4\nb,5,6\n")
    data = load_csv(path, label_column="kind")
    np.testing.assert_array_equal(data.X, [[1, 2], [3, 4], [5, 6]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0, 1.0])
    assert data.params["label_column"] == "kind"


def test_one_and_one_point_zero_are_the_same_label(write):
    data = load_csv(write("x,label\n1,1\n2,1.0\n3,0\n4,1.00\n5,0.0\n"))
    np.testing.assert_array_equal(data.y, [1.0, 1.0, -1.0, 1.0, -1.0])


def test_blank_lines_whitespace_and_byte_order_mark_are_tolerated(write):
    path = write("\ufeffx , label\n\n 1 , a \n\n,\n2,b\n", encoding="utf-8")
    data = load_csv(path)
    np.testing.assert_array_equal(data.X, [[1.0], [2.0]])
    np.testing.assert_array_equal(data.y, [-1.0, 1.0])
    assert data.params["label_column"] == "label"


def test_regression_targets(write):
    data = load_csv(write("x,y\n0,0.5\n1,-2.25\n2,3\n"), task=REGRESSION)
    assert data.task == REGRESSION
    np.testing.assert_array_equal(data.y, [0.5, -2.25, 3.0])


# -- every error names the file, and the line and column where there is one -----------


def error_of(path, **kwargs):
    with pytest.raises(DataError) as caught:
        load_csv(path, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("text, line, column, what", [
    ("x1,x2,label\n1,2,a\n3,abc,b\n", 3, "x2", "'abc' is not a number"),
    ("x1,x2,label\n1,,a\n3,4,b\n", 2, "x2", "'(empty)' is not a number"),
    ("x1,label\nnan,a\n3,b\n", 2, "x1", "'nan' is not a finite number"),
    ("x1,label\n1,a\n3,b\nNaN,a\n", 4, "x1", "'NaN' is not a finite number"),
    ("x1,label\ninf,a\n3,b\n", 2, "x1", "'inf' is not a finite number"),
    ("x1,label\n1,a\n-Infinity,b\n", 3, "x1", "'-Infinity' is not a finite number"),
    ("x1,label\n1,a\n2, \n", 3, "label", "empty label"),
])
def test_bad_values_name_file_line_and_column(write, text, line, column, what):
    path = write(text)
    message = error_of(path)
    assert message.startswith(f"{path}:{line}: column {column!r}: ")
    assert what in message


@pytest.mark.parametrize("text, line, what", [
    ("x1,x2,label\n1,2,a\n3,4\n", 3, "2 fields, but the header has 3"),
    ("x1,x2,label\n1,2,a\n\n\n3,4,b,5\n", 5, "4 fields, but the header has 3"),
    ("label\na\nb\n", 1, "no feature columns"),
    ("x1,,label\n1,2,a\n3,4,b\n", 1, "header column 2 has no name"),
])
def test_bad_rows_name_file_and_line(write, text, line, what):
    path = write(text)
    message = error_of(path)
    assert message.startswith(f"{path}:{line}: ") and what in message


def test_line_numbers_count_lines_not_records(write):
    """A quoted field may span lines; the error names the line the bad row starts on."""
    path = write('x,label\n1,"first\nclass"\n2,b\nabc,b\n')
    assert error_of(path).startswith(f"{path}:5: column 'x': 'abc' is not a number")


def test_a_third_class_names_its_line(write):
    path = write("x,label\n1,a\n2,b\n3,a\n4,c\n")
    message = error_of(path)
    assert message.startswith(f"{path}:5: column 'label': a third label 'c'")
    assert "'a', 'b', 'c'" in message


def test_one_class_only(write):
    path = write("x,label\n1,a\n2,a\n3,a\n")
    assert error_of(path).startswith(f"{path}: column 'label': one class only ('a')")


@pytest.mark.parametrize("text, found", [("x,label\n1,a\n", 1), ("x,label\n", 0),
                                         ("x,label\n\n1,a\n\n", 1)])
def test_fewer_than_two_points(write, text, found):
    path = write(text)
    assert error_of(path) == f"{path}: needs at least two data rows, found {found}"


@pytest.mark.parametrize("text", ["", "\n\n", " , \n"])
def test_empty_file(write, text):
    path = write(text)
    assert error_of(path).startswith(f"{path}: empty file")


def test_missing_file(tmp_path):
    path = tmp_path / "absent.csv"
    assert error_of(path) == f"{path}: no such file"


def test_a_folder_is_not_a_file(tmp_path):
    assert "is a folder" in error_of(tmp_path)


def test_not_utf8(write):
    path = write(b"x,label\n1,\xff\xfe\n2,b\n")
    assert error_of(path).startswith(f"{path}: not a text file")


def test_unknown_label_column(write):
    path = write("x1,x2,label\n1,2,a\n3,4,b\n")
    message = error_of(path, label_column="kind")
    assert message.startswith(f"{path}:1: no column named 'kind'")
    assert "x1, x2, label" in message


def test_positive_must_be_one_of_the_labels(write):
    path = write("x,label\n1,a\n2,b\n")
    message = error_of(path, positive="z")
    assert message.startswith(f"{path}: column 'label': --positive 'z' is not one of the labels")
    assert "'a'" in message and "'b'" in message


def test_regression_targets_must_be_numbers(write):
    path = write("x,y\n1,2\n3,big\n")
    message = error_of(path, task=REGRESSION)
    assert message.startswith(f"{path}:3: column 'y': 'big' is not a number")


def test_positive_does_not_apply_to_regression(write):
    path = write("x,y\n1,2\n3,4\n")
    assert error_of(path, task=REGRESSION, positive="4").startswith(f"{path}: --positive")


def test_messages_are_one_line_and_start_with_the_path(write):
    for text in ["x,label\n1,a\n2\n", "x,label\nq,a\n2,b\n"]:
        path = write(text)
        assert re.match(re.escape(str(path)) + r":\d+: ", error_of(path))
