"""The ``sluice`` SQLAlchemy dialect: Flink SQL through Sluice's gateway, with phoenixdb as the DB-API driver.

phoenixdb speaks Avatica's protobuf wire, which the gateway serves; this module adds what SQLAlchemy needs on top
of it. ``sluice://user:password@host:port/?catalog=c&schema=d`` connects over HTTP with Basic authentication and
moves the session to catalog ``c`` and database ``d`` (the gateway runs ``USE CATALOG`` and ``USE`` for Avatica's
connection properties); ``sluice+https://`` does the same over TLS, with ``verify=/path/ca.pem`` (or ``false``).
A URL parameter with a dot is a Flink option of the session (``execution.runtime-mode=streaming``), as in the JDBC
URL.

SQLAlchemy's schema is a Flink database of the connection's current catalog. Names and types come from Avatica's
metadata requests, which the gateway answers from the session's catalogs without a Flink job, and primary keys from
Sluice's ``SHOW PRIMARY KEYS``, since Avatica has no request for them.

Flink has no transactions: a statement takes effect when it completes. ``commit()`` does nothing and
``rollback()`` does nothing either, except that it fails (SQLState 25000) after statements that wrote data since
the last commit, so that a rollback that cannot undo them does not pass silently. ``isolation_level="AUTOCOMMIT"``
turns that check off.
"""

import contextlib
import re

import requests
import sqlalchemy
from sqlalchemy import exc
from sqlalchemy.engine import default, reflection

from . import types
from .sql import SluiceCompiler, SluiceIdentifierPreparer, SluiceTypeCompiler

DEFAULT_PORT = 8765

# what connect() takes from the URL's query besides Flink options (keys with a dot)
_URL_PARAMETERS = ("catalog", "schema")

# Avatica's GET_DATABASE_PRODUCT_VERSION, as the gateway writes it: "0.1.0-SNAPSHOT (Flink 2.3.0)"
_PRODUCT_VERSION = re.compile(r"(\d+(?:\.\d+)*)\S*(?: \(Flink (\d+(?:\.\d+)*)\S*\))?")


# Superset 6 pins SQLAlchemy 1.4, so the dialect runs on 1.4 and 2.x; the few names that differ are chosen here
_SQLALCHEMY_1 = sqlalchemy.__version__.startswith("1.")


def _version_info(text):
    return tuple(int(part) for part in text.split(".")) if text else None


def _dbapi_connection(connection):
    """phoenixdb's connection under a SQLAlchemy connection: the pool's wrapper holds it, except while SQLAlchemy 1.4
    initialises the dialect on the first connection, which it gives unwrapped."""
    wrapped = connection.connection
    return getattr(wrapped, "dbapi_connection", wrapped)


class SluiceDialect(default.DefaultDialect):
    name = "sluice"
    driver = "phoenixdb"
    scheme = "http"

    statement_compiler = SluiceCompiler
    # type_compiler_cls in SQLAlchemy 2; 1.4 knows only this name, which 2.x still honours
    type_compiler = SluiceTypeCompiler
    preparer = SluiceIdentifierPreparer
    default_paramstyle = "qmark"

    supports_statement_cache = True
    supports_native_boolean = True
    supports_native_decimal = True
    supports_is_distinct_from = True
    supports_multivalues_insert = True
    supports_simple_order_by_label = True
    # Flink's division of integers is an integer
    div_is_floordiv = True
    # Flink's identifiers are case-sensitive and stored as written
    requires_name_normalize = False

    supports_sequences = False
    supports_default_values = False
    supports_empty_insert = False
    supports_alter = False  # no ADD CONSTRAINT: Flink has no foreign keys
    supports_comments = False
    supports_server_side_cursors = False
    postfetch_lastrowid = False
    # Flink's sinks do not say how many rows a DML wrote: the gateway answers 0
    supports_sane_rowcount = False
    supports_sane_multi_rowcount = False

    flink_version_info = None
    """Flink's version on the gateway, as a tuple of numbers (``(2, 3, 0)``); set when the first connection opens."""

    @classmethod
    def import_dbapi(cls):
        import phoenixdb

        return phoenixdb

    if _SQLALCHEMY_1:
        # 1.4's name for import_dbapi; defined only there, since 2.x warns that it is deprecated
        dbapi = import_dbapi

        # 1.4 leaves create_engine's isolation_level to each dialect, where 2.x applies it itself
        def __init__(self, isolation_level=None, **kwargs):
            super().__init__(**kwargs)
            self.isolation_level = isolation_level

        def on_connect(self):
            level = self.isolation_level
            if level is None:
                return None
            return lambda dbapi_connection: self.set_isolation_level(dbapi_connection, level)

    def create_connect_args(self, url):
        query = dict(url.query)
        kwargs = {key: query.pop(key) for key in _URL_PARAMETERS if key in query}
        if self.scheme == "https" and "verify" in query:
            verify = query.pop("verify")
            kwargs["verify"] = False if verify.lower() == "false" else verify
        unknown = sorted(key for key in query if "." not in key)
        if unknown:
            allowed = list(_URL_PARAMETERS) + (["verify"] if self.scheme == "https" else [])
            raise exc.ArgumentError(
                f"Unknown parameter {', '.join(unknown)} in the sluice URL; allowed are {', '.join(allowed)} "
                "and Flink options (keys with a dot)"
            )
        kwargs.update(query)  # Flink options: phoenixdb sends them as connection properties, the gateway SETs them
        if url.username:
            kwargs.update(authentication="BASIC", avatica_user=url.username, avatica_password=url.password or "")
        if not url.host:
            raise exc.ArgumentError("The sluice URL names no host: sluice://[user:password@]host[:port]/")
        return [f"{self.scheme}://{url.host}:{url.port or DEFAULT_PORT}/"], kwargs

    def connect(self, *cargs, **cparams):
        # phoenixdb sets the catalog and schema after opening the connection, and leaves it open on the gateway
        # when that fails (an unknown database); set them here, and close the connection if they are refused
        location = {key: cparams.pop(key) for key in _URL_PARAMETERS if key in cparams}
        with self._transport_errors("08001"):
            dbapi_connection = self.dbapi.connect(*cargs, **cparams)
        if location:
            try:
                dbapi_connection.set_session(**location)
            except BaseException:
                dbapi_connection.close()
                raise
        return dbapi_connection

    def do_execute(self, cursor, statement, parameters, context=None):
        with self._transport_errors("08006"):
            cursor.execute(statement, parameters)

    def do_execute_no_params(self, cursor, statement, context=None):
        with self._transport_errors("08006"):
            cursor.execute(statement)

    def do_executemany(self, cursor, statement, parameters, context=None):
        with self._transport_errors("08006"):
            cursor.executemany(statement, parameters)

    @contextlib.contextmanager
    def _transport_errors(self, sqlstate):
        """phoenixdb lets the HTTP client's errors through (refused, reset, TLS): as a DB-API error with a
        connection SQLState, SQLAlchemy wraps them, and takes the connection for dead (is_disconnect)."""
        try:
            yield
        except requests.RequestException as e:
            raise self.dbapi.OperationalError(f"Cannot reach the Sluice gateway: {e}", None, sqlstate, e) from e

    def is_disconnect(self, e, connection, cursor):
        # 08xxx: the gateway is unreachable, or no longer has the connection's session (08003)
        return str(getattr(e, "sqlstate", None) or "").startswith("08")

    def _get_server_version_info(self, connection):
        # phoenixdb has no call for Avatica's database properties; the request is one line on its client
        from phoenixdb.avatica.proto import requests_pb2, responses_pb2

        dbapi_connection = _dbapi_connection(connection)
        request = requests_pb2.DatabasePropertyRequest(connection_id=dbapi_connection._id)
        response = responses_pb2.DatabasePropertyResponse()
        response.ParseFromString(self._call(lambda: dbapi_connection._client._apply(request)))
        product_version = next(
            (p.value.string_value for p in response.props if p.key.name == "GET_DATABASE_PRODUCT_VERSION"), ""
        )
        match = _PRODUCT_VERSION.match(product_version)
        if match is None:
            return None
        self.flink_version_info = _version_info(match.group(2))
        return _version_info(match.group(1))

    def _get_default_schema_name(self, connection):
        return connection.exec_driver_sql("SHOW CURRENT DATABASE").scalar()

    # Isolation: Flink has none (TRANSACTION_NONE); AUTOCOMMIT is Avatica's autoCommit property, see the module's
    # docstring for what it changes.

    def get_isolation_level_values(self, dbapi_connection):
        return ["AUTOCOMMIT", "NONE"]

    def get_isolation_level(self, dbapi_connection):
        return "AUTOCOMMIT" if dbapi_connection.autocommit else "NONE"

    def set_isolation_level(self, dbapi_connection, level):
        dbapi_connection.autocommit = level == "AUTOCOMMIT"

    # Reflection

    @reflection.cache
    def get_schema_names(self, connection, **kw):
        catalog = self._current_catalog(connection)
        return [row["TABLE_SCHEM"] for row in self._meta(connection, lambda meta: meta.get_schemas(catalog))]

    @reflection.cache
    def get_table_names(self, connection, schema=None, **kw):
        return self._table_names(connection, schema, "TABLE")

    @reflection.cache
    def get_view_names(self, connection, schema=None, **kw):
        return self._table_names(connection, schema, "VIEW")

    def has_table(self, connection, table_name, schema=None, **kw):
        self._ensure_has_table_connection(connection)
        return bool(self._tables(connection, schema, table_name))

    @reflection.cache
    def get_columns(self, connection, table_name, schema=None, **kw):
        catalog, schema = self._current_catalog(connection), schema or self.default_schema_name
        rows = self._meta(connection, lambda meta: meta.get_columns(catalog, schema, table_name))
        columns = [
            {
                "name": row["COLUMN_NAME"],
                "type": types.column_type(row["TYPE_NAME"], row["COLUMN_SIZE"], row["DECIMAL_DIGITS"]),
                "nullable": row["IS_NULLABLE"] == "YES",
                "default": None,
                "autoincrement": False,
            }
            for row in sorted(rows, key=lambda row: row["ORDINAL_POSITION"])
            if row["TABLE_SCHEM"] == schema and row["TABLE_NAME"] == table_name  # the names are LIKE patterns
        ]
        if not columns and not self._tables(connection, schema, table_name):
            raise exc.NoSuchTableError(f"{schema}.{table_name}")
        return columns

    @reflection.cache
    def get_pk_constraint(self, connection, table_name, schema=None, **kw):
        quote = self.identifier_preparer.quote_identifier
        schema = schema or self.default_schema_name
        rows = connection.exec_driver_sql(
            f"SHOW PRIMARY KEYS FROM {quote(table_name)} IN DATABASE {quote(schema)}"
            f" IN CATALOG {quote(self._current_catalog(connection))}"
        ).mappings()
        rows = sorted(rows, key=lambda row: row["KEY_SEQ"])
        return {
            "constrained_columns": [row["COLUMN_NAME"] for row in rows],
            "name": rows[0]["PK_NAME"] if rows else None,
        }

    def get_foreign_keys(self, connection, table_name, schema=None, **kw):
        return []  # Flink has no foreign keys

    def get_indexes(self, connection, table_name, schema=None, **kw):
        return []  # nor indexes

    def _table_names(self, connection, schema, table_type):
        return [row["TABLE_NAME"] for row in self._tables(connection, schema, None) if row["TABLE_TYPE"] == table_type]

    def _tables(self, connection, schema, table_name):
        catalog, schema = self._current_catalog(connection), schema or self.default_schema_name
        rows = self._meta(connection, lambda meta: meta.get_tables(catalog, schema, table_name))
        return [
            row
            for row in rows
            if row["TABLE_SCHEM"] == schema and (table_name is None or row["TABLE_NAME"] == table_name)
        ]

    def _current_catalog(self, connection):
        # asked each time: a USE CATALOG statement moves the session without Avatica's client knowing
        return connection.exec_driver_sql("SHOW CURRENT CATALOG").scalar()

    def _meta(self, connection, call):
        """Runs an Avatica metadata request on the connection's phoenixdb connection."""
        dbapi_connection = _dbapi_connection(connection)
        return self._call(lambda: call(dbapi_connection.meta()))

    def _call(self, call):
        # what does not go through a cursor is not wrapped by SQLAlchemy: wrap phoenixdb's errors as it would
        try:
            return call()
        except self.dbapi.Error as e:
            raise exc.DBAPIError.instance(None, None, e, self.dbapi.Error) from e


class SluiceHttpsDialect(SluiceDialect):
    """``sluice+https://``: the same over TLS; ``verify`` is a CA file (PEM) or ``false``."""

    driver = "https"
    scheme = "https"
    supports_statement_cache = True  # SQLAlchemy asks each subclass to say it again
