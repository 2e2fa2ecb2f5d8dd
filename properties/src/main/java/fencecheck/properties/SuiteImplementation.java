package fencecheck.properties;

import fencecheck.api.Fencecheck;
import fencecheck.api.LeaseProtocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The implementation a suite's {@link Fencecheck} names, as the name {@code fencecheck.protocol.Implementations}
 * selects by: a class ({@code implementation}), a SQL pack ({@code pack}, {@code sql:} before it) or a built-in
 * ({@code builtIn}); the deprecated string form ({@code value}) still works, with one line naming the attribute to
 * use instead.
 */
final class SuiteImplementation {

    private static final Set<Class<?>> WARNED = ConcurrentHashMap.newKeySet();

    private SuiteImplementation() {
    }

    /**
     * The name {@code named} gives, or empty when it names none.
     *
     * @throws IllegalArgumentException when it names more than one, in one line that says what to keep
     */
    @SuppressWarnings("removal")
    static String of(Fencecheck named, Class<?> container) {
        List<String> given = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (named.implementation() != LeaseProtocol.class) {
            given.add("implementation = " + named.implementation().getSimpleName() + ".class");
            names.add(named.implementation().getName());
        }
        if (!named.pack().isBlank()) {
            given.add("pack = \"" + named.pack().strip() + "\"");
            names.add("sql:" + named.pack().strip());
        }
        if (!named.builtIn().isBlank()) {
            given.add("builtIn = \"" + named.builtIn().strip() + "\"");
            names.add(named.builtIn().strip());
        }
        if (!named.value().isBlank()) {
            given.add("\"" + named.value().strip() + "\"");
            names.add(named.value().strip());
        }
        if (given.size() > 1) {
            throw new IllegalArgumentException("@Fencecheck of " + container.getName() + " names " + given.size()
                    + " implementations (" + String.join(", ", given) + "): keep one of implementation, pack and builtIn");
        }
        if (!named.value().isBlank() && WARNED.add(container)) {
            System.out.println("fencecheck: @Fencecheck(\"" + named.value().strip() + "\") of " + container.getSimpleName()
                    + " is deprecated: write @Fencecheck(" + replacement(named.value().strip()) + ")");
        }
        return names.isEmpty() ? "" : names.get(0);
    }

    /** The attribute that names what the string form {@code value} names. */
    static String replacement(String value) {
        if (value.startsWith("sql:")) {
            return "pack = \"" + value.substring("sql:".length()) + "\"";
        }
        if (value.contains(".")) {
            return "implementation = " + value.substring(value.lastIndexOf('.') + 1) + ".class";
        }
        return "builtIn = \"" + value + "\"";
    }
}
