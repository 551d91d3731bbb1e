"""Flink's types as SQLAlchemy types, read from the gateway's column metadata.

The gateway answers Avatica's getColumns with JDBC's columns: TYPE_NAME is Flink's type name (``VARCHAR`` for
``STRING``, ``TIMESTAMP_LTZ``, ``ARRAY``, ``MAP``, ``ROW``), COLUMN_SIZE its length or precision, DECIMAL_DIGITS its scale or fraction
digits. Two types need more than SQLAlchemy's own: Flink's ``TIMESTAMP(p)`` keeps its precision, and
``TIMESTAMP_LTZ`` values arrive as text with the session's offset (``2024-01-02 21:34:56.789+09:00``, see
docs/clients.md), which its result processor turns into an aware ``datetime``.
"""

import re
from datetime import datetime

from sqlalchemy import types as sqltypes

# Flink's STRING and BYTES are VARCHAR and VARBINARY of this length
MAX_LENGTH = 2147483647

# SQLAlchemy 1.4 (which Superset pins) has no generic DOUBLE; its Float compiles to Flink's DOUBLE all the same
_DOUBLE = getattr(sqltypes, "DOUBLE", sqltypes.Float)


class TIMESTAMP(sqltypes.TIMESTAMP):
    """Flink's ``TIMESTAMP(p)``: wall-clock time without a zone, ``p`` fraction digits (Flink's default is 6)."""

    __visit_name__ = "TIMESTAMP"

    def __init__(self, precision=None, timezone=False):
        super().__init__(timezone=timezone)
        self.precision = precision


class TIMESTAMP_LTZ(TIMESTAMP):
    """Flink's ``TIMESTAMP_LTZ(p)``: an instant, read as an aware ``datetime`` in the session's time zone."""

    __visit_name__ = "TIMESTAMP_LTZ"

    def __init__(self, precision=None):
        super().__init__(precision=precision, timezone=True)

    def result_processor(self, dialect, coltype):
        return _parse_instant


# more than six fraction digits (TIMESTAMP_LTZ(9)): datetime holds microseconds
_NANOS = re.compile(r"(\.\d{6})\d+")


def _parse_instant(value):
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(_NANOS.sub(r"\1", value))


_SIMPLE = {
    "BOOLEAN": sqltypes.BOOLEAN,
    "TINYINT": sqltypes.SMALLINT,  # SQLAlchemy has no TINYINT; SMALLINT holds every value
    "SMALLINT": sqltypes.SMALLINT,
    "INTEGER": sqltypes.INTEGER,
    "BIGINT": sqltypes.BIGINT,
    "FLOAT": sqltypes.REAL,  # Flink's FLOAT has four bytes: SQL's REAL
    "REAL": sqltypes.REAL,
    "DOUBLE": _DOUBLE,
    "DATE": sqltypes.DATE,
    "TIME": sqltypes.TIME,
}


def column_type(type_name, size, digits):
    """The SQLAlchemy type of a column of Flink type ``type_name`` (getColumns' TYPE_NAME, COLUMN_SIZE,
    DECIMAL_DIGITS; phoenixdb reads a null or zero number as ``''``, hence the ``or None``)."""
    name = type_name.upper()
    size = size or None
    digits = digits or 0
    if name in _SIMPLE:
        return _SIMPLE[name]()
    if name == "CHAR":
        return sqltypes.CHAR(size)
    if name == "VARCHAR":
        return sqltypes.String(None if size == MAX_LENGTH else size)
    if name == "BINARY":
        return sqltypes.BINARY(size)
    if name == "VARBINARY":
        return sqltypes.LargeBinary() if size == MAX_LENGTH else sqltypes.VARBINARY(size)
    if name == "DECIMAL":
        return sqltypes.DECIMAL(size, digits)
    if name == "TIMESTAMP":
        return TIMESTAMP(digits)
    if name in ("TIMESTAMP_LTZ", "TIMESTAMP_WITH_LOCAL_TIME_ZONE"):
        return TIMESTAMP_LTZ(digits)
    if name == "ARRAY":
        # its values arrive as lists (Avatica's arrays); the metadata does not say the element type
        return sqltypes.ARRAY(sqltypes.NullType())
    # MAP, ROW, MULTISET, RAW: the values arrive as Flink's text of them ("{k=1}", "(1, x)"), so SQLAlchemy gets no
    # type it could bind or compare
    return sqltypes.NullType()
