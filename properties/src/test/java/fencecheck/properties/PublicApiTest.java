package fencecheck.properties;

import org.apiguardian.api.API;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a team's code may import is {@code fencecheck.api} and {@code fencecheck.kit}; every other package is marked
 * internal where tools see it. The example projects and the README's Java blocks use the API alone.
 */
class PublicApiTest {

    private static final Set<String> API_PACKAGES = Set.of("fencecheck.api", "fencecheck.kit");
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?(fencecheck\\.[\\w.]+?)(?:\\.\\*)?;", Pattern.MULTILINE);
    private static final Pattern QUALIFIED = Pattern.compile("\\bfencecheck\\.(?!api\\.|kit\\.)[a-z]+\\.[A-Z]\\w*");
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    @Test
    void theExampleProjectsAndTheReadmeImportTheApiAlone() throws IOException {
        Path root = Paths.repositoryRoot();
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root.resolve("properties/src/it"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                sources.add(new Source(root.relativize(file).toString(), Files.readString(file)));
            }
        }
        for (String guide : List.of("README.md", "harness/FENCING.md")) {
            Matcher block = JAVA_BLOCK.matcher(Files.readString(root.resolve(guide)));
            for (int n = 1; block.find(); n++) {
                sources.add(new Source(guide + " java block " + n, block.group(1)));
            }
        }
        assertThat(sources).as("sources read").hasSizeGreaterThan(14);
        assertThat(sources.stream().filter(s -> s.where().startsWith("README.md")))
                .as("README's Java blocks").isNotEmpty()
                .allSatisfy(s -> assertThat(s.text()).contains("import fencecheck.api."));

        List<String> wrong = sources.stream().flatMap(s -> problems(s).stream()).toList();
        assertThat(wrong).as("imports of what is not fencecheck's API").isEmpty();

        Set<String> packages = new TreeSet<>();
        sources.forEach(s -> imported(s.text()).forEach(name -> packages.add(packageOf(name))));
        assertThat(packages).as("the packages an adapter and a test class import").containsExactlyInAnyOrder("fencecheck.api", "fencecheck.kit");
    }

    @Test
    void anImportOfAnInternalTypeIsCaught() {
        Source source = new Source("Adapter.java", """
                import fencecheck.api.Outcome;
                import fencecheck.db.VirtualClock;
                import fencecheck.kit.KitSql;

                class Adapter {
                    long until = fencecheck.run.Situation.values().length;
                }
                """);
        assertThat(problems(source)).containsExactly(
                "Adapter.java imports fencecheck.db.VirtualClock, of the internal package fencecheck.db",
                "Adapter.java imports fencecheck.kit.KitSql, marked @API(status = INTERNAL)",
                "Adapter.java names fencecheck.run.Situation, of the internal package fencecheck.run");
    }

    @Test
    void everyPackageOutsideTheApiIsMarkedInternalAndEveryApiTypeIsMarked() throws Exception {
        Set<String> classes = fencecheckClasses();
        assertThat(classes).as("fencecheck's classes on the class path").hasSizeGreaterThan(150);
        Set<String> packages = new TreeSet<>();
        List<String> unmarked = new ArrayList<>();
        for (String name : classes) {
            Class<?> type = Class.forName(name, false, getClass().getClassLoader());
            String pkg = type.getPackageName();
            packages.add(pkg);
            if (API_PACKAGES.contains(pkg)) {
                if (isPublic(type) && type.getEnclosingClass() == null && type.getAnnotation(API.class) == null) {
                    unmarked.add(name);
                }
            } else {
                API marked = type.getPackage().getAnnotation(API.class);
                if (marked == null || marked.status() != API.Status.INTERNAL) {
                    unmarked.add(pkg);
                }
            }
        }
        assertThat(packages).contains("fencecheck.api", "fencecheck.kit", "fencecheck.run", "fencecheck.model", "fencecheck.report");
        assertThat(new TreeSet<>(unmarked)).as("public API types without @API, internal packages without @API(status = INTERNAL)").isEmpty();
    }

    private record Source(String where, String text) {
    }

    private static List<String> problems(Source source) {
        List<String> problems = new ArrayList<>();
        for (String name : imported(source.text())) {
            String pkg = packageOf(name);
            if (!API_PACKAGES.contains(pkg)) {
                problems.add(source.where() + " imports " + name + ", of the internal package " + pkg);
                continue;
            }
            try {
                Class<?> type = Class.forName(name);
                API marked = type.getAnnotation(API.class);
                if (marked != null && marked.status() == API.Status.INTERNAL) {
                    problems.add(source.where() + " imports " + name + ", marked @API(status = INTERNAL)");
                }
            } catch (ClassNotFoundException e) {
                problems.add(source.where() + " imports " + name + ", which fencecheck does not have");
            }
        }
        String code = source.text().replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
        code = IMPORT.matcher(code).replaceAll("");
        Matcher qualified = QUALIFIED.matcher(code);
        while (qualified.find()) {
            problems.add(source.where() + " names " + qualified.group() + ", of the internal package " + packageOf(qualified.group()));
        }
        return problems;
    }

    /** The fencecheck types a source imports, a nested one by its outer type. */
    private static List<String> imported(String text) {
        List<String> names = new ArrayList<>();
        Matcher m = IMPORT.matcher(text);
        while (m.find()) {
            String name = m.group(1);
            // a static import or a nested type: up to the first segment that starts with a capital
            String[] parts = name.split("\\.");
            StringBuilder type = new StringBuilder(parts[0]);
            for (int i = 1; i < parts.length; i++) {
                type.append('.').append(parts[i]);
                if (Character.isUpperCase(parts[i].charAt(0))) {
                    break;
                }
            }
            names.add(type.toString());
        }
        return names;
    }

    private static String packageOf(String type) {
        return type.substring(0, type.lastIndexOf('.'));
    }

    private static boolean isPublic(Class<?> type) {
        return Modifier.isPublic(type.getModifiers());
    }

    /** Every top-level class under {@code fencecheck/} on the class path, from folders and jars alike. */
    private static Set<String> fencecheckClasses() throws IOException, URISyntaxException {
        Set<String> names = new TreeSet<>();
        for (URL url : Collections.list(PublicApiTest.class.getClassLoader().getResources("fencecheck"))) {
            if (url.getProtocol().equals("file")) {
                Path folder = Path.of(url.toURI());
                Path base = folder.getParent();
                try (Stream<Path> files = Files.walk(folder)) {
                    files.map(f -> base.relativize(f).toString().replace('\\', '/')).filter(PublicApiTest::isTopLevelClass)
                            .forEach(f -> names.add(f.substring(0, f.length() - ".class".length()).replace('/', '.')));
                }
            } else if (url.getProtocol().equals("jar")) {
                JarURLConnection connection = (JarURLConnection) url.openConnection();
                connection.setUseCaches(false); // a copy of its own to close, not the one the class loader reads
                try (JarFile jar = connection.getJarFile()) {
                    jar.stream().map(e -> e.getName()).filter(n -> n.startsWith("fencecheck/")).filter(PublicApiTest::isTopLevelClass)
                            .forEach(n -> names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.')));
                }
            }
        }
        // the classes of this module's tests are not fencecheck's API or internals: they are its tests
        names.removeIf(PublicApiTest::isTestClass);
        return names;
    }

    private static boolean isTopLevelClass(String path) {
        return path.endsWith(".class") && !path.contains("$") && !path.endsWith("package-info.class");
    }

    private static boolean isTestClass(String name) {
        return PublicApiTest.class.getClassLoader().getResource(name.replace('.', '/') + ".class").getPath().contains("/test-classes/");
    }
}
