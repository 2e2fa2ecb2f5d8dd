package fencecheck.properties;

import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyAttributes;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.util.function.Supplier;

/**
 * Registered for every property, applied to fencecheck's own: the tries and the shrinking its properties are
 * meant for, carried by the jar rather than by a {@code junit-platform.properties}, so a project that extends
 * {@link FencecheckSuite} gets them without a file of its own and keeps its own file for its own properties.
 *
 * <p>A property's own attribute ({@code @Property(tries = 80)}) stands; so does a jqwik key the user gave
 * ({@code -Djqwik.tries.default=5000}, or the key in their {@code junit-platform.properties}): jqwik's own
 * default of 1000 tries and shrinking cut after 10 s are what is replaced, nothing the user chose.
 */
public class FencecheckDefaults implements AroundPropertyHook, OnFencecheckProperties {

    /** Tries of a property that names none: the coverage floors of the main properties hold at this many. */
    static final int TRIES = 300;
    static final String TRIES_KEY = "jqwik.tries.default";
    /** A property that fails a try itself is shrunk to the end, so a pinned seed shrinks the same on a loaded machine. */
    static final ShrinkingMode SHRINKING = ShrinkingMode.FULL;
    static final String SHRINKING_KEY = "jqwik.shrinking.default";

    private final Supplier<JqwikSettings> settings;

    public FencecheckDefaults() {
        this(JqwikSettings::ofThisJvm);
    }

    FencecheckDefaults(Supplier<JqwikSettings> settings) {
        this.settings = settings;
    }

    /** Outside every other hook of fencecheck's, so what they read of the attributes is already settled. */
    @Override
    public int aroundPropertyProximity() {
        return -100;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        apply(context.attributes(), settings.get());
        return property.execute();
    }

    static void apply(PropertyAttributes attributes, JqwikSettings settings) {
        if (attributes.tries().isEmpty() && !settings.isGiven(TRIES_KEY)) {
            attributes.setTries(TRIES);
        }
        if (attributes.shrinking().isEmpty() && !settings.isGiven(SHRINKING_KEY)) {
            attributes.setShrinking(SHRINKING);
        }
    }
}
