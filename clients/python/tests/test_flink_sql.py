"""The sqlglot dialect for Flink SQL: statements written back as they were read, and Flink runs what it writes."""

import pytest
import sqlglot
from sqlglot.errors import ParseError

from sluice_sqlalchemy.flink_sql import FlinkSQL

# each is written back unchanged
ROUND_TRIPS = [
    "SELECT CAST(a AS STRING), CAST(b AS BYTES), CAST(c AS VARCHAR), CAST(d AS VARBINARY(8)) FROM t",
    "SELECT CAST(a AS TIMESTAMP(3)), CAST(b AS TIMESTAMP_LTZ(3)), CAST(c AS TIMESTAMP), CAST(d AS DECIMAL(10, 2)) FROM t",
    "SELECT CAST(a AS ARRAY<INT>), CAST(b AS MAP<STRING, INT>), ARRAY[1, 2], MAP['a', 1]",
    "SELECT `select`, `my col` FROM `default_catalog`.`default_database`.`my table`",
    "SELECT a FROM t /*+ OPTIONS('scan.startup.mode' = 'earliest-offset') */ WHERE a = 1",
    "SELECT a FROM t /*+ OPTIONS('k' = 'v') */ AS x JOIN lake.db.u /*+ OPTIONS('a' = 'b', 'c' = 'd') */ ON x.a = u.a",
    "SELECT a FROM t /*+ OPTIONS('k' = 'v') */ LIMIT 5",
    "SELECT a FROM (SELECT a FROM t /*+ OPTIONS('k' = 'v') */) AS s /* a plain comment */ LIMIT 5",
    "SELECT /*+ BROADCAST(u) */ a FROM t JOIN u ON t.a = u.a",
    "INSERT INTO sink /*+ OPTIONS('sink.parallelism' = '2') */ SELECT * FROM src",
    "SELECT * FROM orders AS o JOIN rates /*+ OPTIONS('a' = 'b') */ FOR SYSTEM_TIME AS OF o.proc AS r ON o.c = r.c",
    "SELECT DATE '2024-01-02', TIME '12:00:00', TIMESTAMP '2024-01-02 03:04:05.123', CAST('2024-01-02' AS DATE)",
    "SELECT TIMESTAMPDIFF(DAY, a, b), TIMESTAMPADD(HOUR, 2, ts) FROM t",
    "SELECT POSITION('a' IN s), LOCATE('a', s, 2), TRIM(BOTH ' ' FROM s), TRIM(LEADING 'x' FROM s), TRIM(s) FROM t",
    "SELECT FLOOR(ts TO HOUR), FLOOR(ts - INTERVAL '1' DAY TO WEEK) + INTERVAL '1' DAY FROM t",
    "SELECT a FROM t WHERE s = 'it''s' LIMIT 10 OFFSET 5",
]


@pytest.mark.parametrize("sql", ROUND_TRIPS)
def test_writes_back_what_it_read(sql):
    assert sqlglot.transpile(sql, read=FlinkSQL, write=FlinkSQL) == [sql]


def test_pretty_output_keeps_hints_before_aliases():
    # Superset writes statements back pretty, one clause a line
    tree = sqlglot.parse_one("SELECT a FROM t /*+ OPTIONS('k'='v') */ AS x WHERE a > 1", read=FlinkSQL)
    assert FlinkSQL().generate(tree, pretty=True) == (
        "SELECT\n  a\nFROM t /*+ OPTIONS('k' = 'v') */ AS x\nWHERE\n  a > 1"
    )


def test_a_hint_where_flink_takes_none_is_a_parse_error():
    # Flink's parser refuses it too ("Encountered /*+"); a plain comment there is fine
    with pytest.raises(ParseError):
        sqlglot.parse_one("SELECT a /*+ x */ FROM t", read=FlinkSQL)
    assert sqlglot.transpile("SELECT a /* x */ FROM t", read=FlinkSQL, write=FlinkSQL) == ["SELECT a /* x */ FROM t"]


def test_is_registered_with_sqlglot_by_name():
    assert isinstance(sqlglot.Dialect.get_or_raise("flinksql"), FlinkSQL)


ORDERS = (
    "CREATE TEMPORARY TABLE orders (id INT, customer STRING, placed TIMESTAMP(3)) WITH ("
    " 'connector' = 'datagen', 'number-of-rows' = '5', 'fields.id.kind' = 'sequence', 'fields.id.start' = '1',"
    " 'fields.id.end' = '5')"
)

# statements whose written-back form must give Flink's answer to the original
RUNNABLE = [
    # the hint changes the answer: it survives only if it is written back as a hint
    "SELECT COUNT(*) FROM orders /*+ OPTIONS('number-of-rows'='3') */ AS o",
    "SELECT CAST(id AS STRING) AS s, CAST(placed AS TIMESTAMP_LTZ(3)) IS NOT NULL AS p FROM orders WHERE id <= 2",
    "SELECT `id` FROM `orders` WHERE id BETWEEN 2 AND 3 ORDER BY id",
    "SELECT TIMESTAMPDIFF(DAY, DATE '2024-01-01', DATE '2024-01-31'), POSITION('c' IN 'abc'), TRIM(BOTH 'x' FROM 'xax')",
    "SELECT ARRAY[1, 2], TIMESTAMP '2024-01-02 03:04:05.123', FLOOR(TIMESTAMP '2024-05-19 10:00:00' TO MONTH)",
]


@pytest.mark.parametrize("sql", RUNNABLE)
def test_flink_answers_the_written_back_statement_as_the_original(engine, sql):
    written = sqlglot.transpile(sql, read=FlinkSQL, write=FlinkSQL)[0]
    with engine.connect() as connection:
        connection.exec_driver_sql(ORDERS)
        assert connection.exec_driver_sql(written).all() == connection.exec_driver_sql(sql).all()
