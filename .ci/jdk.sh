# Sourced by the scripts of .ci: picks a JDK of at least 21 and puts it first on PATH, or stops saying what to install.

java_major() {
  # prints the major version of the java binary given, or nothing
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

pick_jdk() {
  local candidate major
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
    [ -n "$candidate" ] && [ -x "$candidate/bin/java" ] && [ -x "$candidate/bin/javac" ] || continue
    major=$(java_major "$candidate/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 21 ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if ! JDK=$(pick_jdk); then
  echo "fencecheck: no JDK of version 21 or later found (looked at JAVA_HOME and /usr/lib/jvm/*); install one, e.g. 'apt-get install openjdk-21-jdk-headless' or a Temurin 21+, and run again" >&2
  exit 1
fi
export JAVA_HOME="$JDK"
export PATH="$JAVA_HOME/bin:$PATH"
echo "fencecheck: using JDK $(java_major "$JAVA_HOME/bin/java") at $JAVA_HOME"

command -v mvn >/dev/null || { echo "fencecheck: Maven (mvn) is not on PATH; install it with 'apt-get install maven'" >&2; exit 1; }
