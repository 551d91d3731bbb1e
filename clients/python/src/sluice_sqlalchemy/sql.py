"""How SQLAlchemy writes Flink SQL: back-tick quoting, LIMIT and OFFSET, and Flink's names of types.

Flink's identifiers are case-sensitive whether quoted or not, so quoting a name never changes what it means; every
name is quoted, which spares a list of reserved words that would have to follow Flink's parser from release to
release (``value``, ``year``, ``timestamp`` and ``system`` are reserved there, not in SQLAlchemy's default list).
"""

from sqlalchemy.sql import compiler


class SluiceIdentifierPreparer(compiler.IdentifierPreparer):
    def __init__(self, dialect):
        super().__init__(dialect, initial_quote="`", escape_quote="`")

    def _requires_quotes(self, value):
        return True

    def _requires_quotes_illegal_chars(self, value):
        return True


class SluiceCompiler(compiler.SQLCompiler):
    def limit_clause(self, select, **kw):
        # SQLAlchemy's default writes SQLite's LIMIT -1 for an offset alone; Flink's parser takes LIMIT ALL
        text = ""
        if select._limit_clause is not None:
            text += "\n LIMIT " + self.process(select._limit_clause, **kw)
        if select._offset_clause is not None:
            if select._limit_clause is None:
                text += "\n LIMIT ALL"
            text += " OFFSET " + self.process(select._offset_clause, **kw)
        return text


class SluiceTypeCompiler(compiler.GenericTypeCompiler):
    """Type names for CAST and DDL. A VARCHAR without a length is VARCHAR(1) in Flink, so a String without one is
    Flink's STRING; Flink has no DATETIME, TEXT, CLOB or BLOB."""

    def visit_VARCHAR(self, type_, **kw):
        return f"VARCHAR({type_.length})" if type_.length else "STRING"

    def visit_NVARCHAR(self, type_, **kw):
        return self.visit_VARCHAR(type_, **kw)

    def visit_TEXT(self, type_, **kw):
        return "STRING"

    def visit_CLOB(self, type_, **kw):
        return "STRING"

    def visit_BLOB(self, type_, **kw):
        return "BYTES"

    def visit_VARBINARY(self, type_, **kw):
        return f"VARBINARY({type_.length})" if type_.length else "BYTES"

    def visit_float(self, type_, **kw):
        # SQLAlchemy's Float is a Python float, which has eight bytes; Flink's FLOAT has four
        return "DOUBLE"

    def visit_DATETIME(self, type_, **kw):
        return self.visit_TIMESTAMP(type_, **kw)

    def visit_TIMESTAMP(self, type_, **kw):
        name = "TIMESTAMP_LTZ" if getattr(type_, "timezone", False) else "TIMESTAMP"
        precision = getattr(type_, "precision", None)
        return name if precision is None else f"{name}({precision})"

    def visit_TIMESTAMP_LTZ(self, type_, **kw):
        return self.visit_TIMESTAMP(type_, **kw)
