"""SQLAlchemy dialect for Sluice, the JDBC/Avatica gateway for Apache Flink.

Installing the package registers the ``sluice`` and ``sluice+https`` dialects with SQLAlchemy (an entry point), so
``create_engine("sluice://user:password@host:8765/")`` finds it; docs/clients.md of the repository says what works.
"""

from .dialect import SluiceDialect, SluiceHttpsDialect
from .types import TIMESTAMP, TIMESTAMP_LTZ

__version__ = "0.1.0"
__all__ = ["SluiceDialect", "SluiceHttpsDialect", "TIMESTAMP", "TIMESTAMP_LTZ"]
