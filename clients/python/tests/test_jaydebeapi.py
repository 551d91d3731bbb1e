"""pandas on Sluice's own JDBC driver through JayDeBeApi (JPype), as notebooks that reach databases by JDBC do: the
driver's jar alone on the class path, a password login, typed rows, parameters, and pandas.read_sql."""

from datetime import date
from decimal import Decimal

import jaydebeapi
import pandas
import pytest

from conftest import PASSWORD, REPOSITORY, USER

DRIVER_CLASS = "dev.sluice.jdbc.SluiceDriver"


@pytest.fixture(scope="module")
def driver_jar():
    # the shaded jar, the whole driver (bin/sluice-gateway built it for the gateway fixture)
    jars = [
        path
        for path in (REPOSITORY / "jdbc-driver" / "target").glob("sluice-jdbc-driver-*.jar")
        if not path.name.startswith("original-")
    ]
    assert jars, "jdbc-driver/target has no driver jar; build the repository first"
    return str(jars[0])


@pytest.fixture
def connection(gateway, driver_jar):
    connection = jaydebeapi.connect(DRIVER_CLASS, f"jdbc:sluice://{gateway}", [USER, PASSWORD], driver_jar)
    yield connection
    connection.close()


def test_reads_typed_rows_with_parameters(connection):
    cursor = connection.cursor()
    cursor.execute(
        "SELECT n, CAST(n * 1.5 AS DECIMAL(10, 2)) AS half_again, DATE '2024-01-02' AS placed"
        " FROM (VALUES (1), (2), (3)) AS t(n) WHERE n > ? ORDER BY n",
        [1],
    )
    assert [column[0] for column in cursor.description] == ["n", "half_again", "placed"]
    rows = cursor.fetchall()
    cursor.close()
    assert [row[0] for row in rows] == [2, 3]
    # JayDeBeApi's own converters: DECIMAL as a float, DATE as ISO text
    assert [Decimal(str(row[1])) for row in rows] == [Decimal("3.0"), Decimal("4.5")]
    assert rows[0][2] == date(2024, 1, 2).isoformat()


def test_pandas_reads_a_query(connection):
    frame = pandas.read_sql("SELECT x, UPPER(w) AS w FROM (VALUES (1, 'a'), (2, 'b')) AS t(x, w) ORDER BY x", connection)
    assert list(frame.columns) == ["x", "w"]
    assert frame["x"].tolist() == [1, 2]
    assert frame["w"].tolist() == ["A", "B"]


def test_rollback_and_commit_are_accepted(connection):
    # JayDeBeApi turns auto-commit off and pandas commits; both must pass on a connection that wrote nothing
    connection.commit()
    connection.rollback()


def test_bad_sql_names_the_problem(connection):
    cursor = connection.cursor()
    # JayDeBeApi on JPype 1.x passes the driver's java.sql.SQLSyntaxErrorException on as it is
    with pytest.raises(Exception, match=r"42000.*Object 'no_such_table' not found"):
        cursor.execute("SELECT * FROM no_such_table")
    cursor.close()
