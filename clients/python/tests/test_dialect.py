"""The dialect against a real gateway, through SQLAlchemy's and pandas' public entry points.

A temporary table lives in the session of one connection, so each test that makes one works on one connection.
"""

import gc
import socket
from datetime import datetime
from decimal import Decimal

import pandas
import pytest
from sqlalchemy import (
    ARRAY,
    DECIMAL,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    cast,
    create_engine,
    exc,
    inspect,
    literal_column,
    select,
    text,
)

from sluice_sqlalchemy import TIMESTAMP, TIMESTAMP_LTZ, SluiceDialect

ORDERS = (
    "CREATE TEMPORARY TABLE orders ("
    " id INT NOT NULL, customer STRING, amount DECIMAL(10, 2), placed TIMESTAMP(3), noticed TIMESTAMP_LTZ(3),"
    " shipped BOOLEAN, tags ARRAY<STRING>, PRIMARY KEY (id) NOT ENFORCED"
    ") WITH ('connector' = 'datagen', 'number-of-rows' = '5', 'fields.id.kind' = 'sequence',"
    " 'fields.id.start' = '1', 'fields.id.end' = '5')"
)
NUMBERS = "SELECT * FROM (VALUES (1), (2), (3), (4), (5)) AS t(n)"


def test_reports_the_server_version(engine):
    with engine.connect():
        assert engine.dialect.server_version_info >= (0, 1)
        assert engine.dialect.flink_version_info >= (1,)


def test_lists_databases_tables_views_and_columns(engine):
    with engine.connect() as connection:
        connection.exec_driver_sql(ORDERS)
        connection.exec_driver_sql("CREATE TEMPORARY VIEW big_orders AS SELECT * FROM orders WHERE amount > 10")
        inspector = inspect(connection)

        assert "default_database" in inspector.get_schema_names()
        assert inspector.default_schema_name == "default_database"
        assert "orders" in inspector.get_table_names()
        assert "big_orders" in inspector.get_view_names()
        assert "big_orders" not in inspector.get_table_names()
        assert inspector.has_table("orders")
        assert not inspector.has_table("no_such_table")

        columns = {column["name"]: column for column in inspector.get_columns("orders")}
        assert list(columns) == ["id", "customer", "amount", "placed", "noticed", "shipped", "tags"]
        assert isinstance(columns["id"]["type"], Integer)
        assert columns["id"]["nullable"] is False
        assert columns["customer"]["nullable"] is True
        assert isinstance(columns["customer"]["type"], String) and columns["customer"]["type"].length is None
        assert (columns["amount"]["type"].precision, columns["amount"]["type"].scale) == (10, 2)
        assert type(columns["placed"]["type"]) is TIMESTAMP and columns["placed"]["type"].precision == 3
        assert type(columns["noticed"]["type"]) is TIMESTAMP_LTZ
        assert isinstance(columns["shipped"]["type"], Boolean)
        assert isinstance(columns["tags"]["type"], ARRAY)
        assert inspector.get_pk_constraint("orders")["constrained_columns"] == ["id"]
        with pytest.raises(exc.NoSuchTableError):
            inspector.get_columns("no_such_table")


def test_reflected_table_reads_flink_types(engine):
    with engine.connect() as connection:
        connection.exec_driver_sql(ORDERS)
        orders = Table("orders", MetaData(), autoload_with=connection)
        row = connection.execute(select(orders).where(orders.c.id == 1)).one()

    assert orders.primary_key.columns.keys() == ["id"]
    assert isinstance(row.amount, Decimal)
    assert isinstance(row.placed, datetime) and row.placed.tzinfo is None
    # TIMESTAMP_LTZ arrives as text with the session's offset and is read as an instant
    assert isinstance(row.noticed, datetime) and row.noticed.tzinfo is not None
    assert isinstance(row.tags, list) and all(isinstance(tag, str) for tag in row.tags)


def test_arrays_arrive_as_lists_maps_and_rows_as_flinks_text(engine):
    with engine.connect() as connection:
        row = connection.exec_driver_sql(
            "SELECT ARRAY['a', 'b'], ARRAY[1, 2], CAST(NULL AS ARRAY<INT>), MAP['k', 1], ROW(1, 'x')"
        ).one()
    assert list(row) == [["a", "b"], [1, 2], None, "{k=1}", "(1, x)"]


def test_select_with_limit_and_bound_parameters(engine):
    with engine.connect() as connection:
        connection.exec_driver_sql(ORDERS)
        orders = Table("orders", MetaData(), autoload_with=connection)
        query = select(orders.c.id).where(orders.c.id >= bindparam("low")).order_by(orders.c.id).limit(3)
        assert connection.execute(query, {"low": 2}).scalars().all() == [2, 3, 4]
        assert connection.execute(query.offset(2), {"low": 1}).scalars().all() == [3, 4, 5]

        numbers = text(f"{NUMBERS} WHERE n > :x")
        assert sorted(connection.execute(numbers, {"x": 3}).scalars()) == [4, 5]


def test_offset_alone_is_written_after_limit_all(engine):
    numbers = text(NUMBERS).columns(n=Integer).subquery()
    query = select(numbers.c.n).offset(3)
    assert "LIMIT ALL OFFSET" in str(query.compile(engine))
    with engine.connect() as connection:
        assert len(connection.execute(query).all()) == 2


def test_quotes_identifiers_with_back_ticks(engine):
    # reserved in Flink, not in SQLAlchemy's own list; and a name that only quoting makes legal
    things = Table("things", MetaData(), Column("value", Integer), Column("timestamp", BigInteger), Column("Odd Name", String))
    with engine.connect() as connection:
        connection.exec_driver_sql(
            "CREATE TEMPORARY VIEW things AS SELECT * FROM (VALUES (1, CAST(2 AS BIGINT), 'x'))"
            " AS t(`value`, `timestamp`, `Odd Name`)"
        )
        query = select(things).where(things.c["Odd Name"] == "x")
        assert "`Odd Name`" in str(query.compile(engine))
        assert connection.execute(query).one() == (1, 2, "x")


def test_casts_to_flink_types():
    dialect = SluiceDialect()

    def cast_sql(type_):
        return str(cast(literal_column("x"), type_).compile(dialect=dialect))

    # a VARCHAR without a length is VARCHAR(1) in Flink
    assert cast_sql(String()) == "CAST(x AS STRING)"
    assert cast_sql(String(10)) == "CAST(x AS VARCHAR(10))"
    assert cast_sql(DateTime()) == "CAST(x AS TIMESTAMP)"
    assert cast_sql(DateTime(timezone=True)) == "CAST(x AS TIMESTAMP_LTZ)"
    assert cast_sql(TIMESTAMP(3)) == "CAST(x AS TIMESTAMP(3))"
    assert cast_sql(DECIMAL(10, 2)) == "CAST(x AS DECIMAL(10, 2))"


def test_pandas_reads_a_query(engine):
    frame = pandas.read_sql(text(f"{NUMBERS} WHERE n <= :most"), engine, params={"most": 3})
    assert list(frame.columns) == ["n"]
    assert sorted(frame["n"]) == [1, 2, 3]


def test_transaction_blocks_commit_and_roll_back(engine):
    with engine.begin() as connection:
        assert connection.execute(text("SELECT 1")).scalar() == 1

    with pytest.raises(ZeroDivisionError):
        with engine.begin() as connection:
            connection.execute(text("SELECT 1"))
            1 / 0  # the block rolls back, which the gateway answers

    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))
        connection.rollback()
        assert connection.execute(text("SELECT 2")).scalar() == 2


def test_rollback_after_a_write_fails_unless_autocommit(url):
    sink = "CREATE TEMPORARY TABLE sink (n INT) WITH ('connector' = 'blackhole')"
    engine = create_engine(url, future=True)
    with engine.connect() as connection:
        connection.exec_driver_sql(sink)
        connection.exec_driver_sql("INSERT INTO sink VALUES (1)")
        with pytest.raises(exc.DBAPIError, match="cannot undo") as failure:
            connection.rollback()
        assert failure.value.orig.sqlstate == "25000"

    autocommit = create_engine(url, isolation_level="AUTOCOMMIT", future=True)
    with autocommit.connect() as connection:
        connection.exec_driver_sql(sink)
        connection.exec_driver_sql("INSERT INTO sink VALUES (1)")
        connection.rollback()
    engine.dispose()
    autocommit.dispose()


def test_bad_sql_is_a_dbapi_error_that_names_the_problem(engine):
    with engine.connect() as connection:
        with pytest.raises(exc.DBAPIError, match="no_such_table") as failure:
            connection.execute(text("SELECT * FROM no_such_table"))
    assert failure.value.orig.sqlstate == "42000"


# phoenixdb's Connection.__del__ tries to close the connection that the gateway refused to open, and fails again
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_wrong_password_is_refused(gateway):
    engine = create_engine(f"sluice://alice:wrong@{gateway}/")
    with pytest.raises(exc.DBAPIError, match="Authentication failed") as failure:
        engine.connect()
    assert failure.value.orig.sqlstate == "28000"
    engine.dispose()
    del failure
    gc.collect()  # here, where the warning is expected, rather than in a later test


def test_url_sets_catalog_database_and_flink_options(url):
    engine = create_engine(f"{url}?catalog=default_catalog&schema=default_database&execution.runtime-mode=streaming")
    with engine.connect() as connection:
        assert inspect(connection).default_schema_name == "default_database"
        options = dict(connection.exec_driver_sql("SET").all())
        assert options["execution.runtime-mode"] == "streaming"
    engine.dispose()

    missing = create_engine(f"{url}?schema=no_such_database")
    with pytest.raises(exc.DBAPIError, match="no_such_database"):
        missing.connect()
    missing.dispose()


def test_url_refuses_unknown_parameters():
    with pytest.raises(exc.ArgumentError, match="Unknown parameter catalogue in the sluice URL"):
        create_engine("sluice://127.0.0.1:8765/?catalogue=x").connect()


# as for the wrong password: phoenixdb's Connection.__del__ tries again to close what it could not open
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_https_connects_over_tls(tls_gateway):
    address, certificate = tls_gateway
    engine = create_engine(f"sluice+https://alice:sluice-test-password@{address}/?verify={certificate}")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT 1")).scalar() == 1
    engine.dispose()

    untrusted = create_engine(f"sluice+https://alice:sluice-test-password@{address}/")
    with pytest.raises(exc.OperationalError, match="CERTIFICATE_VERIFY_FAILED") as failure:
        untrusted.connect()
    untrusted.dispose()
    del failure
    gc.collect()


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_an_unreachable_gateway_is_an_operational_error(gateway):
    host, port = gateway.rsplit(":", 1)
    with socket.socket() as unused:  # a port where nothing listens, unless another process takes it meanwhile
        unused.bind((host, 0))
        address = f"{host}:{unused.getsockname()[1]}"
    engine = create_engine(f"sluice://alice:sluice-test-password@{address}/")
    with pytest.raises(exc.OperationalError, match="Cannot reach the Sluice gateway") as failure:
        engine.connect()
    assert failure.value.orig.sqlstate == "08001"
    engine.dispose()
    del failure
    gc.collect()
