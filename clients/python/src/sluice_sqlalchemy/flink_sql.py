"""Flink SQL as a sqlglot dialect, so that a tool that parses and writes back SQL (Superset's SQL Lab does, to add a
LIMIT) gives Flink the statement the user wrote.

sqlglot's default dialect changes Flink SQL as it writes it back: ``STRING`` becomes ``TEXT``, which Flink does not
know; ``TIMESTAMP_LTZ(3)`` does not parse; a table's hint ``t /*+ OPTIONS('k'='v') */`` becomes a plain comment,
which Flink ignores; ``TIMESTAMPDIFF(DAY, a, b)`` takes its arguments in another order; ``ARRAY[1, 2]`` becomes
``ARRAY(1, 2)``; back-ticked names do not parse. This dialect keeps them. It needs only sqlglot, not Superset.

Importing the module registers the dialect with sqlglot under the name ``flinksql`` (sqlglot registers each dialect
class by its name), so ``sqlglot.transpile(sql, read="flinksql")`` works; the package's entry point in sqlglot's
plugin group does the same without the import.
"""

from sqlglot import exp, generator, parser, tokens
from sqlglot.dialects.dialect import Dialect, NormalizationStrategy
from sqlglot.helper import seq_get
from sqlglot.tokens import TokenType


def _build_timestamp_diff(args):
    # Flink's TIMESTAMPDIFF(unit, start, end) counts from start to end; sqlglot's node holds end as "this"
    return exp.TimestampDiff(this=seq_get(args, 2), expression=seq_get(args, 1), unit=seq_get(args, 0))


def _build_timestamp_add(args):
    # Flink's TIMESTAMPADD(unit, count, timestamp)
    return exp.TimestampAdd(this=seq_get(args, 2), expression=seq_get(args, 1), unit=seq_get(args, 0))


class TypedLiteral(exp.Cast):
    """``DATE '2024-01-02'``, ``TIME '…'``, ``TIMESTAMP '…'`` as written: sqlglot reads them as a CAST of the text,
    which Flink types differently (``CAST('… .123' AS TIMESTAMP)`` is ``TIMESTAMP(6)``, the literal
    ``TIMESTAMP(3)``); a cast still, for whatever looks at the tree."""


def _typed_literal(parser_, this, data_type):
    return parser_.expression(TypedLiteral, this=this, to=data_type)


def _trim_sql(generator_, expression):
    # Flink's TRIM([BOTH | LEADING | TRAILING] [characters] FROM text); sqlglot's default writes TRIM(text, chars)
    position = generator_.sql(expression, "position")
    characters = generator_.sql(expression, "expression")
    if not position and not characters:
        return generator_.func("TRIM", expression.this)
    head = " ".join(part for part in (position, characters) if part)
    return f"TRIM({head} FROM {generator_.sql(expression, 'this')})"


def _position_sql(generator_, expression):
    # POSITION(needle IN text), or LOCATE(needle, text, start) with a start; sqlglot's default is STR_POSITION
    needle, text = generator_.sql(expression, "substr"), generator_.sql(expression, "this")
    start = expression.args.get("position")
    if start is None:
        return f"POSITION({needle} IN {text})"
    return generator_.func("LOCATE", expression.args["substr"], expression.this, start)


def _unit(expression):
    # the unit is a bare word in Flink (DAY), whichever node sqlglot parsed it into
    unit = expression.args.get("unit")
    return exp.var(unit.name.upper()) if unit is not None else exp.var("DAY")


class FlinkSQL(Dialect):
    # Flink's names are case-sensitive, quoted or not, and stored as written
    NORMALIZATION_STRATEGY = NormalizationStrategy.CASE_SENSITIVE

    class Tokenizer(tokens.Tokenizer):
        IDENTIFIERS = ["`"]
        # a hint is a comment that starts with /*+, after SELECT (query hints) or after a table's name (table
        # hints: OPTIONS, LOOKUP); sqlglot makes a hint token of it only after the tokens listed here
        TOKENS_PRECEDING_HINT = tokens.Tokenizer.TOKENS_PRECEDING_HINT | {TokenType.VAR, TokenType.IDENTIFIER}
        KEYWORDS = {
            **tokens.Tokenizer.KEYWORDS,
            # Flink's unbounded text and bytes; Flink has no TEXT nor BLOB, whose nodes stand for them here, because
            # a bare VARCHAR or VARBINARY is VARCHAR(1) or VARBINARY(1) in Flink and must stay as it is
            "STRING": TokenType.TEXT,
            "BYTES": TokenType.BLOB,
            "TIMESTAMP_LTZ": TokenType.TIMESTAMPLTZ,
            # a temporal join: rates FOR SYSTEM_TIME AS OF o.order_time
            "FOR SYSTEM_TIME": TokenType.TIMESTAMP_SNAPSHOT,
        }

    class Parser(parser.Parser):
        FUNCTIONS = {
            **parser.Parser.FUNCTIONS,
            "TIMESTAMPDIFF": _build_timestamp_diff,
            "TIMESTAMPADD": _build_timestamp_add,
        }

        TYPE_LITERAL_PARSERS = {
            **parser.Parser.TYPE_LITERAL_PARSERS,
            exp.DataType.Type.DATE: _typed_literal,
            exp.DataType.Type.TIME: _typed_literal,
            exp.DataType.Type.TIMESTAMP: _typed_literal,
        }

        def _parse_table_parts(self, schema=False, is_db_reference=False, wildcard=False):
            table = super()._parse_table_parts(schema=schema, is_db_reference=is_db_reference, wildcard=wildcard)
            # Flink's table hints follow the name, before an alias and FOR SYSTEM_TIME; sqlglot looks for hints
            # after the alias (T-SQL's WITH (NOLOCK)), and would take this one for an ordinary comment
            hint = self._parse_hint()
            if hint is not None:
                table.set("hints", [hint])
            self._last_table = table
            return table

        def _add_comments(self, expression):
            # sqlglot keeps a hint's text as the comments of its token, and gives the comments of the token read
            # last to the next node it makes; after a table's hint (also when the parser steps back to it) that
            # would write the hint a second time, as a plain comment
            if expression is not None and self._prev is not None and self._prev.token_type == TokenType.HINT:
                self._prev_comments = None
            super()._add_comments(expression)

        def _parse_table_hints(self):
            # called right after the alias of the table _parse_table_parts just read, and its answer replaces that
            # table's hints: answer those
            table = getattr(self, "_last_table", None)
            return table.args.get("hints") if table is not None else None

    class Generator(generator.Generator):
        # written by table_parts, before the alias, not where sqlglot puts table hints (after it)
        TABLE_HINTS = False

        TYPE_MAPPING = {
            **generator.Generator.TYPE_MAPPING,
            exp.DataType.Type.TEXT: "STRING",
            exp.DataType.Type.BLOB: "BYTES",
            exp.DataType.Type.TIMESTAMPLTZ: "TIMESTAMP_LTZ",
        }

        TRANSFORMS = {
            **generator.Generator.TRANSFORMS,
            exp.Array: lambda self, e: f"ARRAY[{self.expressions(e, flat=True)}]",
            exp.TimestampDiff: lambda self, e: self.func("TIMESTAMPDIFF", _unit(e), e.expression, e.this),
            exp.TimestampAdd: lambda self, e: self.func("TIMESTAMPADD", _unit(e), e.expression, e.this),
            exp.StrPosition: _position_sql,
            exp.Trim: _trim_sql,
            TypedLiteral: lambda self, e: f"{self.sql(e, 'to')} {self.sql(e, 'this')}",
        }

        def table_parts(self, expression):
            name = super().table_parts(expression)
            hints = expression.args.get("hints")
            return name + "".join(self.sql(hint) for hint in hints) if hints else name

        def version_sql(self, expression):
            # sqlglot's node says TIMESTAMP for what Flink writes FOR SYSTEM_TIME AS OF
            if expression.name == "TIMESTAMP" and expression.text("kind") == "AS OF":
                return f"FOR SYSTEM_TIME AS OF {self.sql(expression, 'expression')}"
            return super().version_sql(expression)
