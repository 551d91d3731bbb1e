# Shared by the bin/ scripts: where Sluice lives, the JVM flags Flink needs on Java 17, and building on demand.
# shellcheck shell=bash

SLUICE_HOME="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export SLUICE_HOME

# Flink's modules reflect into the JDK; this is the list flink-dist keeps in env.java.opts.all.
# shellcheck disable=SC2034 # used by the scripts that source this file
SLUICE_JAVA17_OPENS=(
  --add-exports=java.base/sun.net.util=ALL-UNNAMED
  --add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED
  --add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED
  --add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED
  --add-opens=java.base/java.lang=ALL-UNNAMED
  --add-opens=java.base/java.net=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.text=ALL-UNNAMED
  --add-opens=java.base/java.time=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED
  --add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED
)

sluice_java() {
  if [[ -n "${JAVA_HOME:-}" ]]; then echo "$JAVA_HOME/bin/java"; else command -v java; fi
}

# The module's main jar, or nothing if it has not been built.
sluice_module_jar() {
  local module="$1" jar
  for jar in "$SLUICE_HOME/$module/target/sluice-$module"-*.jar; do
    case "$jar" in *-sources.jar|*-tests.jar) continue ;; esac
    [[ -f "$jar" ]] && echo "$jar" && return 0
  done
  return 0
}

# Builds the project (skipping tests and the format check: running is not checking) when a module is not built
# or a main source, resource or POM changed since the last build these scripts ran. The stamp file records that
# build: jar files are no measure, since a reproducible build leaves an unchanged jar with its old time.
sluice_ensure_built() {
  local module="$1"
  local stamp="$SLUICE_HOME/target/sluice-build.stamp"
  # integration tests and images run the scripts where everything is already built
  [[ "${SLUICE_SKIP_BUILD:-}" == "1" ]] && return 0
  if [[ -z "$(sluice_module_jar "$module")" || ! -d "$SLUICE_HOME/$module/target/lib" || ! -f "$stamp" ]] ||
     [[ -n "$(find "$SLUICE_HOME" -path '*/target' -prune -o \( -path '*/src/main/*' -o -name pom.xml \) -type f -newer "$stamp" -print -quit)" ]]; then
    echo "Building Sluice (./mvnw install -DskipTests); this takes a few minutes the first time..." >&2
    mkdir -p "$SLUICE_HOME/target"
    local started="$SLUICE_HOME/target/sluice-build.started"
    touch "$started"
    (cd "$SLUICE_HOME" && ./mvnw -q -B -DskipTests -Dspotless.check.skip=true install) >&2
    mv "$started" "$stamp"
  fi
}

# The class path of a module: its jar and its target/lib.
sluice_classpath() {
  local module="$1"
  local jar
  jar=$(sluice_module_jar "$module")
  if [[ -z "$jar" ]]; then
    echo "Module $module is not built; run ./mvnw install -DskipTests" >&2
    exit 1
  fi
  echo "$jar:$SLUICE_HOME/$module/target/lib/*"
}
