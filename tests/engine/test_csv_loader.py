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
    ("x1,x2,label\n1,2,a\n3,abc,b\n", 3, "x2",
     "'abc' is not a number: choose columns of numbers with --features (x1)"),
    ("x1,label\ninf,a\n3,b\n", 2, "x1", "'inf' is not a finite number"),
    ("x1,label\n1,a\n-Infinity,b\n", 3, "x1", "'-Infinity' is not a finite number"),
])
def test_bad_values_name_file_line_and_column(write, text, line, column, what):
    """A column asked for (--features) whose cell is not a number, or infinite: the
    place, and the columns of numbers to choose from."""
    path = write(text)
    message = error_of(path, features=("x1", "x2") if "x2" in text else None)
    assert message.startswith(f"{path}:{line}: column {column!r}: ")
    assert what in message


@pytest.mark.parametrize("text, line, what", [
    ("x1,x2,label\n1,2,a\n3,4\n", 3, "2 fields, but the header has 3"),
    ("x1,x2,label\n1,2,a\n\n\n3,4,b,5\n", 5, "4 fields, but the header has 3"),
    ("label\na\nb\n", 1, "no feature columns"),
])
def test_bad_rows_name_file_and_line(write, text, line, what):
    path = write(text)
    message = error_of(path)
    assert message.startswith(f"{path}:{line}: ") and what in message


def test_line_numbers_count_lines_not_records(write):
    """A quoted field may span lines; the error names the line the bad row starts on."""
    path = write('x,label\n1,"first\nclass"\n2,b\nabc,b\n')
    assert error_of(path, features=("x",)).startswith(
        f"{path}:5: column 'x': 'abc' is not a number")


def test_three_classes_say_what_to_type(write):
    """More than two classes and neither --classes nor --positive: the classes, and the
    two ways on, in one line."""
    path = write("x,label\n1,a\n2,b\n3,a\n4,c\n")
    message = error_of(path)
    assert message.startswith(f"{path}: column 'label' has 3 classes ('a', 'b', 'c')")
    assert "--classes a,c" in message and "--positive c" in message


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


# -- a CSV as published: only the columns used are read -----------------------------------


@pytest.fixture
def published(tmp_path):
    """Iris (from scikit-learn's wheel) as a table is published: a byte-order mark, a
    header with spaces, capitals and units, the species as text with three classes, a
    text column nobody asks for, a pandas index column with no name, a few empty and
    NA cells, and one column in grams a hundred times the others' scale. Returns the
    writer (separator, decimal comma) and the values it wrote."""
    from sklearn.datasets import load_iris

    iris = load_iris()
    species = iris.target_names[iris.target]
    sepal_mm = np.round(iris.data[:, 0] * 10, 1)
    petal_g = np.round(iris.data[:, 2] * 1000)
    missing = {5: "", 17: "NA", 60: "nan"}  # sepal length missing on these rows (0-based)

    def write(separator=",", decimal=".", name="iris-published.csv"):
        lines = [separator.join(["", "Species", "Garden", "Sepal Length (mm)",
                                 "petal mass [g]"])]
        for k in range(len(species)):
            sepal = missing.get(k, f"{sepal_mm[k]:.1f}".replace(".", decimal))
            lines.append(separator.join([str(k), species[k], ["Kew", "Wisley"][k % 2], sepal,
                                         f"{petal_g[k]:.0f}"]))
        path = tmp_path / name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8-sig")
        return path

    return write, species, sepal_mm, petal_g, sorted(missing)


@pytest.mark.parametrize("separator, decimal", [(",", "."), (";", ","), ("\t", "."),
                                                ("\t", ",")])
def test_a_published_table_reads_as_it_is(published, separator, decimal):
    """Any of the three separators, decimal commas beside semicolons or tabs; the label
    column and the features named as a person would type them; the text column and the
    index never read as numbers; rows with a missing value left out and counted; two of
    three classes kept, the second as +1."""
    write, species, sepal_mm, petal_g, missing = published
    path = write(separator, decimal)
    data = load_csv(path, label_column="species", features=("sepal length", "Petal mass"),
                    classes=("versicolor", "virginica"))
    keep = np.array([s in ("versicolor", "virginica") and k not in missing
                     for k, s in enumerate(species)])
    np.testing.assert_array_equal(data.X, np.column_stack([sepal_mm, petal_g])[keep])
    np.testing.assert_array_equal(data.y, np.where(species[keep] == "virginica", 1.0, -1.0))
    assert data.label_names == ("versicolor", "virginica")
    assert data.feature_names == ("Sepal Length (mm)", "petal mass [g]")
    assert data.params["missing_rows"] == len(missing)
    assert data.params["missing_lines"] == [k + 2 for k in missing]  # the header is line 1
    assert data.params["other_class_rows"] == int(np.sum((species == "setosa")
                                                         & ~np.isin(np.arange(150), missing)))


def test_one_class_against_the_rest(published):
    """--positive alone, of three classes: that class is +1, every other -1 (and a value
    missing in a column not used leaves no row out)."""
    write, species, *_ = published
    data = load_csv(write(), label_column="Species", positive="setosa",
                    features=("petal mass",))
    np.testing.assert_array_equal(data.y, np.where(species == "setosa", 1.0, -1.0))
    assert data.label_names == ("not setosa", "setosa")
    assert "missing_rows" not in data.params


def test_without_features_every_column_of_numbers_is_read(published):
    """No --features: the columns of numbers (the unnamed index among them), the text
    column named as left out."""
    write, *_ = published
    data = load_csv(write(), label_column="species", positive="setosa")
    assert data.feature_names == ("column 1", "Sepal Length (mm)", "petal mass [g]")
    assert data.params["text_columns"] == ["Garden"]


@pytest.mark.parametrize("options, expected", [
    (dict(features=("Garden", "petal mass")),
     "column 'Garden': 'Kew' is not a number: choose columns of numbers with --features "
     "(column 1, Sepal Length (mm), petal mass [g])"),
    (dict(features=("petal width",)),
     "--features: no feature column 'petal width'; the columns with numbers are: 'column 1', "
     "'Sepal Length (mm)', 'petal mass [g]'"),
    (dict(classes=("setosa", "rose")),
     "--classes 'rose' is not a label; the labels are 'setosa', 'versicolor', 'virginica'"),
    (dict(), "column 'Species' has 3 classes ('setosa', 'versicolor', 'virginica'): keep two "
             "with --classes setosa,virginica (the second is +1), or one against the rest "
             "with --positive virginica"),
    (dict(classes=("setosa", "virginica"), positive="setosa"),
     "with --classes the second class is +1; leave --positive out"),
])
def test_every_refusal_says_what_to_type(published, options, expected):
    write, *_ = published
    message = error_of(write(), label_column="species", **options)
    assert expected in message


def test_rows_left_out_for_missing_values_are_said_at_the_command_line(published):
    """The CLI says in one line each what reading left out, and the data still gets in."""
    from click.testing import CliRunner

    from linviz_cli.app import cli

    write, *_ = published
    result = CliRunner().invoke(cli, ["trace", "perceptron", "--data", str(write()),
                                      "--label-column", "species", "--classes",
                                      "versicolor,virginica", "--features",
                                      "sepal length,petal mass", "--out", "-"])
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if line.startswith("note: ")]
    assert notes == ["note: 3 rows with a missing value left out (lines 7, 19, 62)",
                     "note: 48 rows of other classes left out (kept: versicolor as -1, "
                     "virginica as +1)"]


def test_feature_names_that_hold_commas_are_chosen_as_typed_on_the_command_line(write):
    """--features splits at commas; a column named "alcohol, standardised" is found again
    from its pieces, in the order asked, beside a plain name, and by the command line."""
    from click.testing import CliRunner

    from linviz_cli import cli

    path = write('"alcohol, std","depth",kind,"flavanoids, std"\n'
                 "1,10,a,100\n2,20,b,200\n3,30,a,300\n")
    data = load_csv(path, label_column="kind", features=("flavanoids", "std", "alcohol",
                                                         " std", "depth"))
    assert data.feature_names == ("flavanoids, std", "alcohol, std", "depth")
    np.testing.assert_array_equal(data.X, [[100, 1, 10], [200, 2, 20], [300, 3, 30]])
    done = CliRunner().invoke(cli, ["trace", "perceptron", "--data", str(path),
                                    "--label-column", "kind", "--features",
                                    "flavanoids, std,alcohol, std"])
    assert done.exit_code == 0, done.output
    # a name not there: the message quotes each column, so a comma inside one is clear
    with pytest.raises(DataError, match=r"no feature column 'flavanoid'; the columns with "
                                        r"numbers are: 'alcohol, std', 'depth', "
                                        r"'flavanoids, std'"):
        load_csv(path, label_column="kind", features=("flavanoid", "std"))
