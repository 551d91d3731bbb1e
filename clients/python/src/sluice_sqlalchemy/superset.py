"""Superset's engine spec for Sluice: how Superset writes Flink SQL for charts and SQL Lab, and finds catalogs.

Superset loads it through the package's entry point in the group ``superset.db_engine_specs`` and picks it for URIs
whose backend is ``sluice`` (``sluice://`` and ``sluice+https://``). Importing this module also maps the engine to the
Flink SQL dialect for Superset's parser (see ``_register_sqlglot_dialect``). Only Superset imports it.
"""

from datetime import datetime

from sqlalchemy import types
from superset.constants import TimeGrain
from superset.db_engine_specs.base import BaseEngineSpec, LimitMethod
from superset.sql import parse

from .flink_sql import FlinkSQL

# FLOOR(… TO unit) works on TIMESTAMP, TIMESTAMP_LTZ and DATE, and keeps the type; Flink's WEEK starts on Sunday
_FLOOR = "FLOOR({col} TO %s)"
# Superset's plain week is ISO's, from Monday, as its other engines give it: a day earlier, floored, a day later
_WEEK_FROM_MONDAY = "FLOOR({col} - INTERVAL '1' DAY TO WEEK) + INTERVAL '1' DAY"


def _register_sqlglot_dialect():
    """Maps the engine to FlinkSQL in Superset's table of sqlglot dialects, unless the operator mapped it already.

    Superset parses SQL Lab's statements (and writes them back, to add a LIMIT) with the sqlglot dialect it finds for
    the engine's name in ``superset.sql.parse.SQLGLOT_DIALECTS``; an engine it does not list gets sqlglot's default
    dialect, which rewrites Flink SQL (STRING to TEXT, table hints to comments). Superset's own hook,
    ``SQLGLOT_DIALECTS_EXTENSIONS`` in superset_config.py, fills that same table when the app starts, but a package
    cannot set configuration. So the spec adds its entry when Superset loads it, which is before Superset parses any
    statement of the engine (it asks the spec for the engine's name); setdefault leaves an operator's own mapping.
    """
    parse.SQLGLOT_DIALECTS.setdefault(SluiceEngineSpec.engine, FlinkSQL)


class SluiceEngineSpec(BaseEngineSpec):
    engine = "sluice"
    engine_name = "Sluice (Apache Flink)"
    # the dialects' driver names: sluice:// is phoenixdb over HTTP, sluice+https:// the same over TLS
    drivers = {"phoenixdb": "HTTP", "https": "HTTPS"}
    default_driver = "phoenixdb"
    sqlalchemy_uri_placeholder = "sluice://user:password@host:8765/?catalog=default_catalog&schema=default_database"

    # Flink's catalogs are Superset's catalogs and its databases Superset's schemas; every connection can move to
    # another of each (the URI's catalog and schema, which the gateway applies with USE CATALOG and USE), and a query
    # may name tables of several catalogs
    supports_catalog = supports_dynamic_catalog = supports_cross_catalog_queries = True
    supports_dynamic_schema = True

    # Superset adds LIMIT to SQL Lab's statements by parsing and writing them back with the FlinkSQL dialect
    limit_method = LimitMethod.FORCE_LIMIT
    # uploads would create tables through pandas' to_sql, which needs a sink that takes INSERT: not every catalog's
    supports_file_upload = False

    _time_grain_expressions = {
        None: "{col}",
        TimeGrain.SECOND: _FLOOR % "SECOND",
        TimeGrain.MINUTE: _FLOOR % "MINUTE",
        TimeGrain.HOUR: _FLOOR % "HOUR",
        TimeGrain.DAY: _FLOOR % "DAY",
        TimeGrain.WEEK: _WEEK_FROM_MONDAY,
        TimeGrain.WEEK_STARTING_MONDAY: _WEEK_FROM_MONDAY,
        TimeGrain.WEEK_STARTING_SUNDAY: _FLOOR % "WEEK",
        TimeGrain.MONTH: _FLOOR % "MONTH",
        TimeGrain.QUARTER: _FLOOR % "QUARTER",
        TimeGrain.YEAR: _FLOOR % "YEAR",
    }

    @classmethod
    def epoch_to_dttm(cls):
        # seconds since the epoch as an instant (TIMESTAMP_LTZ), shown in the session's time zone
        return "TO_TIMESTAMP_LTZ({col}, 0)"

    @classmethod
    def epoch_ms_to_dttm(cls):
        return "TO_TIMESTAMP_LTZ({col}, 3)"

    @classmethod
    def convert_dttm(cls, target_type, dttm: datetime, db_extra=None):
        """Flink's literal for a bound of a time filter: ``DATE '…'`` for a DATE column, ``TIMESTAMP '…'`` for
        TIMESTAMP(p) and TIMESTAMP_LTZ(p) columns (Flink compares the latter in the session's time zone); Flink
        cannot compare a DATE with a TIMESTAMP."""
        sqla_type = cls.get_sqla_column_type(target_type)
        if isinstance(sqla_type, types.Date):
            return f"DATE '{dttm.date().isoformat()}'"
        if isinstance(sqla_type, types.DateTime):  # TIMESTAMP is one
            return f"TIMESTAMP '{dttm.isoformat(sep=' ', timespec='microseconds')}'"
        return None

    @classmethod
    def adjust_engine_params(cls, uri, connect_args, catalog=None, schema=None):
        # the dialect's URL parameters: each connection starts in this catalog and database
        query = {}
        if catalog:
            query["catalog"] = catalog
        if schema:
            query["schema"] = schema
        return (uri.update_query_dict(query) if query else uri), connect_args

    @classmethod
    def get_schema_from_engine_params(cls, sqlalchemy_uri, connect_args):
        return sqlalchemy_uri.query.get("schema")

    @classmethod
    def get_default_catalog(cls, database):
        catalog = database.url_object.query.get("catalog")
        if catalog:
            return catalog
        with database.get_sqla_engine() as engine, engine.connect() as connection:
            return connection.exec_driver_sql("SHOW CURRENT CATALOG").scalar()

    @classmethod
    def get_catalog_names(cls, database, inspector):
        with inspector.engine.connect() as connection:
            return {name for (name,) in connection.exec_driver_sql("SHOW CATALOGS")}


_register_sqlglot_dialect()
