package fencecheck.properties;

import net.jqwik.api.lifecycle.LifecycleHook;
import net.jqwik.api.lifecycle.PropagationMode;

import java.lang.reflect.AnnotatedElement;
import java.util.Optional;

/**
 * A hook of fencecheck's, registered for every jqwik run through the service file: it reaches every descendant of a
 * container but applies only to fencecheck's own properties, never to a project's other properties.
 */
interface OnFencecheckProperties extends LifecycleHook {

    @Override
    default PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    default boolean appliesTo(Optional<AnnotatedElement> element) {
        return Harnesses.isFencecheckProperty(element);
    }
}
