"""The engine spec as Superset loads it, and its SQL: the time grains on the real gateway, the literals, the parser."""

from datetime import date, datetime

import pytest
from sqlalchemy.engine.url import make_url

STAMP = "TIMESTAMP '2024-05-19 13:47:29.123'"  # a Sunday
# what each grain makes of STAMP: Superset's plain week starts on Monday
FLOORED = {
    None: datetime(2024, 5, 19, 13, 47, 29, 123000),
    "PT1S": datetime(2024, 5, 19, 13, 47, 29),
    "PT1M": datetime(2024, 5, 19, 13, 47),
    "PT1H": datetime(2024, 5, 19, 13),
    "P1D": datetime(2024, 5, 19),
    "P1W": datetime(2024, 5, 13),
    "1969-12-29T00:00:00Z/P1W": datetime(2024, 5, 13),
    "1969-12-28T00:00:00Z/P1W": datetime(2024, 5, 19),
    "P1M": datetime(2024, 5, 1),
    "P3M": datetime(2024, 4, 1),
    "P1Y": datetime(2024, 1, 1),
}


@pytest.fixture(scope="module")
def spec(superset_app):
    with superset_app.app_context():
        from sluice_sqlalchemy.superset import SluiceEngineSpec

        yield SluiceEngineSpec


def test_superset_picks_the_spec_for_sluice_uris(superset_app, spec):
    from superset.db_engine_specs import get_engine_spec

    with superset_app.app_context():
        for uri in ("sluice://host:8765/", "sluice+https://host:8765/"):
            url = make_url(uri)
            assert get_engine_spec(url.get_backend_name(), url.get_driver_name()) is spec


def test_grains_are_the_documented_ones(superset_app, spec):
    with superset_app.app_context():
        assert set(spec.get_time_grain_expressions()) == set(FLOORED)


@pytest.mark.parametrize("grain", list(FLOORED))
def test_each_grain_floors_on_the_gateway(engine, spec, grain):
    expression = spec._time_grain_expressions[grain]
    with engine.connect() as connection:
        stamp = connection.exec_driver_sql(f"SELECT {expression.format(col=STAMP)}").scalar()
        day = connection.exec_driver_sql(f"SELECT {expression.format(col=chr(32).join(['DATE', repr('2024-05-19')]))}")
        assert stamp == FLOORED[grain]
        # a DATE column keeps its type; grains below a day leave it as it is
        expected_day = FLOORED[grain].date() if FLOORED[grain] < datetime(2024, 5, 19) else date(2024, 5, 19)
        assert day.scalar() == expected_day


def test_time_filters_are_flink_literals(spec):
    moment = datetime(2024, 5, 19, 13, 47, 29, 123000)
    assert spec.convert_dttm("DATE", moment) == "DATE '2024-05-19'"
    assert spec.convert_dttm("TIMESTAMP(3)", moment) == "TIMESTAMP '2024-05-19 13:47:29.123000'"
    assert spec.convert_dttm("TIMESTAMP_LTZ(3)", moment) == "TIMESTAMP '2024-05-19 13:47:29.123000'"
    assert spec.convert_dttm("STRING", moment) is None


def test_literals_compare_with_their_columns_on_the_gateway(engine, spec):
    moment = datetime(2024, 5, 19, 13, 47, 29, 123000)
    with engine.connect() as connection:
        for column, type_name in [
            ("DATE '2024-05-19'", "DATE"),
            ("CAST(TIMESTAMP '2024-05-19 13:47:29.123' AS TIMESTAMP(3))", "TIMESTAMP(3)"),
            ("CAST(TIMESTAMP '2024-05-19 13:47:29.123' AS TIMESTAMP_LTZ(3))", "TIMESTAMP_LTZ(3)"),
        ]:
            literal = spec.convert_dttm(type_name, moment)
            assert connection.exec_driver_sql(f"SELECT {column} >= {literal}").scalar() is True


def test_catalog_and_schema_go_into_the_uri(spec):
    uri, connect_args = spec.adjust_engine_params(make_url("sluice://h:8765/?schema=x"), {}, "lake", "default")
    assert uri.query == {"catalog": "lake", "schema": "default"}
    assert spec.get_schema_from_engine_params(uri, connect_args) == "default"


def test_superset_parses_and_limits_flink_sql_with_the_flink_dialect(superset_app, spec):
    from superset.sql.parse import SQLScript

    sql = "SELECT CAST(a AS STRING) AS s, CAST(b AS TIMESTAMP(3)) AS t FROM `my t` /*+ OPTIONS('k'='v') */ AS x"
    with superset_app.app_context():
        statement = SQLScript(sql, spec.engine).statements[0]
        statement.set_limit_value(100)
        assert " ".join(statement.format().split()) == (
            "SELECT CAST(a AS STRING) AS s, CAST(b AS TIMESTAMP(3)) AS t FROM `my t` /*+ OPTIONS('k' = 'v') */ AS x"
            " LIMIT 100"
        )
