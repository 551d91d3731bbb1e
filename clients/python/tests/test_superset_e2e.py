"""Superset itself against the gateway, through its REST API in this process: add the database by URI, test the
connection, browse catalogs, schemas and tables, run a query in SQL Lab, make a dataset and ask a chart's data with
a time grain and a time filter. Superset opens a connection for each of these, so the table is in a shared catalog."""

import pytest
from sqlalchemy import create_engine

from superset_app import ADMIN, ADMIN_PASSWORD

# Superset's own metadata database (SQLite here) warns when Superset stores a Decimal: not a warning of the dialect
pytestmark = pytest.mark.filterwarnings("ignore:Dialect sqlite:sqlalchemy.exc.SAWarning")

ORDERS = (
    "CREATE TABLE IF NOT EXISTS orders (id INT, customer STRING, amount DECIMAL(10, 2), placed TIMESTAMP(3),"
    " day_placed DATE)"
)
ROWS = (
    "INSERT INTO orders VALUES"
    " (1, 'ann', 10.50, TIMESTAMP '2024-05-13 09:15:00.000', DATE '2024-05-13'),"
    " (2, 'bob', 20.00, TIMESTAMP '2024-05-13 17:40:00.000', DATE '2024-05-13'),"
    " (3, 'ann', 5.25, TIMESTAMP '2024-05-19 23:59:59.999', DATE '2024-05-19'),"
    " (4, 'cid', 7.75, TIMESTAMP '2024-06-02 08:00:00.000', DATE '2024-06-02')"
)


@pytest.fixture(scope="module")
def sluice_uri(url):
    engine = create_engine(f"{url}?catalog=lake&schema=default", isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.exec_driver_sql("DROP TABLE IF EXISTS orders")
        connection.exec_driver_sql(ORDERS)
        connection.exec_driver_sql(ROWS)
    engine.dispose()
    return url


@pytest.fixture(scope="module")
def api(superset_app):
    client = superset_app.test_client()
    login = client.post(
        "/api/v1/security/login",
        json={"username": ADMIN, "password": ADMIN_PASSWORD, "provider": "db", "refresh": False},
    )
    assert login.status_code == 200, login.get_data(as_text=True)
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {login.json['access_token']}"
    return client


def _ok(response, status=200):
    assert response.status_code == status, response.get_data(as_text=True)
    return response.json


@pytest.fixture(scope="module")
def database_id(api, sluice_uri):
    _ok(api.post("/api/v1/database/test_connection/", json={"database_name": "Sluice", "sqlalchemy_uri": sluice_uri}))
    created = _ok(
        api.post(
            "/api/v1/database/",
            json={"database_name": "Sluice", "sqlalchemy_uri": sluice_uri, "expose_in_sqllab": True},
        ),
        201,
    )
    return created["id"]


def test_superset_knows_the_engine(api, database_id):
    database = _ok(api.get(f"/api/v1/database/{database_id}"))["result"]
    assert database["backend"] == "sluice"
    assert database["engine_information"]["supports_dynamic_catalog"] is True


def test_browses_catalogs_schemas_and_tables(api, database_id):
    assert {"default_catalog", "lake"} <= set(_ok(api.get(f"/api/v1/database/{database_id}/catalogs/"))["result"])
    schemas = _ok(api.get(f"/api/v1/database/{database_id}/schemas/?q=(catalog:lake)"))["result"]
    assert "default" in schemas
    tables = _ok(api.get(f"/api/v1/database/{database_id}/tables/?q=(catalog_name:lake,schema_name:default)"))
    assert "orders" in {table["value"] for table in tables["result"]}


def test_sql_lab_runs_flink_sql_with_a_hint_and_adds_its_limit(api, database_id):
    result = _ok(
        api.post(
            "/api/v1/sqllab/execute/",
            json={
                "database_id": database_id,
                "catalog": "lake",
                "schema": "default",
                # the hint must reach Flink as a hint (a wrong option would fail the query), and STRING stay STRING
                "sql": "SELECT customer, CAST(SUM(amount) AS STRING) AS total"
                " FROM orders /*+ OPTIONS('scan.mode'='latest-full') */ GROUP BY customer ORDER BY customer",
                "queryLimit": 2,
                "runAsync": False,
            },
        )
    )
    assert result["status"] == "success"
    assert [(row["customer"], row["total"]) for row in result["data"]] == [("ann", "15.75"), ("bob", "20.00")]
    # Superset asks one row more than it shows, to say that there are more
    assert "LIMIT 3" in result["query"]["executedSql"]
    assert "/*+ OPTIONS('scan.mode' = 'latest-full') */" in result["query"]["executedSql"]


def test_a_chart_groups_by_a_time_grain_within_a_time_filter(api, database_id):
    dataset = _ok(
        api.post(
            "/api/v1/dataset/",
            json={"database": database_id, "catalog": "lake", "schema": "default", "table_name": "orders"},
        ),
        201,
    )
    columns = {column["column_name"]: column for column in _ok(api.get(f"/api/v1/dataset/{dataset['id']}"))["result"]["columns"]}
    assert columns["placed"]["is_dttm"] and columns["day_placed"]["is_dttm"]

    for time_column, grain in (("placed", "P1W"), ("day_placed", "P1M")):
        query_context = {
            "datasource": {"id": dataset["id"], "type": "table"},
            "queries": [
                {
                    "columns": [
                        {
                            "label": time_column,
                            "sqlExpression": time_column,
                            "columnType": "BASE_AXIS",
                            "timeGrain": grain,
                            "expressionType": "SQL",
                        }
                    ],
                    "metrics": ["count"],
                    "filters": [{"col": time_column, "op": "TEMPORAL_RANGE", "val": "2024-05-01 : 2024-06-01"}],
                    "orderby": [[time_column, True]],
                    "row_limit": 100,
                }
            ],
            "result_format": "json",
            "result_type": "full",
        }
        result = _ok(api.post("/api/v1/chart/data", json=query_context))["result"][0]
        assert result["status"] == "success", result
        counts = [(row[time_column], row["count"]) for row in result["data"]]
        if grain == "P1W":
            # weeks from Monday; June's order falls outside the filter
            assert "FLOOR(" in result["query"] and "TIMESTAMP '2024-05-01 00:00:00.000000'" in result["query"]
            assert counts == [(1715558400000, 3)]  # 2024-05-13, in milliseconds as Superset sends times
        else:
            assert "DATE '2024-05-01'" in result["query"]
            assert counts == [(1714521600000, 3)]  # 2024-05-01
